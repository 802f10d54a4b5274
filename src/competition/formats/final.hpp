#pragma once
// The final: a round robin of the first stage's top K (the finalists), decided and stored once
// the first stage is complete.
#include "formats/stage.hpp"

namespace amazes::competition {

class FinalStage final : public Stage {
 public:
  explicit FinalStage(const Competition& competition) : Stage(competition) {}
  std::vector<int> rounds(const PairingState& state) const override;  // final_round(1..final_rounds)
  bool owns(int round) const override { return is_final_round(round); }
  // Every pair of the stored finalists.
  std::optional<RoundPairings> pairings(const PairingState& state, int round) const override;
  int planned_games(int round) const override;  // K(K-1), K = min(n, final_top)
  bool waits_for_results() const override { return competition_.stages.final_top > 0; }
  // The final's first round waits for the first stage's last.
  int round_before(int round) const override;
  // The finalists, decided with the first round: the top K of the first stage's standings.
  std::optional<RoundDecision> decide(const PairingState& state, int round) const override;
};

}  // namespace amazes::competition
