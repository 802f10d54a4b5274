// The adaptive final's rounds: decided one at a time by the adaptive rule, within the budget.
#include "formats/adaptive_final.hpp"

#include <algorithm>

#include "amazes/competition/adaptive_rule.hpp"
#include "amazes/competition/pairing_outcomes.hpp"
#include "amazes/competition/player_policy.hpp"

namespace amazes::competition {
namespace {

// Games the competition may still play.
int games_left(const Competition& competition, const PairingState& state) {
  return std::max(0, competition.stages.max_games - static_cast<int>(state.rows.size()));
}

}  // namespace

std::vector<int> AdaptiveFinalStage::rounds(const PairingState& state) const {
  std::vector<int> rounds;
  const int decided = adaptive_rounds_decided(state);
  for (int f = 1; f <= decided; ++f) rounds.push_back(final_round(f));
  if (state.final_end.empty()) rounds.push_back(final_round(decided + 1));
  return rounds;
}

std::optional<RoundPairings> AdaptiveFinalStage::pairings(const PairingState& state, int round) const {
  return stored_pairings(state, round);
}

int AdaptiveFinalStage::planned_games(int /*round*/) const {
  const int contenders = std::min(competition_.stages.decide_top + 1, static_cast<int>(competition_.players.size()));
  return 2 * (contenders / 2);
}

int AdaptiveFinalStage::games(const PairingState& state, int round) const {
  if (const auto decided = pairings(state, round)) return 2 * static_cast<int>(decided->pairs.size());
  if (!state.final_end.empty()) return 0;
  return std::min(planned_games(round), 2 * (games_left(competition_, state) / 2));
}

int AdaptiveFinalStage::round_before(int round) const {
  return round == final_round(1) ? competition_.rounds : round - 1;
}

std::optional<RoundDecision> AdaptiveFinalStage::decide(const PairingState& state, int round) const {
  const auto names = player_names(competition_.players);
  const auto fitted =
      next_adaptive_round(static_cast<int>(names.size()), pairing_outcomes(names, state.rows, competition_.ranking),
                          competition_.stages.decide_top, competition_.seed);
  RoundDecision decision{round, {}, {}, {}};
  if (fitted.settled) {
    decision.end = kFinalSettled;
    return decision;
  }
  // The least sure pairings first, as many as the games left allow; none with an excluded or
  // withdrawn player (player_policy.hpp), who would only forfeit.
  const auto absent = absent_players(competition_.policy, names, state.rows, round);
  const auto room = static_cast<std::size_t>(games_left(competition_, state) / 2);
  for (const auto& [a, b] : fitted.pairs) {
    const auto& first = names[static_cast<std::size_t>(a)];
    const auto& second = names[static_cast<std::size_t>(b)];
    if (decision.swiss.size() == room) break;
    if (absent.count(first) == 0 && absent.count(second) == 0) decision.swiss.push_back({round, first, second});
  }
  if (decision.swiss.empty()) decision.end = room == 0 ? kFinalMaxGames : kFinalNoPairing;
  return decision;
}

}  // namespace amazes::competition
