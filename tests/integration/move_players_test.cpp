// Players run once per move (docs/referees.md, "Players run once per move"), with real programs
// under a test referee: the input file holds what the referee wrote since the last answer, the
// folder lasts the game and no longer, and each fault of a per-move player has its marker. The
// attacks run under each isolation (tests/CMakeLists.txt runs this suite behind bubblewrap too).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "amazes/arbiter/match.hpp"
#include "amazes/arbiter/match_log.hpp"
#include "amazes/report/fault_reason.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"
#include "support/sandbox_offer.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

std::string rounds_referee() { return (source_dir() / "tests" / "referees" / "per_move_rounds.sh").string(); }

arbiter::MatchSpec per_move_spec(const std::string& player1, const std::string& player2) {
  arbiter::MatchSpec spec = match_spec(player1, player2);
  spec.settings.game = arbiter::GameChoice(rounds_referee());
  spec.settings.scores = {0, 0};
  spec.settings.move_files = {"SPEL.IN", "SPEL.UIT"};
  spec.settings.sandbox = isolated_settings();
  return spec;
}

// The answers the rounds referee reported: A1|B1|A2|B2|A3|B3.
std::vector<std::string> answers(const arbiter::MatchRecord& record) {
  std::vector<std::string> parts;
  std::string message = record.referee()->report.substr(std::string("report 0 0 ").size());
  for (std::size_t bar; (bar = message.find('|')) != std::string::npos; message.erase(0, bar + 1)) {
    parts.push_back(message.substr(0, bar));
  }
  parts.push_back(message);
  return parts;
}

const arbiter::RefereeLine* listen_of(const arbiter::MatchRecord& record, int player, int listen) {
  for (const auto& line : record.referee()->transcript) {
    if (line.route == arbiter::RefereeRoute::PlayerToReferee && line.player == player && line.listen == listen) {
      return &line;
    }
  }
  return nullptr;
}

TEST(MovePlayers, EachMoveReadsWhatTheRefereeWroteSinceTheLastAnswerAndTheFolderLastsTheGame) {
  REQUIRE_SANDBOX(isolation_under_test(), "root");
  const auto record = arbiter::run_match(per_move_spec(bot_path("move_echo"), bot_path("move_echo")));
  // Move N of each player: two lines, the first `round N`; its count of moves kept in its folder.
  EXPECT_EQ(answers(record), (std::vector<std::string>{"1:round 1:2", "1:round 1:2", "2:round 2:2", "2:round 2:2",
                                                       "3:round 3:2", "3:round 3:2"}));
  EXPECT_FALSE(record.outcome[0].fault);
  EXPECT_FALSE(record.outcome[1].fault);
  // The log records what each move was allowed: the budget left, and the limit.
  const arbiter::RefereeLine* second = listen_of(record, 1, 2);
  ASSERT_NE(second, nullptr);
  EXPECT_DOUBLE_EQ(second->budget_ms, 1000 - listen_of(record, 1, 1)->time_ms);
  EXPECT_DOUBLE_EQ(second->limit_ms, second->budget_ms);
  EXPECT_TRUE(no_child_left());
}

