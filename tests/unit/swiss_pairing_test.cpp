// Swiss pairing: no repeats over a simulated stage, the bye, the leaders and their floats, a
// round that greedy pairing gets wrong, the optimum against a brute-force search (n ≤ 10) and
// against the complete graph (n ≤ 40), determinism and bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <tuple>
#include <vector>

#include "amazes/competition/swiss_pairing.hpp"
#include "amazes/random.hpp"

namespace amazes::competition {
namespace AMAZES_FILE_NAMESPACE {

using Pairings = std::vector<std::pair<int, int>>;

// What the rules minimise, in their order: repeats, times met over the repeats, Σ squared
// score-group distances, Σ squared rank distances.
using Objective = std::tuple<int, int, long long, long long>;

std::pair<int, int> key(int a, int b) { return {std::min(a, b), std::max(a, b)}; }

int times_met(const SwissRoundInput& input, int a, int b) {
  const auto found = input.met.find(key(a, b));
  return found == input.met.end() ? 0 : found->second;
}

Objective objective(const SwissRoundInput& input, const Pairings& pairings) {
  std::map<int, int> rank;
  for (int k = 0; k < static_cast<int>(input.order.size()); ++k) rank[input.order[k]] = k;
  Objective total{0, 0, 0, 0};
  for (const auto& [a, b] : pairings) {
    const int times = times_met(input, a, b);
    const long long groups = input.group[rank[b]] - input.group[rank[a]];
    const long long ranks = rank[b] - rank[a];
    std::get<0>(total) += times > 0 ? 1 : 0;
    std::get<1>(total) += times;
    std::get<2>(total) += groups * groups;
    std::get<3>(total) += ranks * ranks;
  }
  return total;
}

// A standing of players 0..n-1 in this order, with these score groups.
SwissRoundInput standing(std::vector<int> group) {
  SwissRoundInput input;
  input.order.resize(group.size());
  std::iota(input.order.begin(), input.order.end(), 0);
  input.group = std::move(group);
  return input;
}

// Every player once, each pair in standing order, pairs in standing order of the first.
void expect_well_formed(const SwissRoundInput& input, const SwissRound& round) {
  std::map<int, int> rank;
  for (int k = 0; k < static_cast<int>(input.order.size()); ++k) rank[input.order[k]] = k;
  std::set<int> seen;
  int previous = -1;
  for (const auto& [a, b] : round.pairings) {
    EXPECT_TRUE(seen.insert(a).second) << a;
    EXPECT_TRUE(seen.insert(b).second) << b;
    EXPECT_LT(rank.at(a), rank.at(b));
    EXPECT_LT(previous, rank.at(a));
    previous = rank.at(a);
  }
  if (round.bye) {
    EXPECT_TRUE(seen.insert(*round.bye).second);
  }
  EXPECT_EQ(seen.size(), input.order.size());
  EXPECT_EQ(round.bye.has_value(), input.order.size() % 2 == 1);
  EXPECT_EQ(round.repeats, std::get<0>(objective(input, round.pairings)));
}

// A Swiss stage with random results: 2 points a win (and a bye), 1 a draw.
class Stage {
 public:
  Stage(int players, std::uint64_t seed) : points_(players, 0), rng_(seed) {}

  SwissRoundInput next_input() const {
    SwissRoundInput input;
    input.order.resize(points_.size());
    std::iota(input.order.begin(), input.order.end(), 0);
    std::stable_sort(input.order.begin(), input.order.end(), [&](int a, int b) { return points_[a] > points_[b]; });
    for (std::size_t k = 0; k < input.order.size(); ++k) {
      const bool same = k > 0 && points_[input.order[k]] == points_[input.order[k - 1]];
      input.group.push_back(k == 0 ? 0 : input.group.back() + (same ? 0 : 1));
    }
    input.met = met_;
    input.had_bye = had_bye_;
    return input;
  }

