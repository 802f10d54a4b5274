// The final's rounds: every pair of the finalists, chosen once the first stage is complete.
#include "formats/final.hpp"

#include <algorithm>

#include "amazes/competition/standings.hpp"

namespace amazes::competition {

std::vector<int> FinalStage::rounds(const PairingState& /*state*/) const {
  std::vector<int> rounds;
  if (competition_.stages.final_top == 0) return rounds;
  for (int f = 1; f <= competition_.stages.final_rounds; ++f) rounds.push_back(final_round(f));
  return rounds;
}

std::optional<RoundPairings> FinalStage::pairings(const PairingState& state, int round) const {
  if (state.finalists.empty()) return std::nullopt;
  return RoundPairings{round, every_pair(state.finalists), {}};
}

int FinalStage::round_before(int round) const { return round == final_round(1) ? competition_.rounds : round - 1; }

std::optional<RoundDecision> FinalStage::decide(const PairingState& state, int round) const {
  if (round != final_round(1)) return std::nullopt;
  RoundDecision decision{round, {}, {}};
  const Standings standings = stage_standings(competition_, state, competition_.rounds);
  // A tie at the cut goes by the standings' order: the tie-breaks, then the name. An excluded or
  // withdrawn player (player_policy.hpp) does not go on: the next one in the table does.
  const auto top = static_cast<std::size_t>(competition_.stages.final_top);
  for (const auto& entry : standings.table) {
    if (decision.finalists.size() < top && entry.absence.empty()) decision.finalists.push_back(entry.player);
  }
  return decision;
}

int FinalStage::planned_games(int /*round*/) const {
  const int k = std::min(static_cast<int>(competition_.players.size()), competition_.stages.final_top);
  return k * (k - 1);
}

}  // namespace amazes::competition