TEST(MovePlayers, NoOutputFileAndTooSlowAreFaultsOfTheirOwn) {
  REQUIRE_SANDBOX(isolation_under_test(), "root");
  // A program that answers on stdout writes no SPEL.UIT: NIO's BESTAND.
  auto silent = arbiter::run_match(per_move_spec(bot_path("polite"), bot_path("move_echo")));
  EXPECT_EQ(silent.outcome[0].fault, FaultKind::NoOutput);
  EXPECT_EQ(silent.outcome[0].fault_turn, 1);
  EXPECT_EQ(answers(silent)[0], "<caiaio:_player_no_output_file>");
  EXPECT_EQ(answers(silent)[1], "1:round 1:2");
  EXPECT_FALSE(report::fault_why(silent, Color::Red).empty());

  // Too slow for the limit per move, with budget to spare: TIJD OP at its limit.
  arbiter::MatchSpec slow = per_move_spec(bot_path("move_echo"), bot_path("move_echo") + " 1");
  slow.settings.time_ms = 5000;
  slow.settings.move_time_ms = 300;
  // Wall time to spare, so that a busy machine (a test beside this one) cannot make the wall
  // guard fire before the CPU limit.
  slow.settings.wall_guard_extra_ms = 5000;
  const auto record = arbiter::run_match(slow);
  EXPECT_EQ(record.outcome[1].fault, FaultKind::Timeout);
  EXPECT_EQ(answers(record)[1], "<caiaio:_player_timeout>");
  const arbiter::RefereeLine* listen = listen_of(record, 2, 1);
  ASSERT_NE(listen, nullptr);
  EXPECT_DOUBLE_EQ(listen->limit_ms, 300);
  EXPECT_DOUBLE_EQ(listen->budget_ms, 5000);
  EXPECT_EQ(listen->limit_hit, arbiter::LimitHit::Move);
  EXPECT_NE(report::fault_why(record, Color::Blue).find("300"), std::string::npos)
      << report::fault_why(record, Color::Blue);
  EXPECT_TRUE(no_child_left());
}

TEST(MovePlayers, APerMovePlayerReachesNothingOfTheJudgeTheOtherPlayerOrAnotherGame) {
  REQUIRE_SANDBOX(isolation_under_test(), "root");
  ScratchDir scratch("move-attacks");
  const std::filesystem::path victim = scratch.path() / "victim";
  write_file(victim, "the judge's own file\n");
  const std::string marker = left_running_marker();
  const std::string attacker = bot_path("move_attacks") + " " + victim.string() + " " + marker;
  for (int game = 1; game <= 2; ++game) {  // the second game would find what the first left
    const auto record = arbiter::run_match(per_move_spec(attacker, bot_path("move_echo")));
    const std::vector<std::string> said = answers(record);
    ASSERT_EQ(said.size(), 6U);
    EXPECT_EQ(said[0], "clean") << "game " << game;
    EXPECT_EQ(said[2], "clean") << "game " << game;
    // Its answer a link to /etc/shadow: no answer at all, and nothing of the file anywhere.
    EXPECT_EQ(said[4], "<caiaio:_player_no_output_file>") << "game " << game;
    EXPECT_EQ(record.outcome[0].fault, FaultKind::NoOutput);
    EXPECT_EQ(arbiter::match_log_json(record).dump().find("root:"), std::string::npos);
    EXPECT_EQ(read_file(victim), "the judge's own file\n");
    EXPECT_TRUE(no_child_left());
  }
  const auto left = run_command("pgrep -f '[s]leep " + marker + "$'");
  EXPECT_NE(left.exit_code, 0) << left.output;
}

// A game of `amazes match`, whose program makes its mount namespace at its start: the folders are
// tmpfs there, bounded in total (in this test program they would be ordinary folders).
arbiter::MatchRecord played_by_the_command(const std::string& referee, const std::string& player1,
                                           const std::string& player2) {
  ScratchDir scratch("move-command");
  const std::string log = (scratch.path() / "game.json").string();
  const auto played =
      run_command(amazes_exe() + " match -q --seed 1 --sandbox " + isolation_under_test() + " --referee " +
                  shell_quote(referee) + " --scores 0-0 --move-files SPEL.IN,SPEL.UIT --log " + log + " " +
                  shell_quote(player1) + " " + shell_quote(player2) + " 2>&1");
  EXPECT_EQ(played.exit_code, 0) << played.output;
  return arbiter::read_match_log(log);
}