  void play(const SwissRound& round) {
    for (const auto& [a, b] : round.pairings) {
      ++met_[key(a, b)];
      const int result = rng_.below(3);
      points_[a] += result == 0 ? 2 : result == 1 ? 1 : 0;
      points_[b] += result == 2 ? 2 : result == 1 ? 1 : 0;
    }
    if (round.bye) {
      points_[*round.bye] += 2;
      had_bye_.insert(*round.bye);
    }
  }

 private:
  std::vector<int> points_;
  std::map<std::pair<int, int>, int> met_;
  std::set<int> had_bye_;
  Rng rng_;
};

TEST(SwissPairing, FiveRoundsOfThirteenRepeatNoPairingAndGiveFiveDifferentByes) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Stage stage(13, seed);
    std::set<std::pair<int, int>> played;
    std::set<int> byes;
    for (int round_number = 1; round_number <= 5; ++round_number) {
      const SwissRoundInput input = stage.next_input();
      const SwissRound round = pair_swiss_round(input);
      expect_well_formed(input, round);
      EXPECT_EQ(round.repeats, 0);
      for (const auto& [a, b] : round.pairings) EXPECT_TRUE(played.insert(key(a, b)).second) << a << "-" << b;
      ASSERT_TRUE(round.bye.has_value());
      EXPECT_TRUE(byes.insert(*round.bye).second) << "a second bye for " << *round.bye;
      stage.play(round);
    }
  }
}

TEST(SwissPairing, ByeGoesToTheLowestRankedPlayerWithoutOne) {
  SwissRoundInput input = standing({0, 0, 1, 1, 2});
  EXPECT_EQ(pair_swiss_round(input).bye, 4);
  input.had_bye = {4, 3};
  EXPECT_EQ(pair_swiss_round(input).bye, 2);
  input.had_bye = {0, 1, 2, 3, 4};  // everybody had one: the lowest-ranked again
  EXPECT_EQ(pair_swiss_round(input).bye, 4);
}

TEST(SwissPairing, ByeGoesUpOnlyWhenItsPlayerWouldForceARepeat) {
  // Without player 2, players 0 and 1 (who met) must meet again; without player 1, 0–2 is new.
  SwissRoundInput input = standing({0, 0, 0});
  input.met[{0, 1}] = 1;
  const SwissRound round = pair_swiss_round(input);
  EXPECT_EQ(round.bye, 1);
  EXPECT_EQ(round.pairings, (Pairings{{0, 2}}));
  EXPECT_EQ(round.repeats, 0);
  // Every choice forces a repeat: the lowest-ranked keeps the bye.
  input.met[{0, 2}] = 1;
  input.met[{1, 2}] = 1;
  EXPECT_EQ(pair_swiss_round(input).bye, 2);
}

TEST(SwissPairing, EvenFieldHasNoBye) {
  const SwissRound round = pair_swiss_round(standing({0, 0, 0, 0}));
  EXPECT_FALSE(round.bye.has_value());
  EXPECT_EQ(round.pairings, (Pairings{{0, 1}, {2, 3}}));
}

TEST(SwissPairing, FourLeadersPairAmongThemselvesWhileTheyCan) {
  SwissRoundInput input = standing({0, 0, 0, 0, 1, 1, 2, 2});
  EXPECT_EQ(pair_swiss_round(input).pairings, (Pairings{{0, 1}, {2, 3}, {4, 5}, {6, 7}}));
  input.met = {{{0, 1}, 1}, {{2, 3}, 1}};  // the obvious 0–1, 2–3 is taken: still no leader floats
  const SwissRound round = pair_swiss_round(input);
  EXPECT_EQ(round.pairings, (Pairings{{0, 2}, {1, 3}, {4, 5}, {6, 7}}));
  EXPECT_EQ(round.repeats, 0);
}

