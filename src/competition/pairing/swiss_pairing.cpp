// Swiss pairing as a minimum-cost perfect matching.
//
// The cost of a pair (i, j), i ranked above j, puts the four rules of swiss_pairing.hpp on one
// integer scale, each unit above everything the rules below it can add up to in a whole round:
//   cost = repeat·[met > 0] + times·met + group·(group distance)² + (rank distance)²
// and the matching maximises Σ (big − cost), big above the cost of the best round, so the
// heaviest matching pairs everybody (one pair fewer loses more than big) at the least cost.
//
// The units, for a field of m players (m even) with ranks r and groups g by standing. Over any
// round Σ d² ≤ max d · Σ d, and Σ d ≤ (sum of the upper half) − (sum of the lower half), so
//   rank bound   R = (r_last − r_first) · (Σ upper ranks − Σ lower ranks)    (≤ 2.0e9 at m = 2,000)
//   group bound  Q = (g_last − g_first) · (Σ upper groups − Σ lower groups)
//   group unit   = R + 1
//   times unit   = group·Q + R + 1
//   repeat unit  = times·(r*·most met + 1)    r*: the fewest repeats possible (a cardinality matching)
//   big          = repeat·(r* + 1)
// A best round has r* repeats, met at most r*·(most met) times in all, so each unit exceeds what
// the rules below it can add in that round, and big exceeds its whole cost. A pair that would
// cost big or more cannot be in a best round and is left out, so every weight big − cost lies in
// [1, big]. The matching takes any std::int64_t weight exactly; this file's own arithmetic
// doubles costs (the bound below), so big must stay below 2^63 / 2 ≈ 4.6e18: at 2,000 players
// without unavoidable repeats big ≈ 2.0e9 · Q, which holds for any score groups (Q ≤ 2.0e9 even
// with a group per player); beyond that the round is refused (SwissPairingError), never rounded.
// Integer weights need no other care (no evenness): the matching doubles them itself.
//
// Speed. The matching is O(V³); on the complete graph of 2,000 players it takes about a second.
// So it first runs on a sparse graph: each player with the kNearest players below who have not
// met them. Then a lower bound tells which pairs left out could still be in a round as cheap as the
// one found: vertex duals y(x) = ½ min over x's pairs of c'(pair), plus one group unit for each
// odd cut between score groups (the best players down to a group's end, an odd number: some pair
// must cross it), with c' a pair's cost less one group unit per odd cut it crosses. A round
// containing pair e = (u, v) costs at least
//   c'(e) − y(u) − y(v) + Σ y + group·(odd cuts),
// so only the pairs where that is at most the cost of the round found can be in a better one.
// When the sparse graph holds all of them its round is optimal; otherwise the matching runs again
// on exactly those pairs. Either way the result is the optimum over all pairs.
//
// The weighted matching is our own (weighted_matching.hpp): the one of Debian 12's Boost 1.74,
// maximum_weighted_matching, returns wrong matchings, fails assertions, crashes and loops forever
// on some graphs of a dozen vertices, rounds of this file among them. Boost's cardinality
// matching (edmonds_maximum_cardinality_matching) agrees with an exhaustive search and stays.
#include "amazes/competition/swiss_pairing.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/max_cardinality_matching.hpp>

#include "amazes/competition/weighted_matching.hpp"

namespace amazes::competition {
namespace {

using Cost = std::int64_t;

// Costs are doubled in pairs_within (the top of this file).
constexpr Cost kMaxWeight = std::numeric_limits<Cost>::max() / 2;
constexpr Cost kUnbounded = std::numeric_limits<Cost>::max();
// Opponents per player in the sparse graph: enough for a score group's neighbours and its
// floaters; the bound above decides whether more are needed.
constexpr int kNearest = 6;

// Saturating arithmetic on non-negative costs: a sum past the scale is simply too expensive.
Cost saturated_add(Cost a, Cost b) {
  Cost sum = 0;
  return __builtin_add_overflow(a, b, &sum) ? kUnbounded : sum;
}
Cost saturated_mul(Cost a, Cost b) {
  Cost product = 0;
  return __builtin_mul_overflow(a, b, &product) ? kUnbounded : product;
}

// The players to pair (the standing less the bye): index i is the i-th best of them.
struct Field {
  std::vector<int> player;
  std::vector<int> rank;                              // position in the standing
  std::vector<int> group;                             // score group
  std::vector<std::vector<std::pair<int, int>>> met;  // met[i]: (j, times) for every j that i met
  int most_met = 0;

