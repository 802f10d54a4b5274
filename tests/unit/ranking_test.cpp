// Points systems, each tie-break deciding a constructed tie, and the seeds' two presets ranking
// hand-made results as their rules say.
#include <gtest/gtest.h>

#include "amazes/competition/ranking.hpp"
#include "amazes/competition/schedule.hpp"
#include "amazes/competition/standings.hpp"

namespace amazes::competition {
namespace AMAZES_FILE_NAMESPACE {

struct Side {
  std::string player;
  int score = 0;
  std::optional<FaultKind> fault = {};
  std::map<std::string, std::int64_t> values = {};
};

MatchRow game(int round, const Side& red, const Side& blue) {
  MatchRow row;
  row.round = round;
  row.id = match_id(round, red.player, blue.player);
  for (std::size_t c = 0; c < 2; ++c) {
    const Side& side = c == 0 ? red : blue;
    row.side[c].player = side.player;
    row.side[c].score = side.score;
    row.side[c].fault = side.fault;
    row.side[c].values = side.values;
  }
  return row;
}

RankingRules rules_with(PointsSystem points, std::vector<TieBreak> tie_breaks) {
  RankingRules rules;
  rules.points = points;
  rules.tie_breaks = std::move(tie_breaks);
  return rules;
}

// "name:rank" in table order.
std::vector<std::string> ranked(const Standings& standings) {
  std::vector<std::string> out;
  for (const auto& entry : standings.table) out.push_back(entry.player + ":" + std::to_string(entry.rank));
  return out;
}

std::optional<double> tie_break_of(const Standings& standings, const std::string& player, std::size_t k) {
  for (const auto& entry : standings.table) {
    if (entry.player == player) return entry.tie_breaks.at(k);
  }
  return std::nullopt;
}

TEST(Ranking, MatchPointsComeFromTheGamesResult) {
  const auto rules = rules_with(PointsSystem::Match, {});
  const auto won = game(1, {"a", 7}, {"b", 3});
  const auto drawn = game(1, {"a", 5}, {"b", 5});
  EXPECT_EQ(game_points(rules, won, 0), 2);
  EXPECT_EQ(game_points(rules, won, 1), 0);
  EXPECT_EQ(game_points(rules, drawn, 1), 1);
  EXPECT_EQ(game_points(RankingRules{}, won, 0), 7);  // the game's score
}

TEST(Ranking, EqualTotalsWithoutTieBreaksShareARank) {
  const auto standings = compute_standings({"a", "b", "c"}, {game(1, {"a", 2}, {"c", 0}), game(1, {"b", 2}, {"c", 0})},
                                           1, 1, rules_with(PointsSystem::Score, {}));
  EXPECT_EQ(ranked(standings), (std::vector<std::string>{"a:1", "b:1", "c:3"}));
}

TEST(Ranking, FewestFaultsBreakATie) {
  const std::vector<MatchRow> rows = {game(1, {"a", 10}, {"c", 0, FaultKind::Crash}),
                                      game(1, {"c", 10}, {"b", 0, FaultKind::Timeout}), game(1, {"b", 10}, {"a", 0})};
  const auto standings =
      compute_standings({"a", "b", "c"}, rows, 1, 1, rules_with(PointsSystem::Score, {{TieBreakKind::Faults, {}}}));
  // All three 10 points; a faulted in no game.
  EXPECT_EQ(ranked(standings), (std::vector<std::string>{"a:1", "b:2", "c:2"}));
  EXPECT_EQ(tie_break_of(standings, "b", 0), 1.0);
}

TEST(Ranking, BuchholzCountsTheOpponentsTotalsOncePerPairing) {
  // Swiss-like: a beat c (who then beat d), b beat d, then a and b drew with 0. a, b and c have
  // 2 points each in 4 games, but a's opponents are the stronger.
  const std::vector<MatchRow> rows = {game(1, {"a", 1}, {"c", 0}), game(1, {"c", 0}, {"a", 1}),
                                      game(1, {"b", 1}, {"d", 0}), game(1, {"d", 0}, {"b", 1}),
                                      game(2, {"c", 1}, {"d", 0}), game(2, {"d", 0}, {"c", 1}),
                                      game(2, {"a", 0}, {"b", 0}), game(2, {"b", 0}, {"a", 0})};
  const auto standings = compute_standings({"a", "b", "c", "d"}, rows, 2, 2,
                                           rules_with(PointsSystem::Score, {{TieBreakKind::Buchholz, {}}}));
  // a's resistance is c's 2 + b's 2 (once for each pairing of two games), b's is d's 0 + a's 2,
  // c's is a's 2 + d's 0: b and c stay tied.
  EXPECT_EQ(ranked(standings), (std::vector<std::string>{"a:1", "b:2", "c:2", "d:4"}));
  EXPECT_EQ(tie_break_of(standings, "a", 0), 4.0);
  EXPECT_EQ(tie_break_of(standings, "b", 0), 2.0);
  EXPECT_EQ(tie_break_of(standings, "c", 0), 2.0);
}

TEST(Ranking, SonnebornBergerWeighsWinsByTheBeatenOpponentsTotal) {
  // a and b each won one game and lost one; a beat the stronger x.
  const std::vector<MatchRow> rows = {game(1, {"a", 1}, {"x", 0}), game(1, {"y", 1}, {"a", 0}),
                                      game(1, {"b", 1}, {"y", 0}), game(1, {"x", 1}, {"b", 0}),
                                      game(2, {"x", 1}, {"y", 0})};
  const auto standings = compute_standings({"a", "b", "x", "y"}, rows, 2, 2,
                                           rules_with(PointsSystem::Score, {{TieBreakKind::SonnebornBerger, {}}}));
  // x: 2 points, y: 1 point; a beat x (2) -> 2, b beat y (1) -> 1.
  EXPECT_EQ(tie_break_of(standings, "a", 0), 2.0);
  EXPECT_EQ(tie_break_of(standings, "b", 0), 1.0);
  EXPECT_EQ(ranked(standings)[1], "a:2");
  EXPECT_EQ(ranked(standings)[2], "b:3");
}

TEST(Ranking, HeadToHeadLooksOnlyAtTheGamesAmongThePlayersStillTied) {
  // a, b, c on 2 points each; among a and b (tied after the first tie-break) a won their game.
  const std::vector<MatchRow> rows = {game(1, {"a", 1}, {"b", 0}), game(1, {"b", 1}, {"c", 0}),
                                      game(1, {"c", 1}, {"a", 0}), game(2, {"a", 1}, {"d", 0}),
                                      game(2, {"b", 1}, {"d", 0}), game(2, {"d", 1}, {"c", 0})};
  const auto rules = rules_with(PointsSystem::Score,
                                {{TieBreakKind::Faults, {}}, {TieBreakKind::Wins, {}}, {TieBreakKind::HeadToHead, {}}});
  const auto standings = compute_standings({"a", "b", "c", "d"}, rows, 2, 2, rules);
  // a, b: 2 points, 2 wins; c: 1 point; d: 1 point. c and d: head-to-head d beat c.
  EXPECT_EQ(ranked(standings), (std::vector<std::string>{"a:1", "b:2", "d:3", "c:4"}));
  EXPECT_EQ(tie_break_of(standings, "a", 2), 1.0);
  EXPECT_EQ(tie_break_of(standings, "b", 2), 0.0);
}

TEST(Ranking, GamesWonBreakATieOfDrawsAgainstAWinAndALoss) {
  const auto rules = rules_with(PointsSystem::Match, {{TieBreakKind::Wins, {}}});
  const std::vector<MatchRow> rows = {game(1, {"a", 3}, {"c", 1}), game(1, {"d", 3}, {"a", 1}),
                                      game(1, {"b", 2}, {"c", 2}), game(1, {"d", 2}, {"b", 2})};
  const auto standings = compute_standings({"a", "b", "c", "d"}, rows, 1, 1, rules);
  // a: a win and a loss (2 + 0); b: two draws (1 + 1).
  EXPECT_EQ(ranked(standings)[1], "a:2");
  EXPECT_EQ(ranked(standings)[2], "b:3");
}

TEST(Ranking, AReportedValueBreaksATie) {
  const auto rules = rules_with(PointsSystem::Match, {{TieBreakKind::Value, "move_points"}});
  const std::vector<MatchRow> rows = {
      game(1, {"a", 1, {}, {{"move_points", 170}}}, {"c", 0, {}, {{"move_points", 30}}}),
      game(1, {"b", 1, {}, {{"move_points", 180}}}, {"d", 0, {}, {{"move_points", 20}}})};
  const auto standings = compute_standings({"a", "b", "c", "d"}, rows, 1, 1, rules);
  EXPECT_EQ(ranked(standings), (std::vector<std::string>{"b:1", "a:2", "c:3", "d:4"}));
}

TEST(Ranking, AByeAddsItsPointsToTheTotal) {
  RankingRules rules = rules_with(PointsSystem::Match, {});
  rules.bye_points = 4;
  const auto standings = compute_standings({"a", "b", "c"}, {game(1, {"a", 1}, {"b", 0}), game(1, {"b", 1}, {"a", 0})},
                                           1, 1, rules, {{1, "c"}});
  EXPECT_EQ(ranked(standings), (std::vector<std::string>{"c:1", "a:2", "b:2"}));
  EXPECT_EQ(standings.table[0].byes, 1);
  EXPECT_EQ(standings.table[0].total, 4);
}

// NIO 2005 (Lamistra): the referee's scores are the match points (12-0 a win, 3-1 or 2-2 at the
// cut-off); ties by the fewest irregular game ends, then resistance points, else a shared place.
TEST(Ranking, TheNio2005PresetRanksAsTheSeedSays) {
  const std::vector<MatchRow> rows = {
      game(1, {"A", 12}, {"B", 0}), game(1, {"C", 12}, {"D", 0, FaultKind::Illegal}),  // D's move was irregular
      game(1, {"E", 3}, {"F", 1}),                                                     // the cut-off: E had more pieces
      game(1, {"G", 2}, {"H", 2}),                                                     // the cut-off, equal pieces
      game(2, {"A", 2}, {"E", 2}),  game(2, {"C", 2}, {"F", 2}),
      game(2, {"B", 2}, {"D", 2}),  game(2, {"G", 0}, {"H", 12}),
  };
  const auto standings =
      compute_standings({"A", "B", "C", "D", "E", "F", "G", "H"}, rows, 2, 2, ranking_preset("nio-2005"));
  // A, C and H: 14, no faults; resistance A = B 2 + E 5 = 7, C = D 2 + F 3 = 5, H = G 2 + G 2 = 4.
  // B, D and G: 2; D ended a game irregularly; resistance G = H 14 + H 14 = 28, B = A 14 + D 2 = 16.
  EXPECT_EQ(ranked(standings), (std::vector<std::string>{"A:1", "C:2", "H:3", "E:4", "F:5", "G:6", "B:7", "D:8"}));
  EXPECT_EQ(tie_break_of(standings, "A", 1), 7.0);
  EXPECT_EQ(tie_break_of(standings, "C", 1), 5.0);
  EXPECT_EQ(tie_break_of(standings, "D", 0), 1.0);
}

TEST(Ranking, TheNio2005PresetLeavesAFullTieAsASharedPlace) {
  const std::vector<MatchRow> rows = {game(1, {"A", 2}, {"B", 2})};
  const auto standings = compute_standings({"A", "B"}, rows, 1, 1, ranking_preset("nio-2005"));
  EXPECT_EQ(ranked(standings), (std::vector<std::string>{"A:1", "B:1"}));
}

// NIO 2001 (Susan): 2/1/0 match points; ties by move points (per game the loser 1 per move
// played, the winner 200 minus the moves, a draw 100 each), then the fewest irregular ends.
TEST(Ranking, TheNio2001PresetRanksAsTheSeedSays) {
  const auto susan = [](const std::string& player, int score, int move_points, std::optional<FaultKind> fault = {}) {
    return Side{player, score, fault, {{"move_points", move_points}}};
  };
  const std::vector<MatchRow> rows = {
      game(1, susan("P", 1, 175), susan("Q", 0, 25)),  // won in 25 moves
      game(1, susan("R", 1, 170), susan("S", 0, 30)),
      game(1, susan("X", 1, 160), susan("Y", 0, 40, FaultKind::Illegal)),  // Y lost by an illegal move
      game(1, susan("Z", 1, 160), susan("W", 0, 40)),
      game(2, susan("P", 1, 100), susan("R", 1, 100)),  // a draw
      game(2, susan("X", 1, 100), susan("Z", 1, 100)),
      game(2, susan("Q", 1, 100), susan("S", 1, 100)),
      game(2, susan("Y", 1, 100), susan("W", 1, 100)),
  };
  const auto standings =
      compute_standings({"P", "Q", "R", "S", "X", "Y", "Z", "W"}, rows, 2, 2, ranking_preset("nio-2001"));
  // 3 points: P 275, R 270, X 260, Z 260 (X and Z equal: no faults either: shared).
  // 1 point: S 130, Q 125, W 140, Y 140 (W and Y equal: Y's loss was irregular).
  EXPECT_EQ(ranked(standings), (std::vector<std::string>{"P:1", "R:2", "X:3", "Z:3", "W:5", "Y:6", "S:7", "Q:8"}));
  EXPECT_EQ(standings.table[0].total, 3);
}

TEST(Ranking, SettingsReadAndWriteTheirText) {
  RankingRules rules;
  parse_points("match 12/6/0", rules);
  EXPECT_EQ(rules.points, PointsSystem::Match);
  EXPECT_EQ(rules.match_points, (MatchPoints{12, 6, 0}));
  EXPECT_EQ(points_text(rules), "match 12/6/0");
  parse_points("score", rules);
  EXPECT_EQ(points_text(rules), "score");
  EXPECT_THROW(parse_points("match 0/1/2", rules), RankingError);
  EXPECT_THROW(parse_points("wins", rules), RankingError);

  const auto tie_breaks = parse_tie_breaks("faults, buchholz,sonneborn-berger,head-to-head,wins,value:move_points");
  ASSERT_EQ(tie_breaks.size(), 6U);
  EXPECT_EQ(tie_breaks_text(tie_breaks), "faults,buchholz,sonneborn-berger,head-to-head,wins,value:move_points");
  EXPECT_EQ(tie_break_column(tie_breaks[5]), "move_points");
  EXPECT_TRUE(parse_tie_breaks("none").empty());
  EXPECT_THROW(parse_tie_breaks("faults,faults"), RankingError);
  EXPECT_THROW(parse_tie_breaks("elo"), RankingError);
  EXPECT_THROW(ranking_preset("fide"), RankingError);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::competition