TEST(MovePlayers, AsRootTheFolderHoldsSixtyFourMebibytesAndAThousandEntriesUnderTheCommandLine) {
  REQUIRE_SANDBOX(isolation_under_test(), "root");
  const auto record = played_by_the_command(rounds_referee() + " 1", bot_path("move_fill"), bot_path("move_echo"));
  // 64 files of 1 MiB, the 65th beyond; 1,000 entries with the link that is its answer.
  EXPECT_EQ(answers(record)[0], "wrote 64 MiB, 999 entries");
  EXPECT_NE(record.outcome[0].stderr_text.find("SPEL.UIT linked: yes, SPEL.IN linked: no"), std::string::npos)
      << record.outcome[0].stderr_text;
}

// The attack that stopped whole tournaments: a folder full to the last page and entry, its
// answer and (where it may) its input hard links to the filler, so that removing them frees
// nothing. The input file is the judge's with its room kept: every move takes its input.
TEST(MovePlayers, AFullFolderWithTheJudgesFilesLinkedToTheFillerStillTakesEachInput) {
  REQUIRE_SANDBOX(isolation_under_test(), "root");
  const auto record = played_by_the_command(rounds_referee(), bot_path("move_fill"), bot_path("move_echo"));
  EXPECT_EQ(answers(record), (std::vector<std::string>{"wrote 64 MiB, 999 entries", "1:round 1:2", "full from before",
                                                       "2:round 2:2", "full from before", "3:round 3:2"}));
  EXPECT_FALSE(record.outcome[0].fault);
  EXPECT_FALSE(record.outcome[1].fault);
  EXPECT_TRUE(no_child_left());
}

// Only an input larger than the room kept for it, in a folder the player filled, does not fit:
// that is the player's fault (NIO's BESTAND), said with its reason, and the game goes on.
TEST(MovePlayers, AnInputBeyondTheRoomKeptInAFolderThePlayerFilledIsItsFault) {
  REQUIRE_SANDBOX(isolation_under_test(), "root");
  const auto record = played_by_the_command((source_dir() / "tests" / "referees" / "per_move_big_input.sh").string(),
                                            bot_path("move_fill"), bot_path("move_echo"));
  EXPECT_EQ(answers(record), (std::vector<std::string>{"wrote 64 MiB, 999 entries", "1:round 1:2",
                                                       "<caiaio:_player_no_output_file>", "2:round 2:72"}));
  EXPECT_EQ(record.outcome[0].fault, FaultKind::NoOutput);
  EXPECT_EQ(record.outcome[0].fault_turn, 2);
  EXPECT_FALSE(record.outcome[1].fault);
  const std::string why = report::fault_why(record, Color::Red);
  EXPECT_NE(why.find("it was not run: SPEL.IN (280"), std::string::npos) << why;
  EXPECT_NE(why.find("No space left on device"), std::string::npos) << why;
  // The reason is in the log, and read back from it.
  const std::string json = arbiter::match_log_json(record).dump();
  EXPECT_NE(json.find("\"why\":\"SPEL.IN (280"), std::string::npos);
  EXPECT_EQ(report::fault_why(arbiter::parse_match_log(json, "game.json"), Color::Red), why);
  EXPECT_TRUE(no_child_left());
}

TEST(MovePlayers, TheBuiltInGameRefusesThemWithOneLine) {
  arbiter::MatchSpec spec = match_spec(bot_path("move_echo"), bot_path("move_echo"));
  spec.settings.move_files = {"SPEL.IN", "SPEL.UIT"};
  EXPECT_THROW(arbiter::check_player_commands(spec), arbiter::PlayerCommandError);
}

TEST(MovePlayers, TheCommandLineTakesTwoPlainFileNames) {
  const auto bad = run_command(amazes_exe() + " match --move-files SPEL.IN --referee x a b 2>&1");
  EXPECT_EQ(bad.exit_code, 2) << bad.output;
  EXPECT_NE(bad.output.find("IN,OUT"), std::string::npos) << bad.output;
  const auto slash = run_command(amazes_exe() + " match --move-files ../x,SPEL.UIT --referee x a b 2>&1");
  EXPECT_EQ(slash.exit_code, 2) << slash.output;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
