// The maximum-weight matching: the optimum against an exhaustive search on thousands of random
// small graphs (sparse and dense, weights with ties, non-positive ones and ones near 2^63), graphs
// that make the algorithm shrink, nest, rotate and expand blossoms, the edges of the input
// (empty, one, parallel, loops, outside the vertices), and determinism.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "amazes/competition/weighted_matching.hpp"
#include "amazes/random.hpp"

namespace amazes::competition {
namespace AMAZES_FILE_NAMESPACE {

using Total = __int128;  // a matching of weights near 2^63 sums past std::int64_t
using Edges = std::vector<WeightedEdge>;

constexpr std::int64_t kTop = std::numeric_limits<std::int64_t>::max();

std::string text(Total value) {
  if (value == 0) return "0";
  const bool negative = value < 0;
  std::string digits;
  for (; value != 0; value /= 10)
    digits.insert(digits.begin(), static_cast<char>('0' + (negative ? -(value % 10) : value % 10)));
  return negative ? "-" + digits : digits;
}

// The heaviest edge between each pair of distinct vertices.
std::map<std::pair<int, int>, std::int64_t> heaviest_edges(const Edges& edges) {
  std::map<std::pair<int, int>, std::int64_t> heaviest;
  for (const WeightedEdge& edge : edges) {
    if (edge.u == edge.v) continue;
    const std::pair key(std::min(edge.u, edge.v), std::max(edge.u, edge.v));
    const auto found = heaviest.find(key);
    if (found == heaviest.end() || found->second < edge.weight) heaviest[key] = edge.weight;
  }
  return heaviest;
}

// The weight of `mate` after checking that it is a matching of the graph (each pair an edge,
// both ways).
Total weight_of(int vertices, const Edges& edges, const std::vector<int>& mate) {
  EXPECT_EQ(static_cast<int>(mate.size()), vertices);
  const auto heaviest = heaviest_edges(edges);
  Total total = 0;
  for (int v = 0; v < static_cast<int>(mate.size()); ++v) {
    const int m = mate[v];
    if (m == -1) continue;
    EXPECT_TRUE(m >= 0 && m < vertices && m != v) << v << " matched to " << m;
    if (m < 0 || m >= vertices || m == v) return -1;
    EXPECT_EQ(mate[m], v) << v << " matched to " << m << " but " << m << " to " << mate[m];
    const auto edge = heaviest.find({std::min(v, m), std::max(v, m)});
    EXPECT_NE(edge, heaviest.end()) << v << " matched to " << m << " without an edge";
    if (edge == heaviest.end()) return -1;
    if (v < m) total += edge->second;
  }
  return total;
}

// The heaviest matching by exhaustive search: best[set] over the subsets of the vertices, the
// lowest vertex of a set unmatched or matched to each neighbour in the set in turn.
Total exhaustive_optimum(int vertices, const Edges& edges) {
  std::vector<std::vector<std::int64_t>> weight(vertices, std::vector<std::int64_t>(vertices, 0));
  for (const auto& [pair, w] : heaviest_edges(edges))
    weight[pair.first][pair.second] = weight[pair.second][pair.first] = w;
  std::vector<Total> best(std::size_t{1} << vertices, 0);
  for (std::size_t set = 1; set < best.size(); ++set) {
    const int lowest = __builtin_ctzll(set);
    const std::size_t rest = set & ~(std::size_t{1} << lowest);
    Total value = best[rest];
    for (int other = lowest + 1; other < vertices; ++other)
      if ((rest >> other & 1) != 0 && weight[lowest][other] > 0)
        value = std::max(value, weight[lowest][other] + best[rest & ~(std::size_t{1} << other)]);
    best[set] = value;
  }
  return best.back();
}

void expect_optimum(int vertices, const Edges& edges, const std::string& what) {
  const Total found = weight_of(vertices, edges, maximum_weight_matching(vertices, edges));
  const Total best = exhaustive_optimum(vertices, edges);
  EXPECT_EQ(text(found), text(best)) << what;
}

std::int64_t random_weight(Rng& rng, int kind) {
  switch (kind) {
    case 0: return 1 + rng.below(3);                  // many ties
    case 1: return 1 + rng.below(1000);               // few ties
    case 2: return rng.below(2001) - 1000;            // a third or so not positive
    case 3: return kTop - rng.below(4);               // at the top of std::int64_t
    default: return kTop / 2 - rng.below(1'000'000);  // the Swiss pairing's: big − cost, big < 2^63 / 2
  }
}

Edges random_graph(Rng& rng, int vertices, double density, int weights) {
  Edges edges;
  for (int a = 0; a < vertices; ++a)
    for (int b = a + 1; b < vertices; ++b)
      if (rng.unit() < density)
        edges.push_back(rng.below(2) == 0 ? WeightedEdge{a, b, random_weight(rng, weights)}
                                          : WeightedEdge{b, a, random_weight(rng, weights)});
  for (int k = static_cast<int>(edges.size()) - 1; k > 0; --k) std::swap(edges[k], edges[rng.below(k + 1)]);
  return edges;
}

// ---- against the exhaustive search ------------------------------------------------------------

TEST(WeightedMatching, OptimumEqualsExhaustiveSearchOnRandomSmallGraphs) {
  Rng rng(2024);
  for (int trial = 0; trial < 6000; ++trial) {
    const int vertices = rng.below(13);
    const double density = trial % 2 == 0 ? 0.1 + 0.3 * rng.unit() : 0.5 + 0.5 * rng.unit();  // sparse, dense
    const Edges edges = random_graph(rng, vertices, density, rng.below(5));
    expect_optimum(vertices, edges, "trial " + std::to_string(trial));
    if (HasFailure()) return;
  }
}

TEST(WeightedMatching, OptimumEqualsExhaustiveSearchWithParallelEdgesAndLoops) {
  Rng rng(99);
  for (int trial = 0; trial < 1500; ++trial) {
    const int vertices = 1 + rng.below(10);
    Edges edges = random_graph(rng, vertices, 0.6, rng.below(5));
    const int extra = rng.below(6);
    for (int k = 0; k < extra; ++k) {
      const int a = rng.below(vertices);
      const int b = rng.below(vertices);
      edges.push_back({a, b, random_weight(rng, 1)});
    }
    expect_optimum(vertices, edges, "trial " + std::to_string(trial));
    if (HasFailure()) return;
  }
}

// ---- graphs for each step of the algorithm ------------------------------------------------------
// Each was found by a search of random graphs for the smallest one that makes this implementation
// take the step named (counted by an instrumented copy): small enough to follow by hand.

TEST(WeightedMatching, OddCycleShrunkAndAugmentedThrough) {
  // Triangle 0-1-2 and a pendant 2-3: the triangle becomes a blossom, the path 3-2 enters it.
  const Edges triangle{{0, 1, 5}, {1, 2, 5}, {0, 2, 5}, {2, 3, 3}};
  EXPECT_EQ(maximum_weight_matching(4, triangle), (std::vector<int>{1, 0, 3, 2}));
  // A five-cycle with a pendant: two pairs of the cycle and the pendant, 21.
  const Edges pentagon{{0, 1, 10}, {1, 2, 10}, {2, 3, 10}, {3, 4, 10}, {4, 0, 10}, {4, 5, 1}};
  EXPECT_EQ(text(weight_of(6, pentagon, maximum_weight_matching(6, pentagon))), "21");
  expect_optimum(6, pentagon, "pentagon");
}

TEST(WeightedMatching, TBlossomExpandedWhenItsDualReachesZero) {
  // δ4: a blossom labelled T loses its dual and is expanded, entered at an odd child (the even
  // path runs forwards) ...
  expect_optimum(5, {{0, 2, 7}, {0, 4, 9}, {1, 4, 7}, {2, 3, 5}, {2, 4, 9}}, "forwards");
  // ... and at an even one (backwards).
  expect_optimum(5, {{0, 1, 10}, {0, 3, 6}, {0, 4, 12}, {1, 2, 6}, {1, 4, 11}}, "backwards");
  // A T-blossom with a blossom inside it, expanded.
  expect_optimum(7, {{0, 1, 3}, {0, 3, 10}, {0, 5, 10}, {1, 2, 8}, {1, 6, 2}, {2, 3, 8}, {3, 4, 2}, {3, 5, 10}},
                 "nested T-blossom");
}

TEST(WeightedMatching, NestedBlossomsShrunkRotatedAndDissolved) {
  // A blossom shrunk with a blossom among its children.
  expect_optimum(5, {{0, 1, 9}, {0, 2, 12}, {1, 2, 11}, {1, 3, 4}, {1, 4, 11}, {3, 4, 12}}, "nested");
  // An augmenting path through a blossom whose entered child is a blossom (rotated inside).
  expect_optimum(6, {{0, 2, 11}, {0, 3, 8}, {0, 4, 8}, {0, 5, 12}, {1, 2, 3}, {2, 5, 11}, {3, 4, 7}}, "rotated");
  // After an augmentation, nested blossoms with z = 0 dissolved level by level.
  expect_optimum(6, {{0, 2, 12}, {0, 3, 9}, {0, 4, 5}, {1, 5, 2}, {2, 5, 9}, {3, 4, 6}, {3, 5, 6}}, "dissolved");
}

// ---- the input ----------------------------------------------------------------------------------

TEST(WeightedMatching, EmptyGraphsMatchNobody) {
  EXPECT_TRUE(maximum_weight_matching(0, {}).empty());
  EXPECT_EQ(maximum_weight_matching(3, {}), (std::vector<int>{-1, -1, -1}));
}

TEST(WeightedMatching, SingleEdgeIsMatched) {
  EXPECT_EQ(maximum_weight_matching(2, {{1, 0, 7}}), (std::vector<int>{1, 0}));
  EXPECT_EQ(maximum_weight_matching(2, {{0, 1, kTop}}), (std::vector<int>{1, 0}));
}

TEST(WeightedMatching, WeightNotCardinalityIsMaximised) {
  // Path 0-1-2-3: the middle edge alone (3) outweighs both outer ones (2).
  EXPECT_EQ(maximum_weight_matching(4, {{0, 1, 1}, {1, 2, 3}, {2, 3, 1}}), (std::vector<int>{-1, 2, 1, -1}));
  // Near the top of std::int64_t the sums are exact: two edges of 2^62 beat one of 2^63 - 1.
  const std::int64_t half = std::int64_t{1} << 62;
  EXPECT_EQ(maximum_weight_matching(4, {{0, 1, half}, {1, 2, kTop}, {2, 3, half}}), (std::vector<int>{1, 0, 3, 2}));
  EXPECT_EQ(maximum_weight_matching(4, {{0, 1, half - 2}, {1, 2, kTop}, {2, 3, half}}),
            (std::vector<int>{-1, 2, 1, -1}));
}

TEST(WeightedMatching, EdgesThatCannotAddWeightAreNeverTaken) {
  EXPECT_EQ(maximum_weight_matching(2, {{0, 1, 0}}), (std::vector<int>{-1, -1}));
  EXPECT_EQ(maximum_weight_matching(2, {{0, 1, -5}}), (std::vector<int>{-1, -1}));
  EXPECT_EQ(maximum_weight_matching(2, {{0, 0, 9}, {1, 1, 9}}), (std::vector<int>{-1, -1}));
}

TEST(WeightedMatching, DisconnectedPartsAreMatchedEachOnItsOwn) {
  Rng rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    const int left = 1 + rng.below(6);
    const int right = 1 + rng.below(6);
    const Edges first = random_graph(rng, left, 0.7, rng.below(5));
    const Edges second = random_graph(rng, right, 0.7, rng.below(5));
    Edges both = first;
    for (const WeightedEdge& edge : second) both.push_back({edge.u + left, edge.v + left, edge.weight});
    const std::vector<int> together = maximum_weight_matching(left + right, both);
    EXPECT_EQ(text(weight_of(left + right, both, together)),
              text(weight_of(left, first, maximum_weight_matching(left, first)) +
                   weight_of(right, second, maximum_weight_matching(right, second))))
        << "trial " << trial;
    for (int v = 0; v < left; ++v) EXPECT_LT(together[v], left);
  }
}

TEST(WeightedMatching, RejectsEndpointsOutsideTheVerticesInOneLine) {
  EXPECT_THROW(maximum_weight_matching(-1, {}), std::invalid_argument);
  for (const WeightedEdge& edge : {WeightedEdge{0, 3, 1}, WeightedEdge{-1, 0, 1}}) {
    try {
      maximum_weight_matching(3, {edge});
      FAIL() << "no error";
    } catch (const std::invalid_argument& error) {
      EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos);
    }
  }
}

