#pragma once
// The Swiss stage: players of equal or nearest standing after the rounds before meet
// (swiss_pairing.hpp). A round is decided once the round before is complete, and its pairings
// are stored, so a resumed run, a worker and a report all see the same ones.
#include "formats/stage.hpp"

namespace amazes::competition {

class SwissStage final : public Stage {
 public:
  explicit SwissStage(const Competition& competition) : Stage(competition) {}
  std::vector<int> rounds(const PairingState& state) const override;
  bool owns(int round) const override { return !is_final_round(round); }
  // The stored pairings of the round.
  std::optional<RoundPairings> pairings(const PairingState& state, int round) const override;
  int planned_games(int round) const override;  // 2 floor(n/2)
  // A decided round counts its pairings; a round to come, the players playing now
  // (player_policy.hpp).
  int games(const PairingState& state, int round) const override;
  bool waits_for_results() const override { return true; }
  // The round's pairings after the standings of the rounds before it.
  std::optional<RoundDecision> decide(const PairingState& state, int round) const override;
};

}  // namespace amazes::competition