TEST(SwissPairing, ThirdOfThreeLeadersFloatsToTheTopOfTheNextGroup) {
  const SwissRound round = pair_swiss_round(standing({0, 0, 0, 1, 1, 1, 1, 1}));
  EXPECT_EQ(round.pairings, (Pairings{{0, 1}, {2, 3}, {4, 5}, {6, 7}}));
}

TEST(SwissPairing, LeadersWhoMetFloatBothRatherThanMeetAgain) {
  SwissRoundInput input = standing({0, 0, 1, 1, 1, 1});
  input.met[{0, 1}] = 1;
  const SwissRound round = pair_swiss_round(input);
  EXPECT_EQ(round.pairings, (Pairings{{0, 2}, {1, 3}, {4, 5}}));
  EXPECT_EQ(round.repeats, 0);
}

TEST(SwissPairing, MatchingAvoidsTheRepeatThatGreedyPairingForcesAtTheBottom) {
  // Top-down greedy (each player with the best-ranked free player not met) pairs 0–1, 2–3 and is
  // left with 4–5, who met. The matching reorders the lowest pairs instead.
  SwissRoundInput input = standing({0, 0, 0, 0, 0, 0});
  input.met[{4, 5}] = 1;
  const SwissRound round = pair_swiss_round(input);
  EXPECT_EQ(round.repeats, 0);
  EXPECT_EQ(round.pairings, (Pairings{{0, 1}, {2, 4}, {3, 5}}));
}

TEST(SwissPairing, UnavoidableRepeatsAreTheFewestAndThePairsThatMetLeast) {
  // Four players who all met: one round has two repeats whatever happens; 0–1 and 2–3 met
  // twice, so 0–2, 1–3 (once each) or 0–3, 1–2 (once each) win, the first by nearer ranks.
  SwissRoundInput input = standing({0, 0, 0, 0});
  input.met = {{{0, 1}, 2}, {{2, 3}, 2}, {{0, 2}, 1}, {{1, 3}, 1}, {{0, 3}, 1}, {{1, 2}, 1}};
  const SwissRound round = pair_swiss_round(input);
  EXPECT_EQ(round.repeats, 2);
  EXPECT_EQ(round.pairings, (Pairings{{0, 2}, {1, 3}}));
}

TEST(SwissPairing, PlayerIndicesNeedNotBeRanks) {
  SwissRoundInput input;
  input.order = {42, 7, 19, 3};
  input.group = {0, 0, 1, 1};
  input.met[{7, 42}] = 1;
  const SwissRound round = pair_swiss_round(input);
  EXPECT_EQ(round.pairings, (Pairings{{42, 19}, {7, 3}}));
}

// ---- the optimum --------------------------------------------------------------------------

void shuffle(std::vector<int>& values, Rng& rng) {
  for (int k = static_cast<int>(values.size()) - 1; k > 0; --k) std::swap(values[k], values[rng.below(k + 1)]);
}

SwissRoundInput random_input(Rng& rng, int players) {
  std::vector<int> group(players, 0);
  for (int k = 1; k < players; ++k) group[k] = group[k - 1] + (rng.below(3) == 0 ? 1 : 0);
  SwissRoundInput input = standing(group);
  shuffle(input.order, rng);         // player indices unlike ranks
  const int density = rng.below(4);  // from no pair met to about 60 % of them
  for (int a = 0; a < players; ++a)
    for (int b = a + 1; b < players; ++b)
      if (rng.below(5) < density) input.met[{a, b}] = 1 + rng.below(3);
  for (const int player : input.order)
    if (rng.below(3) == 0) input.had_bye.insert(player);
  return input;
}