// ---- larger graphs and determinism --------------------------------------------------------------

TEST(WeightedMatching, SameWeightWhateverTheOrderOfVerticesAndEdges) {
  Rng rng(31);
  for (int trial = 0; trial < 20; ++trial) {
    const int vertices = 100 + rng.below(300);
    const Edges edges = random_graph(rng, vertices, 3.0 / vertices + rng.unit() * 0.2, rng.below(5));
    std::vector<int> relabel(vertices);
    std::iota(relabel.begin(), relabel.end(), 0);
    for (int k = vertices - 1; k > 0; --k) std::swap(relabel[k], relabel[rng.below(k + 1)]);
    Edges shuffled;
    for (const WeightedEdge& edge : edges) shuffled.push_back({relabel[edge.v], relabel[edge.u], edge.weight});
    std::reverse(shuffled.begin(), shuffled.end());
    EXPECT_EQ(text(weight_of(vertices, edges, maximum_weight_matching(vertices, edges))),
              text(weight_of(vertices, shuffled, maximum_weight_matching(vertices, shuffled))))
        << "trial " << trial;
  }
}

TEST(WeightedMatching, SameInputSameMatching) {
  Rng rng(5);
  for (int trial = 0; trial < 50; ++trial) {
    const int vertices = 2 + rng.below(200);
    const Edges edges = random_graph(rng, vertices, 0.1 * rng.unit() + 2.0 / vertices, 0);  // ties: many optima
    EXPECT_EQ(maximum_weight_matching(vertices, edges), maximum_weight_matching(vertices, edges)) << "trial " << trial;
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::competition
