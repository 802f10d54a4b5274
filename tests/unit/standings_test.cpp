// Standings arithmetic against results computed by hand.
#include <gtest/gtest.h>

#include "amazes/competition/schedule.hpp"
#include "amazes/competition/standings.hpp"

namespace amazes::competition {
namespace AMAZES_FILE_NAMESPACE {

MatchRow row(int round, const std::string& red, int red_score, int red_points, const std::string& blue, int blue_score,
             int blue_points, std::optional<FaultKind> red_fault = {}, std::optional<FaultKind> blue_fault = {}) {
  MatchRow r;
  r.round = round;
  r.id = match_id(round, red, blue);
  r.side[0].player = red;
  r.side[0].score = red_score;
  r.side[0].points = red_points;
  r.side[0].fault = red_fault;
  r.side[1].player = blue;
  r.side[1].score = blue_score;
  r.side[1].points = blue_points;
  r.side[1].fault = blue_fault;
  return r;
}

// Two rounds of alice, bob and carol; round 2 only half played.
std::vector<MatchRow> sample_rows() {
  return {
      row(1, "alice", 300, 300, "bob", 100, 100),
      row(1, "bob", 0, -20, "alice", 500, 500, FaultKind::Timeout),
      row(1, "alice", 200, 200, "carol", 200, 200),
      row(1, "carol", 1000, 1200, "alice", 0, -3),
      row(1, "bob", 50, 50, "carol", 0, -150, {}, FaultKind::Crash),
      row(1, "carol", 0, -10, "bob", 250, 250, FaultKind::Illegal),
      row(2, "alice", 100, 100, "bob", 100, 100),
      row(2, "bob", 700, 700, "alice", 0, 5, {}, FaultKind::TooLong),
  };
}

const std::vector<std::string> kPlayers = {"alice", "bob", "carol"};

std::array<int, kAllFaultKinds.size()> faults(int crash, int timeout, int illegal, int too_long, int unsolicited) {
  return {crash, timeout, illegal, too_long, unsolicited, 0};
}

TEST(Standings, TotalsRoundScoresGamesMeansFaultsAndPoints) {
  // Round 2 is half played: the players have played 6, 6 and 4 games, and rank by their mean.
  const auto standings = compute_standings(kPlayers, sample_rows(), 2, 3);
  EXPECT_EQ(standings.round, 2);
  EXPECT_EQ(standings.rounds, 3);
  EXPECT_EQ(standings.games, 8);
  EXPECT_EQ(standings.games_planned, 12);
  EXPECT_TRUE(standings.ranked_by_mean);
  ASSERT_EQ(standings.table.size(), 3U);

  const auto& carol = standings.table[0];
  EXPECT_EQ(carol.player, "carol");
  EXPECT_EQ(carol.rank, 1);  // the same total as bob's in 4 games instead of 6
  EXPECT_EQ(carol.total, 1200);
  EXPECT_EQ(carol.round_score, 0);
  EXPECT_EQ(carol.games, 4);
  EXPECT_EQ(format_hundredths(carol.mean_hundredths), "300.00");
  EXPECT_EQ(carol.faults, faults(1, 0, 1, 0, 0));
  EXPECT_EQ(carol.points, 1240);

  const auto& bob = standings.table[1];
  EXPECT_EQ(bob.player, "bob");
  EXPECT_EQ(bob.rank, 2);
  EXPECT_EQ(bob.total, 1200);
  EXPECT_EQ(bob.round_score, 800);
  EXPECT_EQ(bob.games, 6);
  EXPECT_EQ(format_hundredths(bob.mean_hundredths), "200.00");
  EXPECT_EQ(bob.faults, faults(0, 1, 0, 0, 0));
  EXPECT_EQ(bob.points, 1180);

  const auto& alice = standings.table[2];
  EXPECT_EQ(alice.player, "alice");
  EXPECT_EQ(alice.rank, 3);
  EXPECT_EQ(alice.total, 1100);
  EXPECT_EQ(alice.round_score, 100);
  EXPECT_EQ(alice.games, 6);
  EXPECT_EQ(format_hundredths(alice.mean_hundredths), "183.33");
  EXPECT_EQ(alice.faults, faults(0, 0, 0, 1, 0));
  EXPECT_EQ(alice.points, 1102);
}

TEST(Standings, EqualNumbersOfGamesRankByTotalAndShareEqualTotals) {
  // Round 1 complete, and round 2 as a Swiss round: alice and bob play their pair of games,
  // carol has the bye, which stands for two games: every player has 6.
  auto rows = sample_rows();
  rows.pop_back();
  rows.pop_back();
  rows.push_back(row(2, "alice", 100, 100, "bob", 600, 600));
  rows.push_back(row(2, "bob", 0, 0, "alice", 0, 0));
  const auto standings = compute_standings(kPlayers, rows, 2, 3, RankingRules{}, {{2, "carol"}});
  EXPECT_FALSE(standings.ranked_by_mean);
  ASSERT_EQ(standings.table.size(), 3U);
  EXPECT_EQ(standings.table[0].player, "carol");  // 1200 in 4 games and a bye
  EXPECT_EQ(standings.table[1].player, "alice");  // 1000 + 100 in 6 games
  EXPECT_EQ(standings.table[2].player, "bob");    // 400 + 600 in 6 games
}

TEST(Standings, CrossTableSumsScoresAgainstEachOpponentInTableOrder) {
  const auto standings = compute_standings(kPlayers, sample_rows(), 2, 3);
  // Table order: carol, bob, alice.
  using Cell = std::optional<std::int64_t>;
  const std::vector<std::vector<Cell>> expected = {
      {std::nullopt, 0, 1200},
      {300, std::nullopt, 900},
      {200, 900, std::nullopt},
  };
  EXPECT_EQ(standings.cross, expected);
}

TEST(Standings, OnlyRoundsUpToTheTableRoundCount) {
  const auto standings = compute_standings(kPlayers, sample_rows(), 1, 3);
  EXPECT_EQ(standings.games, 6);
  EXPECT_EQ(standings.games_planned, 6);
  ASSERT_EQ(standings.table.size(), 3U);
  EXPECT_EQ(standings.table[0].player, "carol");
  EXPECT_EQ(standings.table[0].total, 1200);
  EXPECT_EQ(standings.table[0].rank, 1);
  EXPECT_EQ(standings.table[1].player, "alice");
  EXPECT_EQ(standings.table[1].total, 1000);
  EXPECT_EQ(standings.table[1].round_score, 1000);
  EXPECT_EQ(format_hundredths(standings.table[1].mean_hundredths), "250.00");
  EXPECT_EQ(standings.table[2].player, "bob");
  EXPECT_EQ(standings.table[2].total, 400);
  EXPECT_EQ(standings.table[2].rank, 3);
}

TEST(Standings, PlayersWithoutGamesAppearWithZerosAndShareTheLastRank) {
  const auto standings =
      compute_standings({"alice", "bob", "dave", "eve"}, {row(1, "alice", 10, 10, "bob", 20, 20)}, 1, 1);
  ASSERT_EQ(standings.table.size(), 4U);
  EXPECT_EQ(standings.table[0].player, "bob");
  EXPECT_EQ(standings.table[1].player, "alice");
  EXPECT_EQ(standings.table[2].player, "dave");
  EXPECT_EQ(standings.table[2].rank, 3);
  EXPECT_EQ(standings.table[3].player, "eve");
  EXPECT_EQ(standings.table[3].rank, 3);
  EXPECT_EQ(standings.table[3].games, 0);
  EXPECT_EQ(format_hundredths(standings.table[3].mean_hundredths), "0.00");
  EXPECT_FALSE(standings.cross[2][3].has_value());
}

TEST(Standings, MeanIsRoundedHalfUpToTwoDecimals) {
  // 1 point in 8 games = 0.125 -> 0.13; 2 in 3 = 0.666… -> 0.67.
  std::vector<MatchRow> rows;
  for (int round = 1; round <= 4; ++round) {
    rows.push_back(row(round, "a", round == 1 ? 1 : 0, 0, "b", round == 1 ? 2 : 0, 0));
    rows.push_back(row(round, "b", 0, 0, "a", 0, 0));
  }
  const auto standings = compute_standings({"a", "b"}, rows, 4, 4);
  EXPECT_EQ(standings.table[0].player, "b");
  EXPECT_EQ(format_hundredths(standings.table[0].mean_hundredths), "0.25");
  EXPECT_EQ(format_hundredths(standings.table[1].mean_hundredths), "0.13");
  const auto three = compute_standings(
      {"a", "b"}, {row(1, "a", 2, 0, "b", 0, 0), row(1, "b", 0, 0, "a", 0, 0), row(2, "a", 0, 0, "b", 0, 0)}, 2, 2);
  EXPECT_EQ(format_hundredths(three.table[0].mean_hundredths), "0.67");
}

TEST(Standings, FormatsHundredths) {
  EXPECT_EQ(format_hundredths(0), "0.00");
  EXPECT_EQ(format_hundredths(5), "0.05");
  EXPECT_EQ(format_hundredths(46778), "467.78");
  EXPECT_EQ(format_hundredths(-150), "-1.50");
}

TEST(Standings, RejectsARowOfAnUnknownPlayer) {
  EXPECT_THROW(compute_standings({"alice"}, {row(1, "alice", 1, 1, "mallory", 0, 0)}, 1, 1), std::invalid_argument);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::competition
