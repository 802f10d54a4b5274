// The adaptive stage's rule on simulated fields of known strengths: a clear top is settled at
// once; a tight one pairs only its contenders, each once, until its places are sure, and then
// orders them as they truly are.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <stdexcept>

#include "amazes/competition/adaptive_rule.hpp"
#include "amazes/random.hpp"

namespace amazes::competition {
namespace AMAZES_FILE_NAMESPACE {

// One pairing between a and b drawn from the Bradley-Terry model (no draws).
PairingOutcome pairing(const std::vector<double>& elo, int a, int b, Rng& rng) {
  const double a_wins = 1.0 / (1.0 + std::pow(10.0, (elo[b] - elo[a]) / 400.0));
  return {a, b, rng.unit() < a_wins ? 1.0 : 0.0};
}

std::vector<PairingOutcome> round_robins(const std::vector<double>& elo, int times, Rng& rng) {
  std::vector<PairingOutcome> outcomes;
  const int n = static_cast<int>(elo.size());
  for (int t = 0; t < times; ++t)
    for (int a = 0; a < n; ++a)
      for (int b = a + 1; b < n; ++b) outcomes.push_back(pairing(elo, a, b, rng));
  return outcomes;
}

TEST(AdaptiveRule, AClearTopIsSettledAtOnce) {
  Rng rng(1);
  const std::vector<double> elo{2000, 1600, 1200, 800, 400, 0};
  const auto round = next_adaptive_round(6, round_robins(elo, 10, rng), 3, 5);
  EXPECT_TRUE(round.settled);
  EXPECT_EQ(round.settled_places, 3);
  EXPECT_TRUE(round.pairs.empty());
  EXPECT_EQ(round.order, (std::vector<int>{0, 1, 2, 3, 4, 5}));
}

TEST(AdaptiveRule, ATightTopPairsItsContendersEachOnceAndNobodyBelow) {
  Rng rng(2);
  // The top four within 40 Elo, the rest far below.
  const std::vector<double> elo{1800, 1790, 1770, 1760, 1200, 1000, 800, 600, 400, 200};
  const auto round = next_adaptive_round(10, round_robins(elo, 2, rng), 3, 7);
  ASSERT_FALSE(round.settled);
  EXPECT_GE(round.contenders.size(), 4U);
  std::set<int> contenders(round.contenders.begin(), round.contenders.end());
  std::set<int> seen;
  for (const auto& [a, b] : round.pairs) {
    EXPECT_TRUE(contenders.count(a) && contenders.count(b)) << a << " " << b;
    EXPECT_TRUE(seen.insert(a).second) << a << " paired twice";
    EXPECT_TRUE(seen.insert(b).second) << b << " paired twice";
  }
  EXPECT_GE(round.pairs.size(), 2U);
  for (const int far : {6, 7, 8, 9}) EXPECT_EQ(contenders.count(far), 0U) << far;
  // The same inputs, the same round.
  Rng again(2);
  const auto same = next_adaptive_round(10, round_robins(elo, 2, again), 3, 7);
  EXPECT_EQ(same.pairs, round.pairs);
}

TEST(AdaptiveRule, PlaysUntilTheTopIsSureAndThenItIsRight) {
  // Ten players 150 Elo apart: from one round robin, the rule plays its rounds until places 1..3
  // are each surely ahead of the next, and the order it settles on is the true one. (A top of
  // neighbours 25 to 60 Elo apart was not settled in 400 rounds: there the stage ends at its
  // budget of games, and docs/performance.md measures what that order is worth.)
  std::vector<double> elo;
  for (int k = 0; k < 10; ++k) elo.push_back(1800 - 150 * k);
  int settled_right = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    Rng rng(seed);
    auto outcomes = round_robins(elo, 1, rng);
    AdaptiveRound round = next_adaptive_round(10, outcomes, 3, seed);
    int rounds = 0;
    while (!round.settled && rounds < 200) {
      ASSERT_FALSE(round.pairs.empty()) << "an unsettled top always has a pairing to play";
      for (const auto& [a, b] : round.pairs) outcomes.push_back(pairing(elo, a, b, rng));
      round = next_adaptive_round(10, outcomes, 3, seed);
      ++rounds;
    }
    ASSERT_TRUE(round.settled) << "seed " << seed;
    EXPECT_LT(rounds, 200);
    // Places 1..3, and the third ahead of the fourth.
    settled_right += std::vector<int>(round.order.begin(), round.order.begin() + 3) == std::vector<int>{0, 1, 2} &&
                     round.order[3] > 2;
  }
  // Each settled top holds at 95 % for the whole table: 4 of 4 expected.
  EXPECT_GE(settled_right, 3);
}

TEST(AdaptiveRule, RefusesAFieldOfOneOrNoPlaces) {
  EXPECT_THROW(next_adaptive_round(1, {}, 1, 1), std::invalid_argument);
  EXPECT_THROW(next_adaptive_round(4, {}, 0, 1), std::invalid_argument);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::competition
