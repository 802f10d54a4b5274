// How sure the ranks of a standings are: Bradley-Terry ratings, their intervals, rank intervals and
// the separation of neighbours, on hand-made results and on fields simulated from known strengths.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "amazes/competition/rank_certainty.hpp"
#include "amazes/random.hpp"

namespace amazes::competition {
namespace AMAZES_FILE_NAMESPACE {

std::vector<int> identity_order(int players) {
  std::vector<int> order(players);
  std::iota(order.begin(), order.end(), 0);
  return order;
}

std::vector<int> order_by_rating(const RankCertainty& certainty) {
  auto order = identity_order(static_cast<int>(certainty.players.size()));
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return certainty.players[a].rating > certainty.players[b].rating; });
  return order;
}

double win_probability(double elo_a, double elo_b) { return 1.0 / (1.0 + std::pow(10.0, (elo_b - elo_a) / 400.0)); }

PairingOutcome simulated_pairing(const std::vector<double>& elo, int a, int b, Rng& rng) {
  return {a, b, rng.unit() < win_probability(elo[a], elo[b]) ? 1.0 : 0.0};
}

// Every two players meet `pairings` times; each pairing is a win or a loss drawn from the true
// Bradley-Terry probability.
std::vector<PairingOutcome> round_robin(const std::vector<double>& elo, int pairings, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<PairingOutcome> outcomes;
  const int n = static_cast<int>(elo.size());
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      for (int k = 0; k < pairings; ++k) outcomes.push_back(simulated_pairing(elo, a, b, rng));
    }
  }
  return outcomes;
}

std::vector<double> mean_centred(std::vector<double> elo) {
  const double mean = std::accumulate(elo.begin(), elo.end(), 0.0) / static_cast<double>(elo.size());
  for (auto& e : elo) e -= mean;
  return elo;
}

// 1400, 1200, …, 0: player i is the (i+1)-th best.
std::vector<double> spaced_field(int players, double spacing) {
  std::vector<double> elo(players);
  for (int i = 0; i < players; ++i) elo[i] = spacing * (players - 1 - i);
  return elo;
}

double interval_width(const PlayerCertainty& p) { return p.high - p.low; }
int rank_span(const PlayerCertainty& p) { return p.worst_rank - p.best_rank + 1; }

TEST(RankCertainty, UnbeatenPlayerHasAFiniteRatingAboveTheRest) {
  // Player 0 wins all its pairings; the others draw among themselves.
  std::vector<PairingOutcome> outcomes;
  for (int other = 1; other < 4; ++other) {
    for (int k = 0; k < 6; ++k) outcomes.push_back({0, other, 1.0});
  }
  for (int a = 1; a < 4; ++a) {
    for (int b = a + 1; b < 4; ++b) outcomes.push_back({a, b, 0.5});
  }
  const auto certainty = rank_certainty(4, outcomes, identity_order(4), 1);
  const auto& unbeaten = certainty.players[0];
  EXPECT_TRUE(std::isfinite(unbeaten.rating));
  EXPECT_TRUE(std::isfinite(unbeaten.high));
  for (int other = 1; other < 4; ++other) {
    EXPECT_GT(unbeaten.rating, certainty.players[other].rating + 200);
    EXPECT_NEAR(certainty.players[other].rating, certainty.players[1].rating, 1e-6);  // alike results, alike ratings
  }
  EXPECT_EQ(unbeaten.best_rank, 1);
  EXPECT_TRUE(certainty.separated[0]) << certainty.separation_z[0];  // 18 wins out of 18 against equals
}

