#pragma once
// One round of a Swiss system, paired as a whole: a minimum-cost perfect matching (Edmonds'
// blossom algorithm, weighted_matching.hpp) instead of a greedy pass down the standing, which
// can paint itself into a corner: the last two players have met and a repeat follows that
// another order of the pairs above would have avoided.
//
// The rules, in priority order:
// 1. Bye. An odd field leaves one player without an opponent: the lowest-ranked player who has
//    not had a bye in this stage (if everybody has had one, the lowest-ranked player). Only when
//    leaving that player out makes a repeat unavoidable does the bye go up the order, to the
//    lowest-ranked of the same candidates whose absence allows the fewest repeats.
// 2. Everybody else is paired.
// 3. Fewest repeats: no two players meet again while a pairing without repeats exists; when
//    repeats are unavoidable, the fewest, and among those the pairs that met the fewest times.
// 4. Nearest standing: the least sum of squared score-group distances, then the least sum of
//    squared rank distances. So a score group pairs 1–2, 3–4, …; an odd group floats its lowest
//    player to the top of the next group; the leaders meet each other while they can; and two
//    floats of one group each are preferred to one float across two groups.
// Each rule strictly dominates the ones after it, and the round is the optimum over all pairs
// (a sparse graph first, and a bound that proves what it may leave out: swiss_pairing.cpp).
// Pairings that tie on all four rules are told apart by the algorithm alone, which is
// deterministic: the same input gives the same round.
//
// Pure: no I/O, clocks or threads.
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

namespace amazes::competition {

struct SwissRoundInput {
  // The players in standing order, best first (points, then the tie-breaks): player indices.
  std::vector<int> order;
  // group[k]: the score group of order[k]: 0 for the leaders, 1 for the next distinct total, ...
  // (non-decreasing along order; players with equal points share a group).
  std::vector<int> group;
  // Pairs that met already in this stage (unordered: store as (min, max)); counted: met twice = 2.
  std::map<std::pair<int, int>, int> met;
  // Players that had a bye already in this stage.
  std::set<int> had_bye;
};

struct SwissRound {
  std::vector<std::pair<int, int>> pairings;  // (higher-ranked, lower-ranked), in standing order of the first
  std::optional<int> bye;                     // an odd field: the player without an opponent
  int repeats = 0;                            // pairings of players who met before (0 whenever avoidable)
};

// An input that is not a standing (sizes differ, a player twice, groups not counting up from 0
// in steps of 1, a met pair not as (min, max) or counted below 1), or a field too large for exact
// weights (beyond about 2,000 players each in a score group of their own: swiss_pairing.cpp);
// what() is one line.
class SwissPairingError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

SwissRound pair_swiss_round(const SwissRoundInput& input);

// The same round by the matching on the complete graph of every pair, without the sparse graph
// and its bound: slower (O(n³) on n²/2 pairs), the reference of the tests and the benchmark.
// Rounds that tie on all four rules may differ from pair_swiss_round's.
SwissRound pair_swiss_round_on_complete_graph(const SwissRoundInput& input);

}  // namespace amazes::competition
