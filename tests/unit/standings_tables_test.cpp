// The standings in their four formats, for results computed by hand.
#include <gtest/gtest.h>

#include "amazes/competition/schedule.hpp"
#include "amazes/report/standings_files.hpp"
#include "amazes/report/standings_tables.hpp"

namespace amazes::report {
namespace AMAZES_FILE_NAMESPACE {

using competition::MatchRow;

MatchRow row(int round, const std::string& red, int red_score, const std::string& blue, int blue_score,
             std::optional<FaultKind> blue_fault = {}) {
  MatchRow r;
  r.round = round;
  r.id = competition::match_id(round, red, blue);
  r.maze = "maze<1>.txt";
  r.log = competition::match_log_path(r.id);
  r.side[0].player = red;
  r.side[0].score = red_score;
  r.side[0].points = red_score;
  r.side[1].player = blue;
  r.side[1].score = blue_score;
  r.side[1].points = blue_fault ? -7 : blue_score;
  r.side[1].fault = blue_fault;
  if (blue_fault) r.side[1].fault_turn = 3;
  return r;
}

StoreSnapshot sample() {
  StoreSnapshot snapshot;
  snapshot.players = {"zed", "amy", "bo"};
  snapshot.rounds = 2;
  snapshot.matches = {row(1, "zed", 100, "amy", 300),
                      row(1, "amy", 50, "zed", 0, FaultKind::Timeout),
                      row(1, "zed", 10, "bo", 20),
                      row(1, "bo", 5, "zed", 5),
                      row(1, "amy", 1, "bo", 2),
                      row(1, "bo", 0, "amy", 0, FaultKind::Unsolicited),
                      row(2, "zed", 400, "amy", 0, FaultKind::Crash)};
  return snapshot;
}

// The final report without its certainty columns (tested below): the table of every format.
StandingsReport final_table(const StoreSnapshot& snapshot) {
  auto report = final_report(snapshot);
  report.certainty.reset();
  return report;
}

TEST(StandingsTables, CsvHasTheColumnsOfTheFormatThenPointsAndTheCrossTable) {
  const auto report = final_table(sample());
  EXPECT_EQ(standings_csv(report),
            "rank,player,total,round,games,mean,crash,timeout,illegal,too_long,unsolicited,no_output,points,vs_zed,vs_"
            "amy,vs_bo\n"
            "1,zed,515,400,5,103.00,0,1,0,0,0,0,508,,500,15\n"
            "2,amy,351,0,5,70.20,1,0,0,0,1,0,337,350,,1\n"
            "3,bo,27,0,4,6.75,0,0,0,0,0,0,27,25,2,\n");
  EXPECT_EQ(report.title, "Standings so far (partial: 7 of 12 games; ranked by mean points per game)");
}

TEST(StandingsTables, TheFinalTableSaysHowSureEachRankIs) {
  const auto report = final_report(sample());
  ASSERT_TRUE(report.certainty.has_value());
  const auto csv = standings_csv(report);
  EXPECT_NE(csv.find("unsolicited,no_output,rating,rating_low,rating_high,ranks,sure_ahead,points,"), std::string::npos)
      << csv;
  // bo won both its pairings (25 to 15 against zed, 2 to 1 against amy): rated first, but on so
  // few games no order is sure and every rank interval spans the field.
  EXPECT_NE(csv.find("\n3,bo,27,0,4,6.75,0,0,0,0,0,0,211,-164,587,1-3,-,"), std::string::npos) << csv;
  EXPECT_NE(standings_text(report).find(
                "sure_ahead: ahead of the next player, every yes of the table holding together at 95 % (Holm)"),
            std::string::npos);
  EXPECT_FALSE(round_report(sample(), 1).certainty.has_value());
}

TEST(StandingsTables, RoundTablesAreCumulativeUpToTheirRound) {
  const auto report = round_report(sample(), 1);
  EXPECT_EQ(report.title, "Standings after round 1 of 2");
  EXPECT_EQ(report.standings.games, 6);
  EXPECT_EQ(report.matches.size(), 6U);
  EXPECT_EQ(standings_csv(report),
            "rank,player,total,round,games,mean,crash,timeout,illegal,too_long,unsolicited,no_output,points,vs_amy,vs_"
            "zed,vs_bo\n"
            "1,amy,351,351,4,87.75,0,0,0,0,1,0,344,,350,1\n"
            "2,zed,115,115,4,28.75,0,1,0,0,0,0,108,100,,15\n"
            "3,bo,27,27,4,6.75,0,0,0,0,0,0,27,2,25,\n");
}

TEST(StandingsTables, TextIsAlignedWithANumberedCrossTable) {
  const auto text = standings_text(final_table(sample()));
  EXPECT_EQ(text,
            "Standings so far (partial: 7 of 12 games; ranked by mean points per game): 3 players, 7 games\n"
            "total: the points of every game.\n"
            "\n"
            "rank  player  total  round  games    mean  crash  timeout  illegal  too_long  unsolicited  no_output\n"
            "   1  zed       515    400      5  103.00      0        1        0         0            0          0\n"
            "   2  amy       351      0      5   70.20      1        0        0         0            1          0\n"
            "   3  bo         27      0      4    6.75      0        0        0         0            0          0\n"
            "\n"
            "Score of each player (row) against each opponent (column):\n"
            "   player    1    2   3\n"
            "1  zed       -  500  15\n"
            "2  amy     350    -   1\n"
            "3  bo       25    2   -\n");
}

TEST(StandingsTables, MarkdownTables) {
  const auto md = standings_markdown(final_table(sample()));
  EXPECT_NE(md.find("# Standings so far (partial: 7 of 12 games; ranked by mean points per game)\n"),
            std::string::npos);
  EXPECT_NE(md.find("| rank | player | total | round | games | mean | crash | timeout | illegal | too_long | "
                    "unsolicited | no_output |\n"
                    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
                    "| 1 | zed | 515 | 400 | 5 | 103.00 | 0 | 1 | 0 | 0 | 0 | 0 |\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| player | zed | amy | bo |\n|---|---:|---:|---:|\n| zed | - | 500 | 15 |\n"), std::string::npos)
      << md;
}

TEST(StandingsTables, HtmlLinksEveryGameToItsLogAndEscapesText) {
  const auto final_html = standings_html(final_report(sample()));
  const auto round_html = standings_html(round_report(sample(), 1));
  EXPECT_NE(final_html.find("<a href=\"matches/r02-zed-amy.json\">r02-zed-amy</a>"), std::string::npos);
  EXPECT_NE(round_html.find("<a href=\"../matches/r01-bo-amy.json\">r01-bo-amy</a>"), std::string::npos);
  EXPECT_EQ(round_html.find("r02-"), std::string::npos);
  EXPECT_NE(final_html.find("maze&lt;1&gt;.txt"), std::string::npos);
  EXPECT_EQ(final_html.find("maze<1>"), std::string::npos);
  EXPECT_NE(final_html.find("0 (-7) crash @3"), std::string::npos);
  // Games in schedule order: round, then pair by entry order, red-first game first.
  EXPECT_LT(final_html.find("r01-zed-amy"), final_html.find("r01-amy-zed"));
  EXPECT_LT(final_html.find("r01-amy-zed"), final_html.find("r01-zed-bo"));
  EXPECT_LT(final_html.find("r01-bo-amy"), final_html.find("r02-zed-amy"));
}

TEST(StandingsTables, FinalTitleOnceEveryGameIsPlayed) {
  auto snapshot = sample();
  snapshot.rounds = 1;
  snapshot.matches.pop_back();
  EXPECT_EQ(final_report(snapshot).title, "Final standings (1 round)");
  EXPECT_EQ(round_directory_name(3), "round-03");
  EXPECT_EQ(round_directory_name(120), "round-120");
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::report
