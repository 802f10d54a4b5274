// Per-opponent statistics of a versus run: by hand, in any order of arrival, over the prefix of
// complete pairs, with the sequential test and with the interval rule.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "amazes/competition/versus_stats.hpp"

namespace amazes::competition {
namespace AMAZES_FILE_NAMESPACE {

struct Side {
  int score;
  int points;
  std::optional<FaultKind> fault = std::nullopt;
};

MatchRow game(int pair, const std::string& red, const std::string& blue, Side r, Side b) {
  MatchRow row;
  row.id = "p" + std::to_string(pair) + "-" + red + "-" + blue;
  row.round = pair;
  row.side[0].player = red;
  row.side[1].player = blue;
  row.side[0].score = r.score;
  row.side[0].points = r.points;
  row.side[0].fault = r.fault;
  row.side[1].score = b.score;
  row.side[1].points = b.points;
  row.side[1].fault = b.fault;
  return row;
}

// A pair where NEW scores `n1`, `n2` and OLD `o1`, `o2` (first game NEW red).
std::vector<MatchRow> pair_of(int pair, int n1, int o1, int n2, int o2) {
  return {game(pair, "new", "old", {n1, n1}, {o1, o1}), game(pair, "old", "new", {o2, o2}, {n2, n2})};
}

std::vector<MatchRow> hand_rows() {
  // pair 1: NEW 100 vs 60, NEW 90 vs 80   d = 40 + 10 = +50
  // pair 2: NEW  50 vs 70, NEW 40 vs 40   d = -20 + 0 = -20
  // pair 3: NEW crashes (score 0, points -7) vs 30, NEW 30 vs 30   d = -30
  // pair 4: NEW 10 vs 10, NEW 20 vs 20    d = 0
  std::vector<MatchRow> rows;
  for (auto& r : pair_of(1, 100, 60, 90, 80)) rows.push_back(r);
  for (auto& r : pair_of(2, 50, 70, 40, 40)) rows.push_back(r);
  rows.push_back(game(3, "new", "old", {0, -7, FaultKind::Crash}, {30, 30}));
  rows.push_back(game(3, "old", "new", {30, 30}, {30, 30}));
  for (auto& r : pair_of(4, 10, 10, 20, 20)) rows.push_back(r);
  return rows;
}

TEST(VersusStats, ByHand) {
  OpponentTally tally("new", "old", 100, {});
  for (const auto& row : hand_rows()) tally.add(row);
  const auto r = tally.report();
  EXPECT_EQ(r.name, "old");
  EXPECT_EQ(r.pairs, 4);
  // NEW's scores: 100 90 50 40 0 30 10 20 = 340 over 8 games; OLD's: 60 80 70 40 30 30 10 20 = 340.
  EXPECT_DOUBLE_EQ(r.new_mean, 340.0 / 8);
  EXPECT_DOUBLE_EQ(r.old_mean, 340.0 / 8);
  // Points: NEW's crash game has -7 points: 333 / 8.
  EXPECT_DOUBLE_EQ(r.new_points_mean, 333.0 / 8);
  EXPECT_DOUBLE_EQ(r.old_points_mean, 340.0 / 8);
  // d = +50, -20, -30, 0: mean 0, Σd² = 2500 + 400 + 900 = 3800, sd = √(3800 / 3) = 35.5903,
  // 95% CI = 0 ∓ t(0.975; 3) · sd / 2 = ∓ 3.182446 · 17.79513 = ∓ 56.6313.
  EXPECT_DOUBLE_EQ(r.diff.mean, 0.0);
  ASSERT_TRUE(r.diff.sd && r.diff.ci);
  EXPECT_NEAR(*r.diff.sd, 35.5903, 1e-4);
  EXPECT_NEAR(r.diff.ci->first, -56.6313, 1e-3);
  EXPECT_NEAR(r.diff.ci->second, 56.6313, 1e-3);
  EXPECT_EQ(r.wins, 1);
  EXPECT_EQ(r.draws, 1);
  EXPECT_EQ(r.losses, 2);
  EXPECT_EQ(r.new_faults[static_cast<std::size_t>(FaultKind::Crash)], 1);
  EXPECT_EQ(r.old_faults, FaultCounts{});
  EXPECT_FALSE(r.sprt.has_value());
  EXPECT_EQ(r.verdict, VersusVerdict::Undecided);  // the interval contains 0
}

TEST(VersusStats, CountsThePrefixOfCompletePairsInAnyOrder) {
  auto rows = hand_rows();
  std::mt19937 shuffle(5);
  std::shuffle(rows.begin(), rows.end(), shuffle);
  OpponentTally tally("new", "old", 100, {});
  int counted = 0;
  for (const auto& row : rows) counted += tally.add(row);
  EXPECT_EQ(counted, 4);
  OpponentTally in_order("new", "old", 100, {});
  for (const auto& row : hand_rows()) in_order.add(row);
  const auto a = tally.report();
  const auto b = in_order.report();
  EXPECT_EQ(a.pairs, b.pairs);
  EXPECT_DOUBLE_EQ(a.diff.mean, b.diff.mean);
  EXPECT_DOUBLE_EQ(*a.diff.sd, *b.diff.sd);

  // Pair 2 half played: pairs 3 and 4 are complete but not counted yet.
  OpponentTally gap("new", "old", 100, {});
  const auto all = hand_rows();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (i != 3) gap.add(all[i]);
  }
  EXPECT_EQ(gap.counted_pairs(), 1);
  EXPECT_EQ(gap.add(all[3]), 3);  // completes pair 2, and with it 3 and 4
  EXPECT_EQ(gap.counted_pairs(), 4);
}

TEST(VersusStats, IgnoresPairsBeyondTheLimitAndRefusesStrangers) {
  OpponentTally tally("new", "old", 2, {});
  for (const auto& row : hand_rows()) tally.add(row);
  EXPECT_EQ(tally.report().pairs, 2);
  EXPECT_TRUE(tally.finished());
  EXPECT_THROW(tally.add(hand_rows()[0]), std::invalid_argument);  // counted already
  OpponentTally other("new", "old", 10, {});
  EXPECT_THROW(other.add(game(1, "new", "someone", {1, 1}, {2, 2})), std::invalid_argument);
  EXPECT_THROW(other.add(game(0, "new", "old", {1, 1}, {2, 2})), std::invalid_argument);
  other.add(game(1, "new", "old", {1, 1}, {2, 2}));
  EXPECT_THROW(other.add(game(1, "new", "old", {1, 1}, {2, 2})), std::invalid_argument);  // the same game again
  EXPECT_THROW(OpponentTally("new", "old", 5, VersusRule{std::nullopt, -1.0}), std::invalid_argument);
}

TEST(VersusStats, TheSequentialTestDecidesOnThePrefixWhateverTheOrder) {
  // NEW wins every pair by 100 ± a little: H1 at the 8th pair; pairs 9..12 are not counted.
  std::vector<MatchRow> rows;
  for (int p = 1; p <= 12; ++p) {
    for (auto& r : pair_of(p, 300 + p, 250, 300, 260 - p)) rows.push_back(r);
  }
  const VersusRule rule{stats::SprtSettings{0, 20, 0.05, 0.05}, 0.0};
  OpponentTally ordered("new", "old", 50, rule);
  for (const auto& row : rows) ordered.add(row);
  const auto expected = ordered.report();
  ASSERT_TRUE(expected.sprt.has_value());
  EXPECT_EQ(expected.sprt->verdict, stats::SprtVerdict::H1);
  EXPECT_EQ(expected.pairs, stats::kSprtMinPairs);
  EXPECT_EQ(expected.verdict, VersusVerdict::NotWorse);
  EXPECT_TRUE(ordered.finished());
  // Differences 2p + 90 for p = 1..8: mean 99; the statistics are those of these 8 pairs.
  EXPECT_DOUBLE_EQ(expected.diff.mean, 99.0);
  EXPECT_EQ(expected.wins, 8);

  for (unsigned seed = 1; seed <= 20; ++seed) {
    auto shuffled = rows;
    std::mt19937 shuffle(seed);
    std::shuffle(shuffled.begin(), shuffled.end(), shuffle);
    OpponentTally tally("new", "old", 50, rule);
    for (const auto& row : shuffled) {
      if (tally.finished()) {
        EXPECT_EQ(tally.add(row), 0);  // taken and ignored: the decision is made
      } else {
        tally.add(row);
      }
    }
    const auto r = tally.report();
    EXPECT_EQ(r.pairs, expected.pairs) << seed;
    EXPECT_DOUBLE_EQ(r.sprt->llr, expected.sprt->llr) << seed;
    EXPECT_DOUBLE_EQ(r.diff.mean, expected.diff.mean) << seed;
  }
}

TEST(VersusStats, IntervalRuleWithAndWithoutMargin) {
  const auto report_for = [](const std::vector<int>& differences, double margin) {
    OpponentTally tally("new", "old", 100, VersusRule{std::nullopt, margin});
    int p = 0;
    for (const int d : differences) {
      ++p;
      for (auto& r : pair_of(p, 100 + d, 100, 100, 100)) tally.add(r);
    }
    return tally.report();
  };
  EXPECT_EQ(report_for({30, 40, 35, 45}, 0).verdict, VersusVerdict::NotWorse);   // interval above 0
  EXPECT_EQ(report_for({-30, -40, -35, -45}, 0).verdict, VersusVerdict::Worse);  // below 0
  EXPECT_EQ(report_for({-10, 10, -5, 5}, 0).verdict, VersusVerdict::Undecided);  // contains 0
  // Mean -37.5, sd √(125/3) = 6.455, interval -37.5 ∓ 3.182 · 3.227 = [-47.8, -27.2]:
  // worse than -20, not worse than -60, neither for -40.
  EXPECT_EQ(report_for({-30, -40, -35, -45}, 20).verdict, VersusVerdict::Worse);
  EXPECT_EQ(report_for({-30, -40, -35, -45}, 60).verdict, VersusVerdict::NotWorse);
  EXPECT_EQ(report_for({-30, -40, -35, -45}, 40).verdict, VersusVerdict::Undecided);
  // Identical bots: every difference 0, interval [0, 0]: neither above nor below 0.
  EXPECT_EQ(report_for({0, 0, 0, 0, 0}, 0).verdict, VersusVerdict::Undecided);
  EXPECT_EQ(report_for({0, 0, 0, 0, 0}, 1).verdict, VersusVerdict::NotWorse);
  // One pair: no interval.
  EXPECT_EQ(report_for({500}, 0).verdict, VersusVerdict::Undecided);
  EXPECT_EQ(report_for({}, 0).pairs, 0);
}

TEST(VersusStats, AcceptedH0IsWorseOnlyBelowZero) {
  // NEW loses every pair by about 100: H0 at the 8th pair whatever the bounds below 100.
  const auto verdict_for = [](double d0, double d1) {
    OpponentTally tally("new", "old", 50, VersusRule{stats::SprtSettings{d0, d1, 0.05, 0.05}, 0.0});
    for (int p = 1; p <= 20; ++p) {
      for (auto& r : pair_of(p, 200, 250 + p, 200, 250)) tally.add(r);
    }
    const auto r = tally.report();
    EXPECT_EQ(r.sprt->verdict, stats::SprtVerdict::H0) << d0 << " " << d1;
    return r.verdict;
  };
  EXPECT_EQ(verdict_for(-20, 0), VersusVerdict::Worse);  // worse by 20 or more
  EXPECT_EQ(verdict_for(-20, 20), VersusVerdict::Worse);
  EXPECT_EQ(verdict_for(0, 20), VersusVerdict::Undecided);  // only: not better by 20
  EXPECT_EQ(verdict_for(10, 30), VersusVerdict::Undecided);
}

TEST(VersusStats, OverallVerdict) {
  OpponentReport better, worse, open;
  better.verdict = VersusVerdict::NotWorse;
  worse.verdict = VersusVerdict::Worse;
  open.verdict = VersusVerdict::Undecided;
  EXPECT_EQ(overall_verdict({better, better}), VersusVerdict::NotWorse);
  EXPECT_EQ(overall_verdict({better, open}), VersusVerdict::Undecided);
  EXPECT_EQ(overall_verdict({open, worse, better}), VersusVerdict::Worse);
  EXPECT_EQ(overall_verdict({}), VersusVerdict::Undecided);
  EXPECT_EQ(versus_verdict_name(VersusVerdict::NotWorse), "not_worse");
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::competition
