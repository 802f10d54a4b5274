#pragma once
// The round robin: every pair of the players in every round, both colours, known from the start.
#include "formats/stage.hpp"

namespace amazes::competition {

class RoundRobinStage final : public Stage {
 public:
  explicit RoundRobinStage(const Competition& competition) : Stage(competition) {}
  std::vector<int> rounds(const PairingState& state) const override;
  bool owns(int round) const override { return !is_final_round(round); }
  std::optional<RoundPairings> pairings(const PairingState& state, int round) const override;
  int planned_games(int round) const override;  // n(n-1)
  bool waits_for_results() const override { return false; }
};

// Rounds 1..competition.rounds: a first stage's.
std::vector<int> first_stage_rounds(const Competition& competition);

}  // namespace amazes::competition
