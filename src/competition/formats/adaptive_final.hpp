#pragma once
// The adaptive final: after the first stage, each round pairs the players whose places among the
// first K could still change (adaptive_rule.hpp), until every place 1..K is surely ahead of the
// next at the standings' own level, or the competition would pass its most games. Its rounds are
// the final's numbers; each is decided once the round before is complete and its pairings are
// stored like a Swiss round's, so a resumed run, a worker and a report see the same ones; the end
// is stored too (pairing.hpp, kFinalEndKey).
#include "formats/stage.hpp"

namespace amazes::competition {

class AdaptiveFinalStage final : public Stage {
 public:
  explicit AdaptiveFinalStage(const Competition& competition) : Stage(competition) {}
  // The rounds decided so far, then the next one until the stage has ended.
  std::vector<int> rounds(const PairingState& state) const override;
  bool owns(int round) const override { return is_final_round(round); }
  std::optional<RoundPairings> pairings(const PairingState& state, int round) const override;
  // A round still to be decided counts as pairing the first K + 1 (at most): only the decision
  // knows.
  int planned_games(int round) const override;
  int games(const PairingState& state, int round) const override;
  bool waits_for_results() const override { return true; }
  // The first round waits for the first stage's last.
  int round_before(int round) const override;
  // The round's pairings from every game so far, or the stage's end.
  std::optional<RoundDecision> decide(const PairingState& state, int round) const override;
};

}  // namespace amazes::competition