// The least objective over all perfect matchings of `players` (in standing order).
Objective brute_force(const SwissRoundInput& input, std::vector<int> players) {
  if (players.empty()) return {0, 0, 0, 0};
  Objective best{1 << 30, 0, 0, 0};
  const int first = players.front();
  for (std::size_t k = 1; k < players.size(); ++k) {
    std::vector<int> rest;
    for (std::size_t r = 1; r < players.size(); ++r)
      if (r != k) rest.push_back(players[r]);
    const Objective pair = objective(input, {{first, players[k]}});
    const Objective others = brute_force(input, rest);
    best = std::min(best, Objective{std::get<0>(pair) + std::get<0>(others), std::get<1>(pair) + std::get<1>(others),
                                    std::get<2>(pair) + std::get<2>(others), std::get<3>(pair) + std::get<3>(others)});
  }
  return best;
}

std::vector<int> all_but(const std::vector<int>& order, std::optional<int> left_out) {
  std::vector<int> players;
  for (const int player : order)
    if (player != left_out) players.push_back(player);
  return players;
}

// The bye by rule 1 over every choice, and the best objective with it.
std::pair<std::optional<int>, Objective> brute_force_round(const SwissRoundInput& input) {
  if (input.order.size() % 2 == 0) return {std::nullopt, brute_force(input, input.order)};
  std::vector<int> candidates;
  for (auto it = input.order.rbegin(); it != input.order.rend(); ++it)
    if (!input.had_bye.contains(*it)) candidates.push_back(*it);
  if (candidates.empty()) candidates.assign(input.order.rbegin(), input.order.rend());
  std::optional<int> bye = candidates.front();
  Objective best = brute_force(input, all_but(input.order, bye));
  for (const int candidate : candidates) {
    const Objective with = brute_force(input, all_but(input.order, candidate));
    if (std::get<0>(with) < std::get<0>(best)) {
      bye = candidate;
      best = with;
    }
  }
  return {bye, best};
}

TEST(SwissPairing, OptimumEqualsBruteForceOverAllPerfectMatchings) {
  Rng rng(2024);
  for (int trial = 0; trial < 1500; ++trial) {
    const SwissRoundInput input = random_input(rng, 1 + rng.below(10));
    const SwissRound round = pair_swiss_round(input);
    expect_well_formed(input, round);
    const auto [bye, best] = brute_force_round(input);
    ASSERT_EQ(round.bye, bye) << "trial " << trial;
    ASSERT_EQ(objective(input, round.pairings), best) << "trial " << trial;
  }
}

TEST(SwissPairing, SparseGraphLosesNothingAgainstTheCompleteGraph) {
  Rng rng(77);
  for (int trial = 0; trial < 800; ++trial) {
    const SwissRoundInput input = random_input(rng, 11 + rng.below(30));
    const SwissRound sparse = pair_swiss_round(input);
    const SwissRound complete = pair_swiss_round_on_complete_graph(input);
    expect_well_formed(input, sparse);
    ASSERT_EQ(sparse.bye, complete.bye) << "trial " << trial;
    ASSERT_EQ(objective(input, sparse.pairings), objective(input, complete.pairings)) << "trial " << trial;
  }
}

TEST(SwissPairing, SparseGraphLosesNothingInSimulatedStages) {
  for (const int players : {20, 33, 40}) {
    Stage stage(players, 1000 + players);
    for (int round_number = 1; round_number <= players - 1; ++round_number) {
      const SwissRoundInput input = stage.next_input();
      const SwissRound sparse = pair_swiss_round(input);
      const SwissRound complete = pair_swiss_round_on_complete_graph(input);
      ASSERT_EQ(sparse.bye, complete.bye) << players << " players, round " << round_number;
      ASSERT_EQ(objective(input, sparse.pairings), objective(input, complete.pairings))
          << players << " players, round " << round_number;
      stage.play(sparse);
    }
  }
}

// ---- determinism and input ------------------------------------------------------------------

