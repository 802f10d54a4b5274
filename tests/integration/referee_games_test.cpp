// `amazes referee more|amazes` as caiaio runs them (docs/referees.md), with a tiny caiaio of
// the test's own (tests/support/fake_caiaio.hpp): the sample More bots play each other, and
// the Amazes referee gives the same scores as `amazes match` for the same seed and bots.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "amazes/arbiter/match_log.hpp"
#include "support/fake_caiaio.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

std::string more_bot(const std::string& name) { return (binary_dir() / "more-players" / name).string(); }

struct Report {
  int first = -1;
  int second = -1;
  std::string message;
};

// "report S1 S2 MESSAGE", as a Caia manager reads it.
Report parse_report(const std::string& result) {
  Report report;
  std::istringstream words(result);
  std::string tag;
  words >> tag >> report.first >> report.second >> report.message;
  EXPECT_EQ(tag, "report") << result;
  return report;
}

bool said(const CaiaGame& game, const std::string& line) {
  return std::find(game.transcript.begin(), game.transcript.end(), line) != game.transcript.end();
}

TEST(RefereeGames, TheSampleMoreBotsPlayThroughTheReferee) {
  const std::vector<std::string> referee = {judge_program(), "referee", "more", "--seed", "5"};
  const CaiaGame game = run_caia_game(referee, {{more_bot("more_runner")}, {more_bot("random_more")}});
  ASSERT_TRUE(WIFEXITED(game.referee_status) && WEXITSTATUS(game.referee_status) == 0);
  const Report report = parse_report(game.result);
  // The runner goes home; the random bot is cut off after 80 moves, far from home.
  EXPECT_EQ(report.first, 20) << game.result;
  EXPECT_EQ(report.second, 0) << game.result;
  EXPECT_EQ(report.message.rfind("cut_off;white:", 0), 0U) << report.message;
  EXPECT_NE(report.message.find(";black:80moves+"), std::string::npos) << report.message;
  EXPECT_EQ(report.message.find('('), std::string::npos) << "no fault: " << report.message;
  EXPECT_TRUE(said(game, "1 Start"));
  EXPECT_TRUE(said(game, "2 Nil"));  // the runner arrived, the random bot plays on alone
  EXPECT_TRUE(said(game, "1 Quit"));
  EXPECT_TRUE(said(game, "2 Quit"));

  // The same seed and bots: the same game, line for line.
  EXPECT_EQ(run_caia_game(referee, {{more_bot("more_runner")}, {more_bot("random_more")}}).transcript, game.transcript);
}

TEST(RefereeGames, TheRunnerAlsoWinsWithBlack) {
  const CaiaGame game = run_caia_game({judge_program(), "referee", "more", "--seed", "6"},
                                      {{more_bot("random_more")}, {more_bot("more_runner")}});
  const Report report = parse_report(game.result);
  EXPECT_EQ(report.first, 0) << game.result;
  EXPECT_EQ(report.second, 20) << game.result;
  EXPECT_TRUE(said(game, "1 Nil"));
}

// Two runners on one board: both arrive, and the scores add up to 20.
TEST(RefereeGames, TwoRunnersBothArrive) {
  const CaiaGame game = run_caia_game({judge_program(), "referee", "more", "--seed", "7"},
                                      {{more_bot("more_runner")}, {more_bot("more_runner")}});
  const Report report = parse_report(game.result);
  EXPECT_EQ(report.first + report.second, 20) << game.result;
  EXPECT_EQ(report.message.rfind("arrived;", 0), 0U) << report.message;
}

TEST(RefereeGames, APlayerThatDiesIsACrashAndScoresZero) {
  const CaiaGame game =
      run_caia_game({judge_program(), "referee", "more", "--seed", "5"}, {{more_bot("more_runner")}, {"/bin/true"}});
  const Report report = parse_report(game.result);
  EXPECT_EQ(report.second, 0) << game.result;
  EXPECT_NE(report.message.find("(crash_at_move_1)"), std::string::npos) << report.message;
  EXPECT_TRUE(said(game, "> <caiaio:_player_stopped>"));
  EXPECT_TRUE(said(game, "1 Quit"));
  EXPECT_FALSE(said(game, "2 Quit"));
}

