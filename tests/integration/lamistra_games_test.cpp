// Lamistra games through the real judge (docs/referees.md, "The Lamistra referee"): `amazes
// match --referee 'amazes referee lamistra'` with the sample bot, TOEVAL and the fault bots, each
// fault bot's error in the referee's log and its irregular loss in the record, and a small
// tournament of config/lamistra.ini that ends with standings.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "amazes/arbiter/match_log.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

std::string lamistra_bot(const std::string& name) { return (binary_dir() / "lamistra-players" / name).string(); }
std::string toeval(int seed) { return lamistra_bot("toeval_lamistra") + " " + std::to_string(seed); }

struct LamistraGame {
  arbiter::MatchRecord record;
  std::string output;       // amazes match's
  std::string referee_log;  // the referee's account
};

// One game, red `red` and blue `blue` (commands), as the issue of a contest plays it.
LamistraGame play(const std::string& red, const std::string& blue) {
  ScratchDir dir("lamistra-game");
  const auto log = dir.path() / "game.json";
  const auto referee_log = dir.path() / "referee.log";
  const std::string command = amazes_exe() + " match --referee " + shell_quote("amazes referee lamistra") +
                              " --scores 0-12 --time-ms 180000 --referee-log " + shell_quote(referee_log.string()) +
                              " --log " + shell_quote(log.string()) + " " + shell_quote(red) + " " + shell_quote(blue) +
                              " 2>&1";
  const auto result = run_command(command);
  EXPECT_EQ(result.exit_code, 0) << result.output;
  return {arbiter::read_match_log(log), result.output, read_file(referee_log)};
}

TEST(LamistraGames, TheSampleBotBeatsToevalClearlyAndNobodyFaults) {
  int wins = 0;
  int games = 0;
  for (int seed = 1; seed <= 8; ++seed) {
    for (const bool bot_is_red : {true, false}) {
      const LamistraGame game = bot_is_red ? play(lamistra_bot("lamistra_bot"), toeval(seed))
                                           : play(toeval(seed), lamistra_bot("lamistra_bot"));
      const int bot = bot_is_red ? 0 : 1;
      ASSERT_TRUE(game.record.referee() != nullptr) << game.output;
      for (const auto& outcome : game.record.outcome) EXPECT_FALSE(outcome.fault) << game.output;
      const std::string& report = game.record.referee()->report;
      EXPECT_EQ(report.find("fault="), std::string::npos) << report;
      const int bot_score = game.record.outcome[bot].score;
      const int toeval_score = game.record.outcome[1 - bot].score;
      // Match points: 12-0, or 3-1 or 2-2 after 200 moves each.
      EXPECT_TRUE((bot_score == 12 && toeval_score == 0) || (bot_score == 0 && toeval_score == 12) ||
                  bot_score + toeval_score == 4)
          << report;
      wins += bot_score > toeval_score ? 1 : 0;
      ++games;
      EXPECT_NE(game.referee_log.find("result: red "), std::string::npos) << game.referee_log;
    }
  }
  EXPECT_GE(wins, games - 1) << wins << " wins of " << games;
}