TEST(RankCertainty, SymmetricResultsGiveEqualRatings) {
  // A cycle: 0 beats 1, 1 beats 2, 2 beats 0, twice each.
  const std::vector<PairingOutcome> cycle{{0, 1, 1.0}, {1, 2, 1.0}, {2, 0, 1.0}, {1, 0, 0.0}, {2, 1, 0.0}, {0, 2, 0.0}};
  const auto certainty = rank_certainty(3, cycle, identity_order(3), 1);
  for (const auto& p : certainty.players) {
    EXPECT_NEAR(p.rating, 0.0, 1e-9);
    EXPECT_NEAR(p.standard_error, certainty.players[0].standard_error, 1e-9);
  }
  EXPECT_EQ(certainty.separated, (std::vector<bool>{false, false}));

  // Draws only: equal too, and surer than with no games at all.
  const auto drawn = rank_certainty(3, {{0, 1, 0.5}, {1, 2, 0.5}, {0, 2, 0.5}}, identity_order(3), 1);
  const auto unknown = rank_certainty(3, {}, identity_order(3), 1);
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(drawn.players[i].rating, 0.0, 1e-9);
    EXPECT_LT(drawn.players[i].standard_error, unknown.players[i].standard_error);
  }
}

TEST(RankCertainty, NoOutcomesLeaveEveryRankOpen) {
  // Only the prior: each strength is N(0, 1 / (1/4)) on its own, so the centred strength has
  // variance 4 (1 - 1/n), in Elo a standard error of (400 / ln 10) · 2 · √(1 - 1/n).
  const int n = 5;
  const auto certainty = rank_certainty(n, {}, identity_order(n), 1);
  const double standard_error = 400.0 / std::log(10.0) * 2.0 * std::sqrt(1.0 - 1.0 / n);
  for (const auto& p : certainty.players) {
    EXPECT_DOUBLE_EQ(p.rating, 0.0);
    EXPECT_NEAR(p.standard_error, standard_error, 1e-6);
    EXPECT_NEAR(p.high, 1.959964 * standard_error, 1e-3);
    EXPECT_NEAR(p.low, -p.high, 1e-9);
    EXPECT_EQ(p.best_rank, 1);
    EXPECT_EQ(p.worst_rank, n);
  }
  EXPECT_EQ(certainty.separated, std::vector<bool>(n - 1, false));
}

TEST(RankCertainty, NoPlayersAndOnePlayer) {
  EXPECT_TRUE(rank_certainty(0, {}, {}, 1).players.empty());
  const auto alone = rank_certainty(1, {}, {0}, 1);
  ASSERT_EQ(alone.players.size(), 1u);
  EXPECT_DOUBLE_EQ(alone.players[0].rating, 0.0);
  EXPECT_EQ(alone.players[0].best_rank, 1);
  EXPECT_EQ(alone.players[0].worst_rank, 1);
  EXPECT_TRUE(alone.separated.empty());
}

TEST(RankCertainty, RecoversKnownStrengths) {
  // Eight players 200 Elo apart, 100 pairings between every two.
  const auto elo = spaced_field(8, 200);
  const auto truth = mean_centred(elo);
  const auto outcomes = round_robin(elo, 100, 2024);
  const auto certainty = rank_certainty(8, outcomes, identity_order(8), 7);

  int covered = 0, rank_covered = 0;
  for (int i = 0; i < 8; ++i) {
    const auto& p = certainty.players[i];
    if (p.low <= truth[i] && truth[i] <= p.high) ++covered;
    if (p.best_rank <= i + 1 && i + 1 <= p.worst_rank) ++rank_covered;
  }
  EXPECT_GE(covered, 7);  // 95 % intervals: one miss in eight is no surprise
  EXPECT_GE(rank_covered, 7);
  EXPECT_EQ(order_by_rating(certainty), identity_order(8));
  EXPECT_EQ(certainty.separated, std::vector<bool>(7, true));

  // Read the other way round, no neighbour is better than the next.
  auto reversed = identity_order(8);
  std::reverse(reversed.begin(), reversed.end());
  const auto upside_down = rank_certainty(8, outcomes, reversed, 7);
  EXPECT_EQ(upside_down.separated, std::vector<bool>(7, false));
  for (const double z : upside_down.separation_z) EXPECT_LT(z, 0);
}

