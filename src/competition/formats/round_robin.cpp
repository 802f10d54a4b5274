// The round robin's rounds: every pair of the players, each round.
#include "formats/round_robin.hpp"

namespace amazes::competition {

std::vector<int> first_stage_rounds(const Competition& competition) {
  std::vector<int> rounds;
  for (int round = 1; round <= competition.rounds; ++round) rounds.push_back(round);
  return rounds;
}

std::vector<int> RoundRobinStage::rounds(const PairingState& /*state*/) const {
  return first_stage_rounds(competition_);
}

std::optional<RoundPairings> RoundRobinStage::pairings(const PairingState& /*state*/, int round) const {
  return RoundPairings{round, every_pair(player_names(competition_.players)), {}};
}

int RoundRobinStage::planned_games(int /*round*/) const {
  const auto n = static_cast<int>(competition_.players.size());
  return n * (n - 1);
}

}  // namespace amazes::competition