// Every fault bot, red and blue against the sample bot: its error in the referee's log, the
// irregular loss 0-12, the fault in the report's extension and the record.
TEST(LamistraGames, EachFaultBotGetsItsErrorAndTheIrregularLoss) {
  struct Case {
    std::string bot;
    std::string end;  // the report's message
    std::string error;
  };
  const std::vector<Case> cases = {
      {"lamistra_false_claim", "false_claim", "has moved: it cannot be the bomb (B)"},
      {"lamistra_moved_bomb", "illegal_move", "is the bomb (B): it never moves"},
      {"lamistra_seventeenth", "illegal_move", "a seventeenth piece: 16 pieces of"},
      {"lamistra_back_and_forth", "illegal_move", "no moving straight back unless one of the two moves attacks"},
  };
  for (const Case& c : cases) {
    for (const int seat : {0, 1}) {
      const std::string faulty = bot_path(c.bot);
      const std::string sample = lamistra_bot("lamistra_bot");
      const LamistraGame game = seat == 0 ? play(faulty, sample) : play(sample, faulty);
      const std::string what = c.bot + (seat == 0 ? " as red" : " as blue");
      ASSERT_TRUE(game.record.referee() != nullptr) << what << game.output;
      EXPECT_EQ(game.record.outcome[seat].fault, FaultKind::Illegal) << what << game.output;
      EXPECT_FALSE(game.record.outcome[1 - seat].fault) << what << game.output;
      EXPECT_EQ(game.record.outcome[seat].score, 0) << what;
      EXPECT_EQ(game.record.outcome[1 - seat].score, 12) << what;
      const std::string& report = game.record.referee()->report;
      const std::string scores = seat == 0 ? "report 0 12 " : "report 12 0 ";
      EXPECT_EQ(report.rfind(scores + c.end + " fault=" + (seat == 0 ? "illegal@" : "-,illegal@"), 0), 0U)
          << what << ": " << report;
      EXPECT_NE(game.referee_log.find(c.error), std::string::npos) << what << ":\n" << game.referee_log;
      EXPECT_NE(game.output.find("(the referee's)"), std::string::npos) << what << game.output;
      // The referee's reason, from its `fault N KIND: REASON` line, with the fault and under it.
      const std::string& reason = game.record.outcome[seat].fault_reason;
      EXPECT_EQ(reason.rfind(c.end + ": \"", 0), 0U) << what << ": " << reason;
      EXPECT_NE(reason.find(c.error), std::string::npos) << what << ": " << reason;
      EXPECT_NE(game.output.find("why: the referee judged it: " + c.end + ": "), std::string::npos) << game.output;
      // Both sides read X, the faulty bot ended at the end of its input.
      int x_lines = 0;
      for (const auto& line : game.record.referee()->transcript) {
        x_lines += line.route == arbiter::RefereeRoute::RefereeToPlayer && line.text == "X" ? 1 : 0;
      }
      EXPECT_EQ(x_lines, 2) << what;
    }
  }
}

// config/lamistra.ini, its bots those of this build, one round: both games, standings.
TEST(LamistraGames, ATournamentOfTheConfigEndsWithStandings) {
  ScratchDir dir("lamistra-tournament");
  std::string config = read_file(source_dir() / "config" / "lamistra.ini");
  for (std::size_t at = config.find("../build/"); at != std::string::npos; at = config.find("../build/", at)) {
    config.replace(at, 9, binary_dir().string() + "/");
    at += binary_dir().string().size();
  }
  EXPECT_NE(config.find("ranking = nio-2005"), std::string::npos);
  // TOEVAL draws from /dev/urandom unless given a seed: now and then it lasts the 200 moves, and the
  // cut-off scores the game 3-1 or 2-2. Its seed makes the games the same on every run.
  const auto toeval = config.find("toeval_lamistra\n");
  ASSERT_NE(toeval, std::string::npos) << config;
  config.insert(toeval + std::string("toeval_lamistra").size(), " 1");
  write_file(dir.path() / "lamistra.ini", config);
  const auto result =
      run_command(amazes_exe() + " tournament --config " + shell_quote((dir.path() / "lamistra.ini").string()) +
                  " --rounds 1 --out " + shell_quote((dir.path() / "out").string()) + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("Final standings (1 round): 2 players, 2 games"), std::string::npos) << result.output;
  const std::string standings = read_file(dir.path() / "out" / "standings.txt");
  EXPECT_NE(standings.find("faults"), std::string::npos) << standings;
  EXPECT_NE(standings.find("buchholz"), std::string::npos) << standings;
  // The sample bot first, with two wins of 12 match points.
  const auto first = standings.find("\n   1  bot ");
  ASSERT_NE(first, std::string::npos) << standings;
  const std::string row = standings.substr(first + 1, standings.find('\n', first + 1) - first - 1);
  EXPECT_NE(row.find(" 24 "), std::string::npos) << row;
  EXPECT_NE(standings.find("\n   2  toeval "), std::string::npos) << standings;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