TEST(RankCertainty, RatingIntervalsCoverTheTruthAboutNineteenTimesInTwenty) {
  // 40 fields of the eight players: 320 intervals, 304 expected to cover. The errors of one field
  // move together (the ratings are centred), so the count varies more than a binomial's.
  const auto elo = spaced_field(8, 200);
  const auto truth = mean_centred(elo);
  int covered = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const auto certainty = rank_certainty(8, round_robin(elo, 100, seed), identity_order(8), seed);
    for (int i = 0; i < 8; ++i)
      covered += certainty.players[i].low <= truth[i] && truth[i] <= certainty.players[i].high;
  }
  EXPECT_GE(covered, 282);  // not too narrow
  EXPECT_LE(covered, 316);  // not too wide
}

TEST(RankCertainty, EqualPlayersAreNotSeparated) {
  // Players 2 and 3 are equally strong; the standings put 2 ahead.
  const std::vector<double> elo{600, 400, 200, 200, 0, -200};
  const auto certainty = rank_certainty(6, round_robin(elo, 100, 11), identity_order(6), 3);
  EXPECT_FALSE(certainty.separated[2]);
  EXPECT_TRUE(certainty.separated[0]);
  EXPECT_TRUE(certainty.separated[4]);

  // Over many fields the twins are told apart about as often as a one-sided 5 % test allows,
  // while 200 Elo with this many games almost always shows.
  int twins_separated = 0, neighbours_separated = 0, neighbours = 0;
  for (std::uint64_t seed = 100; seed < 180; ++seed) {
    const auto field = rank_certainty(6, round_robin(elo, 100, seed), identity_order(6), seed);
    twins_separated += field.separated[2];
    for (const int k : {0, 1, 3, 4}) {
      neighbours_separated += field.separated[k];
      ++neighbours;
    }
  }
  EXPECT_LE(twins_separated, 10);  // 80 fields at 5 %: 4 expected, 11 or more has odds below 1 in 300
  EXPECT_GE(neighbours_separated, neighbours * 9 / 10);
}

// A field as tight as real contests' tops: 30 players, neighbours 5 to 65 Elo apart.
std::vector<double> tight_field(std::uint64_t seed) {
  Rng rng(seed);
  std::vector<double> elo{0.0};
  while (elo.size() < 30) elo.push_back(elo.back() - 5.0 - 60.0 * rng.unit());
  return elo;
}

// The standings' order: by pairings won, as points would rank them (the fit does not choose it).
std::vector<int> order_by_wins(int players, const std::vector<PairingOutcome>& outcomes) {
  std::vector<double> wins(static_cast<std::size_t>(players), 0.0);
  for (const auto& o : outcomes) {
    wins[o.a] += o.a_share;
    wins[o.b] += 1 - o.a_share;
  }
  auto order = identity_order(players);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return wins[a] > wins[b]; });
  return order;
}

TEST(RankCertainty, SureAheadHoldsForTheWholeTableNineteenTimesInTwenty) {
  // 100 tables of a tight field, each pair meeting 20 times: a table is wrong when any
  // "sure ahead" in it puts a weaker player first. At 5 % for the whole table, at most 5 of 100
  // are expected (none was here); 12 or more has odds below 1 in 200 (binomial).
  const auto elo = tight_field(7);
  int wrong_tables = 0, claims = 0, covered = 0, intervals = 0;
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    const auto outcomes = round_robin(elo, 20, seed);
    const auto order = order_by_wins(30, outcomes);
    const auto certainty = rank_certainty(30, outcomes, order, seed);
    bool wrong = false;
    for (std::size_t k = 0; k + 1 < order.size(); ++k) {
      if (!certainty.separated[k]) continue;
      ++claims;
      wrong = wrong || elo[order[k]] <= elo[order[k + 1]];
    }
    wrong_tables += wrong;
    // Player i is truly the (i+1)-th: its rank interval is per player, at 95 %.
    for (int i = 0; i < 30; ++i) {
      covered += certainty.players[i].best_rank <= i + 1 && i + 1 <= certainty.players[i].worst_rank;
      ++intervals;
    }
  }
  RecordProperty("wrong_tables", wrong_tables);
  RecordProperty("claims", claims);
  EXPECT_LT(wrong_tables, 12);
  EXPECT_GE(claims, 100) << "the test must still tell clear neighbours apart";
  // At least 95 % per player: ranks are whole numbers, and on a tight field the interval of a
  // rank is wider than the rating's uncertainty alone would make it (99.4 % held here).
  RecordProperty("rank_intervals_covering", covered);
  EXPECT_GE(covered, intervals * 94 / 100);
}