TEST(SwissPairing, SameInputSameRound) {
  Rng rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    const SwissRoundInput input = random_input(rng, 2 + rng.below(40));
    // The same input built in another order of insertion.
    SwissRoundInput copy;
    copy.order = input.order;
    copy.group = input.group;
    for (auto it = input.met.rbegin(); it != input.met.rend(); ++it) copy.met.insert(*it);
    for (auto it = input.had_bye.rbegin(); it != input.had_bye.rend(); ++it) copy.had_bye.insert(*it);
    const SwissRound first = pair_swiss_round(input);
    const SwissRound second = pair_swiss_round(copy);
    EXPECT_EQ(first.pairings, second.pairings);
    EXPECT_EQ(first.bye, second.bye);
  }
}

TEST(SwissPairing, EmptyAndSingleFields) {
  EXPECT_TRUE(pair_swiss_round({}).pairings.empty());
  const SwissRound alone = pair_swiss_round(standing({0}));
  EXPECT_TRUE(alone.pairings.empty());
  EXPECT_EQ(alone.bye, 0);
}

TEST(SwissPairing, RejectsAnInputThatIsNotAStanding) {
  SwissRoundInput sizes = standing({0, 0});
  sizes.group.pop_back();
  EXPECT_THROW(pair_swiss_round(sizes), SwissPairingError);
  SwissRoundInput twice = standing({0, 0});
  twice.order = {3, 3};
  EXPECT_THROW(pair_swiss_round(twice), SwissPairingError);
  EXPECT_THROW(pair_swiss_round(standing({1, 1})), SwissPairingError);
  EXPECT_THROW(pair_swiss_round(standing({0, 2})), SwissPairingError);
  EXPECT_THROW(pair_swiss_round(standing({0, 1, 0})), SwissPairingError);
  SwissRoundInput reversed = standing({0, 0});
  reversed.met[{1, 0}] = 1;
  EXPECT_THROW(pair_swiss_round(reversed), SwissPairingError);
  SwissRoundInput zero = standing({0, 0});
  zero.met[{0, 1}] = 0;
  EXPECT_THROW(pair_swiss_round(zero), SwissPairingError);
}

TEST(SwissPairing, MetPairsOfPlayersNotInTheStandingAreIgnored) {
  SwissRoundInput input = standing({0, 0});
  input.met[{1, 99}] = 3;
  EXPECT_EQ(pair_swiss_round(input).pairings, (Pairings{{0, 1}}));
}

TEST(SwissPairing, TwoThousandPlayersInAThousandScoreGroupsFitTheWeights) {
  std::vector<int> group(2000);
  for (int k = 0; k < 2000; ++k) group[k] = k / 2;
  SwissRoundInput input = standing(group);
  input.met[{0, 1}] = 1;  // the two leaders, who met, float to the next group; the rest stay in theirs
  const SwissRound round = pair_swiss_round(input);
  expect_well_formed(input, round);
  EXPECT_EQ(round.repeats, 0);
  Pairings expected{{0, 2}, {1, 3}};
  for (int k = 4; k < 2000; k += 2) expected.emplace_back(k, k + 1);
  EXPECT_EQ(round.pairings, expected);
}

TEST(SwissPairing, FieldBeyondExactWeightsIsRefusedInOneLine) {
  // A score group per player: at 2,000 players the weights reach about 4.0e18 and still fit (the
  // bound is 2^63 / 2); at 2,100 the group rule alone would need about 5.4e18.
  std::vector<int> group(2000);
  std::iota(group.begin(), group.end(), 0);
  const SwissRound fits = pair_swiss_round(standing(group));
  Pairings adjacent;
  for (int k = 0; k < 2000; k += 2) adjacent.emplace_back(k, k + 1);
  EXPECT_EQ(fits.pairings, adjacent);
  group.resize(2100);
  std::iota(group.begin(), group.end(), 0);
  try {
    pair_swiss_round(standing(group));
    FAIL() << "no error";
  } catch (const SwissPairingError& error) {
    EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos);
    EXPECT_NE(std::string(error.what()).find("2100 players in 2100 score groups"), std::string::npos) << error.what();
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::competition