  int size() const { return static_cast<int>(player.size()); }
  int times_met(int i, int j) const {
    for (const auto& [other, times] : met[i])
      if (other == j) return times;
    return 0;
  }
};

// The times each player met player i, spread over a row for loops that visit all of i's pairs.
class MetRow {
 public:
  explicit MetRow(const Field& field) : field_(field), times_(field.size(), 0) {}
  void load(int i) {
    if (loaded_ >= 0)
      for (const auto& [j, times] : field_.met[loaded_]) times_[j] = 0;
    for (const auto& [j, times] : field_.met[i]) times_[j] = times;
    loaded_ = i;
  }
  int operator[](int j) const { return times_[j]; }

 private:
  const Field& field_;
  std::vector<int> times_;
  int loaded_ = -1;
};

struct Scales {
  Cost group = 0;  // the unit of the rank rule is 1
  Cost times = 0;
  Cost repeat = 0;
  Cost big = 0;
  int odd_cuts = 0;
  std::vector<int> odd_cuts_before;  // odd_cuts_before[i]: odd cuts between players 0 and i
};

struct Pair {
  int upper = 0;  // field indices, upper < lower
  int lower = 0;
  Cost cost = 0;
  friend bool operator<(const Pair& a, const Pair& b) {
    return std::pair(a.upper, a.lower) < std::pair(b.upper, b.lower);
  }
};

using Mates = std::vector<int>;  // mate[i]: i's opponent, or -1

// ---- the scales ----------------------------------------------------------------------------

// A unit of the scales, or the refusal of a field too large for exact weights.
Cost checked(Cost value, const Field& field) {
  if (value >= kMaxWeight) {
    const int groups = field.group.back() - field.group.front() + 1;
    throw SwissPairingError("Swiss pairing: " + std::to_string(field.size()) + " players in " + std::to_string(groups) +
                            " score groups are too many for exact integer weights");
  }
  return value;
}

// (last − first) · (Σ upper half − Σ lower half) of non-decreasing values: a bound on Σ d² over
// any perfect matching of them (the top of this file).
Cost spread_bound(const std::vector<int>& values) {
  if (values.empty()) return 0;
  const std::size_t half = values.size() / 2;
  Cost lower = 0;
  Cost upper = 0;
  for (std::size_t k = 0; k < half; ++k) {
    lower += values[k];
    upper += values[half + k];
  }
  return saturated_mul(values.back() - values.front(), upper - lower);
}

// A set of the best players that is of odd size and ends with a score group: some pair leaves it.
void count_odd_cuts(const Field& field, Scales& scales) {
  scales.odd_cuts_before.assign(field.size() + 1, 0);
  for (int i = 0; i < field.size(); ++i) {
    const bool odd_cut = i + 1 < field.size() && field.group[i] < field.group[i + 1] && (i + 1) % 2 == 1;
    scales.odd_cuts_before[i + 1] = scales.odd_cuts_before[i] + (odd_cut ? 1 : 0);
  }
  scales.odd_cuts = scales.odd_cuts_before.back();
}

Scales scales_for(const Field& field, int fewest_repeats) {
  Scales scales;
  const Cost rank_bound = checked(spread_bound(field.rank), field);
  const Cost group_bound = checked(spread_bound(field.group), field);
  scales.group = checked(rank_bound + 1, field);
  scales.times = checked(saturated_add(saturated_mul(scales.group, group_bound), rank_bound + 1), field);
  const Cost times_bound = static_cast<Cost>(fewest_repeats) * field.most_met;
  scales.repeat = checked(saturated_mul(scales.times, times_bound + 1), field);
  scales.big = checked(saturated_mul(scales.repeat, fewest_repeats + 1), field);
  count_odd_cuts(field, scales);
  return scales;
}

// The pair's cost, or kUnbounded when it cannot be in a best round.
Cost pair_cost(const Field& field, const Scales& scales, int upper, int lower, int times_met) {
  const Cost rank_distance = field.rank[lower] - field.rank[upper];
  const Cost group_distance = field.group[lower] - field.group[upper];
  Cost cost = saturated_add(rank_distance * rank_distance,
                            saturated_mul(scales.group, saturated_mul(group_distance, group_distance)));
  if (times_met > 0) cost = saturated_add(cost, saturated_add(scales.repeat, saturated_mul(scales.times, times_met)));
  return cost < scales.big ? cost : kUnbounded;
}

Cost round_cost(const Field& field, const Scales& scales, const Mates& mates) {
  Cost total = 0;
  for (int i = 0; i < field.size(); ++i)
    if (i < mates[i]) total = saturated_add(total, pair_cost(field, scales, i, mates[i], field.times_met(i, mates[i])));
  return total;
}

// ---- matchings -----------------------------------------------------------------------------

using PlainGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                                         boost::no_property, boost::no_property, boost::vecS>;

bool perfect(const Mates& mates) { return std::find(mates.begin(), mates.end(), -1) == mates.end(); }

// The cheapest perfect matching over `pairs`, if they hold one (the scales make it the heaviest).
Mates cheapest_matching(int size, const std::vector<Pair>& pairs, Cost big) {
  std::vector<WeightedEdge> edges;
  edges.reserve(pairs.size());
  for (const Pair& pair : pairs) edges.push_back({pair.upper, pair.lower, big - pair.cost});
  return maximum_weight_matching(size, edges);
}

// A round with the fewest repeats: the most pairs of players who have not met (Edmonds'
// cardinality matching), the rest paired down the standing.
Mates fewest_repeats_round(const Field& field) {
  PlainGraph graph(field.size());
  MetRow met(field);
  for (int i = 0; i < field.size(); ++i) {
    met.load(i);
    for (int j = i + 1; j < field.size(); ++j)
      if (met[j] == 0) boost::add_edge(i, j, graph);
  }
  std::vector<PlainGraph::vertex_descriptor> mate(field.size());
  boost::edmonds_maximum_cardinality_matching(graph, mate.data());
  Mates mates(field.size(), -1);
  for (int i = 0; i < field.size(); ++i)
    if (mate[i] != boost::graph_traits<PlainGraph>::null_vertex()) mates[i] = static_cast<int>(mate[i]);
  int waiting = -1;
  for (int i = 0; i < field.size(); ++i) {
    if (mates[i] >= 0) continue;
    if (waiting < 0) {
      waiting = i;
    } else {
      mates[waiting] = i;
      mates[i] = waiting;
      waiting = -1;
    }
  }
  return mates;
}

int repeats_of(const Field& field, const Mates& mates) {
  int repeats = 0;
  for (int i = 0; i < field.size(); ++i)
    if (i < mates[i] && field.times_met(i, mates[i]) > 0) ++repeats;
  return repeats;
}

// ---- the graphs ----------------------------------------------------------------------------

// Each player with the kNearest players below who have not met them.
std::vector<Pair> nearest_new_pairs(const Field& field, const Scales& scales) {
  std::vector<Pair> pairs;
  MetRow met(field);
  for (int i = 0; i < field.size(); ++i) {
    met.load(i);
    int taken = 0;
    for (int j = i + 1; j < field.size() && taken < kNearest; ++j) {
      if (met[j] > 0) continue;
      const Cost cost = pair_cost(field, scales, i, j, 0);
      if (cost == kUnbounded) continue;
      pairs.push_back({i, j, cost});
      ++taken;
    }
  }
  return pairs;
}

// Every pair that fits the scales.
std::vector<Pair> all_pairs(const Field& field, const Scales& scales) {
  std::vector<Pair> pairs;
  MetRow met(field);
  for (int i = 0; i < field.size(); ++i) {
    met.load(i);
    for (int j = i + 1; j < field.size(); ++j) {
      const Cost cost = pair_cost(field, scales, i, j, met[j]);
      if (cost != kUnbounded) pairs.push_back({i, j, cost});
    }
  }
  return pairs;
}

// c'(pair): its cost less one group unit per odd cut it crosses (a part every round pays).
Cost reduced_cost(const Scales& scales, int upper, int lower, Cost cost) {
  const int crossed = scales.odd_cuts_before[lower] - scales.odd_cuts_before[upper];
  return cost - scales.group * crossed;
}

// Every pair that can be in a round costing at most `best`, by the bound of the top of this file
// with doubled vertex duals y2(x) = min c' (integers).
std::vector<Pair> pairs_within(const Field& field, const Scales& scales, Cost best) {
  const int size = field.size();
  std::vector<Cost> y2(size, kUnbounded);
  MetRow met(field);
  for (int i = 0; i < size; ++i) {
    met.load(i);
    for (int j = i + 1; j < size; ++j) {
      const Cost cost = pair_cost(field, scales, i, j, met[j]);
      if (cost == kUnbounded) continue;
      const Cost reduced = reduced_cost(scales, i, j, cost);
      y2[i] = std::min(y2[i], reduced);
      y2[j] = std::min(y2[j], reduced);
    }
  }
  Cost duals = saturated_mul(scales.group, 2 * static_cast<Cost>(scales.odd_cuts));
  for (const Cost y : y2) duals = saturated_add(duals, y);
  const Cost slack = 2 * best - duals;  // ≥ 0: the duals bound the best round from below
  std::vector<Pair> pairs;
  for (int i = 0; i < size; ++i) {
    met.load(i);
    for (int j = i + 1; j < size; ++j) {
      const Cost cost = pair_cost(field, scales, i, j, met[j]);
      if (cost == kUnbounded) continue;
      if (2 * reduced_cost(scales, i, j, cost) - y2[i] - y2[j] <= slack) pairs.push_back({i, j, cost});
    }
  }
  return pairs;
}

// ---- the field -----------------------------------------------------------------------------

using RoundFinder = Mates (*)(const Field&);

// The best round of a field of even size, by the sparse graph and the bound.
Mates best_round(const Field& field) {
  if (field.size() == 0) return {};
  Scales scales = scales_for(field, 0);
  std::vector<Pair> solved = nearest_new_pairs(field, scales);
  Mates mates = cheapest_matching(field.size(), solved, scales.big);
  if (!perfect(mates)) {
    mates = fewest_repeats_round(field);
    scales = scales_for(field, repeats_of(field, mates));
    solved.clear();
  }
  const Cost found = round_cost(field, scales, mates);
  const std::vector<Pair> candidates = pairs_within(field, scales, found);
  if (std::includes(solved.begin(), solved.end(), candidates.begin(), candidates.end())) return mates;
  Mates better = cheapest_matching(field.size(), candidates, scales.big);
  if (!perfect(better) || round_cost(field, scales, better) > found)
    throw std::logic_error("Swiss pairing: the matching algorithm missed a round it was given");
  return better;
}

// The best round on the complete graph: the reference best_round must equal.
Mates best_round_on_complete_graph(const Field& field) {
  if (field.size() == 0) return {};
  const Scales scales = scales_for(field, repeats_of(field, fewest_repeats_round(field)));
  return cheapest_matching(field.size(), all_pairs(field, scales), scales.big);
}

struct Standing {
  std::vector<int> player;
  std::vector<int> group;
  std::vector<std::vector<std::pair<int, int>>> met;  // by rank: (rank, times)
};

Field field_without(const Standing& standing, std::optional<int> bye_rank) {
  const int n = static_cast<int>(standing.player.size());
  std::vector<int> index(n, -1);
  Field field;
  for (int rank = 0; rank < n; ++rank) {
    if (rank == bye_rank) continue;
    index[rank] = field.size();
    field.player.push_back(standing.player[rank]);
    field.rank.push_back(rank);
    field.group.push_back(standing.group[rank]);
  }
  field.met.resize(field.size());
  for (int rank = 0; rank < n; ++rank) {
    if (index[rank] < 0) continue;
    for (const auto& [other, times] : standing.met[rank]) {
      if (index[other] < 0) continue;
      field.met[index[rank]].emplace_back(index[other], times);
      field.most_met = std::max(field.most_met, times);
    }
  }
  return field;
}

SwissRound round_of(const Field& field, const Mates& mates, std::optional<int> bye) {
  SwissRound round;
  round.bye = bye;
  for (int i = 0; i < field.size(); ++i) {
    if (i > mates[i]) continue;
    round.pairings.emplace_back(field.player[i], field.player[mates[i]]);
    if (field.times_met(i, mates[i]) > 0) ++round.repeats;
  }
  return round;
}

SwissRound pair_without(const Standing& standing, std::optional<int> bye_rank, RoundFinder find) {
  const Field field = field_without(standing, bye_rank);
  const std::optional<int> bye = bye_rank ? std::optional(standing.player[*bye_rank]) : std::nullopt;
  return round_of(field, find(field), bye);
}

// Ranks that may take the bye, lowest first: those without one, or everybody.
std::vector<int> bye_ranks(const SwissRoundInput& input) {
  std::vector<int> ranks;
  const int n = static_cast<int>(input.order.size());
  for (int rank = n - 1; rank >= 0; --rank)
    if (!input.had_bye.contains(input.order[rank])) ranks.push_back(rank);
  if (ranks.empty())
    for (int rank = n - 1; rank >= 0; --rank) ranks.push_back(rank);
  return ranks;
}

Standing standing_of(const SwissRoundInput& input) {
  const int n = static_cast<int>(input.order.size());
  if (static_cast<int>(input.group.size()) != n)
    throw SwissPairingError("Swiss pairing: " + std::to_string(n) + " players but " +
                            std::to_string(input.group.size()) + " score groups");
  std::map<int, int> rank_of;
  for (int rank = 0; rank < n; ++rank) {
    if (!rank_of.emplace(input.order[rank], rank).second)
      throw SwissPairingError("Swiss pairing: player " + std::to_string(input.order[rank]) + " twice in the order");
    const int step = rank == 0 ? input.group[rank] : input.group[rank] - input.group[rank - 1];
    if (step != 0 && (step != 1 || rank == 0))
      throw SwissPairingError("Swiss pairing: score group " + std::to_string(input.group[rank]) + " at rank " +
                              std::to_string(rank) + " does not count up from 0 in steps of 1");
  }
  Standing standing{input.order, input.group, std::vector<std::vector<std::pair<int, int>>>(n)};
  for (const auto& [players, times] : input.met) {
    if (players.first >= players.second || times < 1)
      throw SwissPairingError("Swiss pairing: met (" + std::to_string(players.first) + ", " +
                              std::to_string(players.second) + ") = " + std::to_string(times) +
                              " is not a count of a pair (min, max)");
    const auto first = rank_of.find(players.first);
    const auto second = rank_of.find(players.second);
    if (first == rank_of.end() || second == rank_of.end()) continue;  // a player who left the stage
    standing.met[first->second].emplace_back(second->second, times);
    standing.met[second->second].emplace_back(first->second, times);
  }
  return standing;
}

// Unavoidable repeats with the bye at this rank.
int fewest_repeats_without(const Standing& standing, int bye_rank) {
  const Field field = field_without(standing, bye_rank);
  return repeats_of(field, fewest_repeats_round(field));
}

SwissRound pair_round(const SwissRoundInput& input, RoundFinder find) {
  const Standing standing = standing_of(input);
  if (standing.player.size() % 2 == 0) return pair_without(standing, std::nullopt, find);
  const std::vector<int> ranks = bye_ranks(input);
  SwissRound round = pair_without(standing, ranks.front(), find);
  // The lowest-ranked candidate, unless another bye avoids repeats it forces.
  int best_rank = ranks.front();
  int fewest = round.repeats;
  for (std::size_t k = 1; k < ranks.size() && fewest > 0; ++k) {
    const int repeats = fewest_repeats_without(standing, ranks[k]);
    if (repeats < fewest) {
      fewest = repeats;
      best_rank = ranks[k];
    }
  }
  return best_rank == ranks.front() ? round : pair_without(standing, best_rank, find);
}

}  // namespace

SwissRound pair_swiss_round(const SwissRoundInput& input) { return pair_round(input, best_round); }

SwissRound pair_swiss_round_on_complete_graph(const SwissRoundInput& input) {
  return pair_round(input, best_round_on_complete_graph);
}

}  // namespace amazes::competition
