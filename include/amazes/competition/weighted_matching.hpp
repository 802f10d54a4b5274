#pragma once
// A maximum-weight matching of a general graph: Edmonds' blossom algorithm in its primal-dual
// form, O(n³) (Galil, "Efficient algorithms for finding maximum matching in graphs", ACM
// Computing Surveys 18(1), 1986). Ours because the one of Debian 12's Boost 1.74
// (maximum_weighted_matching) returns wrong matchings, fails assertions, crashes and hangs on
// graphs of a dozen vertices, and Boost's rewrite (1.88) is not in Debian 12. LEMON 1.3.1's
// MaxWeightedMatching (Debian 12's liblemon-dev), tried in its place, finds the optimum on every
// test here, but pairs a late Swiss round of 2,000 players about 3 times slower, takes 3 times as
// long on dense graphs, and its graph maps do not compile as C++20 (docs/performance.md).
//
// Exact: integer weights, integer duals (weighted_matching.cpp says how), any std::int64_t weight.
// Pure and deterministic: the same vertices and edges in the same order give the same matching.
#include <cstdint>
#include <vector>

namespace amazes::competition {

struct WeightedEdge {
  int u = 0;
  int v = 0;
  std::int64_t weight = 0;
};

// mate[v]: the vertex matched to v, or -1. The matching maximises the total weight, not the number
// of pairs: a caller that wants everybody paired makes each weight larger than what one pair fewer
// could gain. Edges of weight ≤ 0 are never taken (they cannot add weight); loops (u == v) are
// ignored; of parallel edges the heaviest counts. std::invalid_argument (one line) for a negative
// vertex count or an endpoint outside [0, vertices).
std::vector<int> maximum_weight_matching(int vertices, const std::vector<WeightedEdge>& edges);

}  // namespace amazes::competition
