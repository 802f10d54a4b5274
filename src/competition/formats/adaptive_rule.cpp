// The adaptive stage's rule (include/amazes/competition/adaptive_rule.hpp).
#include "amazes/competition/adaptive_rule.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>

#include <fmt/format.h>

namespace amazes::competition {
AdaptiveRound next_adaptive_round(int players, const std::vector<PairingOutcome>& outcomes, int top,
                                  std::uint64_t seed) {
  if (players < 2 || top < 1) {
    throw std::invalid_argument(fmt::format("adaptive round: {} players, top {}", players, top));
  }
  const int k = std::min(top, players - 1);
  const RankCertainty certainty = rank_certainty_by_rating(players, outcomes, seed);
  const std::vector<int>& order = certainty.order;

  AdaptiveRound round;
  round.order = order;
  while (round.settled_places < k && certainty.separated[static_cast<std::size_t>(round.settled_places)]) {
    ++round.settled_places;
  }
  round.settled = round.settled_places == k;
  if (round.settled) return round;

  // Contenders: the first K + 1 by rating, and down to the last player whose rank interval
  // reaches place K (with everyone rated between).
  std::size_t last = static_cast<std::size_t>(k);
  for (std::size_t place = 0; place < order.size(); ++place) {
    if (certainty.players[order[place]].best_rank <= k) last = std::max(last, place);
  }
  round.contenders.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(last) + 1);
  std::vector<bool> paired(static_cast<std::size_t>(players), false);
  // The unsure neighbouring pairs among the contenders, least sure (smallest z) first.
  std::vector<std::size_t> boundaries;
  for (std::size_t place = 0; place + 1 < round.contenders.size(); ++place) {
    if (!certainty.separated[place]) boundaries.push_back(place);
  }
  std::stable_sort(boundaries.begin(), boundaries.end(),
                   [&](std::size_t a, std::size_t b) { return certainty.separation_z[a] < certainty.separation_z[b]; });
  for (const std::size_t place : boundaries) {
    const int a = order[place], b = order[place + 1];
    if (paired[a] || paired[b]) continue;
    round.pairs.emplace_back(a, b);
    paired[a] = paired[b] = true;
  }
  // The contenders left, each with the nearest one left by rating, from the top.
  for (std::size_t i = 0; i < round.contenders.size(); ++i) {
    const int a = round.contenders[i];
    if (paired[a]) continue;
    int nearest = -1;
    for (std::size_t j = 0; j < round.contenders.size(); ++j) {
      const int b = round.contenders[j];
      if (b == a || paired[b]) continue;
      const double gap = std::abs(certainty.players[a].rating - certainty.players[b].rating);
      if (nearest < 0 || gap < std::abs(certainty.players[a].rating - certainty.players[nearest].rating)) nearest = b;
    }
    if (nearest < 0) break;
    round.pairs.emplace_back(a, nearest);
    paired[a] = paired[nearest] = true;
  }
  return round;
}

}  // namespace amazes::competition