// "About m more pairings between them": playing m more pairings between two neighbours, drawn
// at their fitted strengths, separates them about half the time (the estimate is where the
// expected z reaches the bound), and more when the bound is Holm's later, looser one.
TEST(RankCertainty, MorePairingsSaysAboutHowManyWouldSeparateTwoNeighbours) {
  Rng rng(5);
  const std::vector<double> elo{1040, 1000, 400};
  std::vector<PairingOutcome> outcomes;
  for (int k = 0; k < 10; ++k) outcomes.push_back(simulated_pairing(elo, 0, 1, rng));
  for (int k = 0; k < 30; ++k) outcomes.push_back(simulated_pairing(elo, 0, 2, rng));
  for (int k = 0; k < 30; ++k) outcomes.push_back(simulated_pairing(elo, 1, 2, rng));
  const auto order = order_by_rating(rank_certainty(3, outcomes, identity_order(3), 1));
  ASSERT_EQ(order, identity_order(3)) << "the fitted order is the true one for this seed";
  const auto now = rank_certainty(3, outcomes, order, 1);
  ASSERT_FALSE(now.separated[0]);
  EXPECT_EQ(now.more_pairings[1], 0.0) << "a separated pair needs none";
  const double more = now.more_pairings[0];
  ASSERT_TRUE(std::isfinite(more));
  ASSERT_GT(more, 0.0);
  // Continue at the fitted strengths: how often does playing `more` pairings separate them?
  const std::vector<double> fitted{now.players[0].rating, now.players[1].rating, now.players[2].rating};
  int separated = 0;
  for (std::uint64_t trial = 0; trial < 100; ++trial) {
    Rng more_rng(100 + trial);
    auto continued = outcomes;
    for (int k = 0; k < static_cast<int>(more); ++k) continued.push_back(simulated_pairing(fitted, 0, 1, more_rng));
    separated += rank_certainty(3, continued, order, trial).separated[0];
  }
  RecordProperty("more_pairings", std::to_string(more));
  RecordProperty("separated_of_100", separated);
  EXPECT_GE(separated, 35);
  EXPECT_LE(separated, 85);
}

TEST(RankCertainty, FewGamesGiveWideIntervalsAndManyGamesNarrowOnes) {
  const auto elo = spaced_field(6, 100);
  const auto few = rank_certainty(6, round_robin(elo, 1, 5), identity_order(6), 5);
  const auto many = rank_certainty(6, round_robin(elo, 200, 5), identity_order(6), 5);
  for (int i = 0; i < 6; ++i) {
    EXPECT_GT(interval_width(few.players[i]), 400) << "player " << i;
    EXPECT_GE(rank_span(few.players[i]), 3) << "player " << i;
    EXPECT_LT(interval_width(many.players[i]), 100) << "player " << i;
    EXPECT_EQ(rank_span(many.players[i]), 1) << "player " << i;
  }
  EXPECT_EQ(many.separated, std::vector<bool>(5, true));
}

