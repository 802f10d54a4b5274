#pragma once
// The rule of an adaptive stage, which spends its games where the order of the top K is least
// sure (docs/performance.md "Ranking the top with the fewest games" has the measurement). Pure:
// no I/O, no clocks.
//
// After each round: fit the ratings on every pairing so far (rank_certainty.hpp), order the field
// by rating, and ask whether each of the first K is surely ahead of the next (the standings'
// `sure_ahead`: Holm over the whole table at 95 %). When all K are, the top is settled. Otherwise
// the next round pairs only the contenders — by rating, the first K + 1 and down to the last
// player whose rank interval reaches into the top K — each with its nearest rated neighbour among them:
// first the unsure neighbouring pairs of the rating order (the least sure first), then the
// contenders left, each with the nearest one left by rating.
#include <cstdint>
#include <utility>
#include <vector>

#include "amazes/competition/rank_certainty.hpp"

namespace amazes::competition {

struct AdaptiveRound {
  std::vector<int> order;                  // the field by rating, best first
  int settled_places = 0;                  // places 1..settled_places are each surely ahead of the next
  bool settled = false;                    // every place 1..K is
  std::vector<int> contenders;             // by rating, best first
  std::vector<std::pair<int, int>> pairs;  // the next round's pairings (none when settled)
};

// `top`: K, from 1; `players` at least 2. Throws std::invalid_argument otherwise, and for the
// outcomes rank_certainty refuses.
AdaptiveRound next_adaptive_round(int players, const std::vector<PairingOutcome>& outcomes, int top,
                                  std::uint64_t seed);

}  // namespace amazes::competition