// A bot that plays only illegal moves: Caia's manager reads the message as before, with the fault
// in it; the `fault=` word after it is for a judge in caiaio's place.
TEST(RefereeGames, AnIllegalPlayerIsNamedAfterTheMessage) {
  const CaiaGame game = run_caia_game({judge_program(), "referee", "more", "--seed", "5"},
                                      {{more_bot("more_runner")}, {bot_path("more_illegal")}});
  const Report report = parse_report(game.result);
  EXPECT_EQ(report.second, 0) << game.result;
  EXPECT_NE(report.message.find(";black:"), std::string::npos) << report.message;
  EXPECT_EQ(report.message.substr(report.message.size() - std::string("(illegal_at_move_1)").size()),
            "(illegal_at_move_1)")
      << report.message;
  EXPECT_EQ(game.result, "report " + std::to_string(report.first) + " 0 " + report.message + " fault=-,illegal@1");
  EXPECT_FALSE(said(game, "2 Quit"));
}

// The Amazes referee plays the game `amazes match --seed S` plays: the same maze and starts,
// the same lines, so deterministic bots score the same, with either colour.
TEST(RefereeGames, TheAmazesRefereeScoresAsAmazesMatchDoes) {
  ScratchDir dir("referee-amazes");
  const auto log = dir.path() / "game.json";
  const std::string explorer = player_path("explorer");
  const std::string hunter = player_path("hunter");
  for (const auto& [red, blue] : {std::pair{explorer, hunter}, std::pair{hunter, explorer}}) {
    const auto match = run_command(amazes_exe() + " match --seed 11 --turns 40 --log " + shell_quote(log.string()) +
                                   " " + shell_quote(red) + " " + shell_quote(blue) + " 2>&1");
    ASSERT_EQ(match.exit_code, 0) << match.output;
    const auto record = arbiter::read_match_log(log);
    ASSERT_GT(record.outcome[0].points + record.outcome[1].points, 0);

    const CaiaGame game =
        run_caia_game({judge_program(), "referee", "amazes", "--seed", "11", "--turns", "40"}, {{red}, {blue}});
    const Report report = parse_report(game.result);
    EXPECT_EQ(report.first, record.outcome[0].score) << red << ": " << game.result;
    EXPECT_EQ(report.second, record.outcome[1].score) << blue << ": " << game.result;
    EXPECT_EQ(report.message, "normal;red:" + std::to_string(record.outcome[0].points) +
                                  "points;blue:" + std::to_string(record.outcome[1].points) + "points");
    EXPECT_TRUE(said(game, "1 Start"));
  }
}

TEST(RefereeGames, UsageErrorsAreRefusedBeforeAnyLine) {
  const auto bad_board = run_command(amazes_exe() + " referee more --board 0123 2>&1 </dev/null");
  EXPECT_EQ(bad_board.exit_code, 2) << bad_board.output;
  EXPECT_NE(bad_board.output.find("--board: a board is 60 digits 0, 1 or 2; got 4 characters"), std::string::npos)
      << bad_board.output;
  const auto both = run_command(amazes_exe() + " referee more --board " + std::string(60, '0') + " --seed 1 2>&1");
  EXPECT_EQ(both.exit_code, 2) << both.output;
  const auto turns = run_command(amazes_exe() + " referee amazes --turns 151 2>&1 </dev/null");
  EXPECT_EQ(turns.exit_code, 2) << turns.output;
  const auto group = run_command(amazes_exe() + " referee 2>&1");
  EXPECT_EQ(group.exit_code, 2);
  EXPECT_NE(group.output.find("referee amazes, referee more, referee lamistra, referee susan"), std::string::npos)
      << group.output;
}

// Without --seed the board is drawn at random and the seed said on stderr; with caiaio gone
// (no input) the referee says so and fails.
TEST(RefereeGames, ADrawnSeedIsSaidAndALostCaiaioIsAFailure) {
  const auto result = run_command(amazes_exe() + " referee more 2>&1 >/dev/null </dev/null");
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_NE(result.output.find("drawn at random (give --seed"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("caiaio closed the referee's input"), std::string::npos) << result.output;
}

// caiaio starts a referee with its log file as the one argument.
TEST(RefereeGames, TheLogFileArgumentGetsTheGame) {
  ScratchDir dir("referee-log");
  const auto log = dir.path() / "referee.log";
  const CaiaGame game = run_caia_game({judge_program(), "referee", "more", "--seed", "5", log.string()},
                                      {{more_bot("more_runner")}, {more_bot("more_runner")}});
  const std::string text = read_file(log);
  EXPECT_EQ(text.rfind("board ", 0), 0U) << text;
  EXPECT_NE(text.find("white 1: "), std::string::npos) << text;
  EXPECT_NE(text.find("result: white "), std::string::npos) << text;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