TEST(RankCertainty, SameInputsAndSeedGiveTheSameOutput) {
  const auto elo = spaced_field(10, 50);
  const auto outcomes = round_robin(elo, 3, 9);
  const auto order = identity_order(10);
  const auto first = rank_certainty(10, outcomes, order, 42);
  const auto second = rank_certainty(10, outcomes, order, 42);
  ASSERT_EQ(first.players.size(), second.players.size());
  for (std::size_t i = 0; i < first.players.size(); ++i) {
    EXPECT_EQ(first.players[i].rating, second.players[i].rating);
    EXPECT_EQ(first.players[i].low, second.players[i].low);
    EXPECT_EQ(first.players[i].high, second.players[i].high);
    EXPECT_EQ(first.players[i].best_rank, second.players[i].best_rank);
    EXPECT_EQ(first.players[i].worst_rank, second.players[i].worst_rank);
  }
  EXPECT_EQ(first.separated, second.separated);
  EXPECT_EQ(first.separation_z, second.separation_z);

  // The seed drives the rank draws only: the fit does not depend on it.
  const auto reseeded = rank_certainty(10, outcomes, order, 43);
  for (std::size_t i = 0; i < first.players.size(); ++i) {
    EXPECT_EQ(first.players[i].rating, reseeded.players[i].rating);
  }
}

// A large sparse field (its speed at 200 and 2,000 players is BM_RankCertainty's, not a test's).
TEST(RankCertainty, AFieldOfFourHundredAfterNineSwissLikeRounds) {
  // Nine rounds of random pairings, strengths spread over 1,200 Elo.
  const int n = 400;
  Rng rng(77);
  std::vector<double> elo(n);
  for (auto& e : elo) e = 1200 * rng.unit() - 600;
  std::vector<PairingOutcome> outcomes;
  for (int round = 0; round < 9; ++round) {
    auto seating = identity_order(n);
    for (int i = n - 1; i > 0; --i) std::swap(seating[i], seating[rng.below(i + 1)]);
    for (int i = 0; i + 1 < n; i += 2) outcomes.push_back(simulated_pairing(elo, seating[i], seating[i + 1], rng));
  }
  const auto certainty = rank_certainty(n, outcomes, identity_order(n), 1);

  ASSERT_EQ(certainty.players.size(), static_cast<std::size_t>(n));
  EXPECT_EQ(certainty.separated.size(), static_cast<std::size_t>(n - 1));
  double sum = 0;
  for (const auto& p : certainty.players) {
    ASSERT_TRUE(std::isfinite(p.rating) && std::isfinite(p.low) && std::isfinite(p.high));
    EXPECT_LT(p.low, p.rating);
    EXPECT_LT(p.rating, p.high);
    EXPECT_GE(p.best_rank, 1);
    EXPECT_LE(p.best_rank, p.worst_rank);
    EXPECT_LE(p.worst_rank, n);
    sum += p.rating;
  }
  EXPECT_NEAR(sum / n, 0.0, 1e-6);

  // Nine games each say something: the fitted ratings follow the true ones.
  const auto truth = mean_centred(elo);
  double covariance = 0, true_variance = 0, fitted_variance = 0;
  for (int i = 0; i < n; ++i) {
    covariance += truth[i] * certainty.players[i].rating;
    true_variance += truth[i] * truth[i];
    fitted_variance += certainty.players[i].rating * certainty.players[i].rating;
  }
  EXPECT_GT(covariance / std::sqrt(true_variance * fitted_variance), 0.5);
}

TEST(RankCertainty, RejectsMalformedInput) {
  const auto order = identity_order(3);
  EXPECT_THROW(rank_certainty(-1, {}, {}, 1), std::invalid_argument);
  EXPECT_THROW(rank_certainty(3, {{0, 3, 1.0}}, order, 1), std::invalid_argument);
  EXPECT_THROW(rank_certainty(3, {{-1, 2, 1.0}}, order, 1), std::invalid_argument);
  EXPECT_THROW(rank_certainty(3, {{1, 1, 1.0}}, order, 1), std::invalid_argument);
  EXPECT_THROW(rank_certainty(3, {{0, 1, 1.5}}, order, 1), std::invalid_argument);
  EXPECT_THROW(rank_certainty(3, {{0, 1, std::nan("")}}, order, 1), std::invalid_argument);
  EXPECT_THROW(rank_certainty(3, {}, {0, 1}, 1), std::invalid_argument);
  EXPECT_THROW(rank_certainty(3, {}, {0, 1, 1}, 1), std::invalid_argument);
  EXPECT_THROW(rank_certainty(3, {}, {0, 1, 3}, 1), std::invalid_argument);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::competition
