// `amazes match --debug`: the game as it runs on stderr (lines written and read, stderr, faults),
// with the result lines on stdout as without it; and the end-of-match lines naming why a player
// faulted. Real bots (tests/bots/), the real judge.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "amazes/arbiter/match_log.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

struct DebugRun {
  CommandResult result;      // exit code and stdout
  std::string debug;         // stderr
  arbiter::MatchRecord log;  // the match log it wrote
};

DebugRun debug_match(const ScratchDir& dir, const std::string& options, const std::string& red,
                     const std::string& blue) {
  const auto log = dir.path() / "game.json";
  const auto err = dir.path() / "stderr.txt";
  DebugRun run;
  run.result =
      run_command(amazes_exe() + " match --debug --grace-ms 300 " + options + " --log " + shell_quote(log.string()) +
                  " " + shell_quote(red) + " " + shell_quote(blue) + " 2>" + shell_quote(err.string()));
  run.debug = read_file(err);
  if (std::filesystem::exists(log)) run.log = arbiter::read_match_log(log);
  return run;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string debug_line(const char* color, int turn, const char* mark, const std::string& text) {
  return fmt::format("{:<5} {:>3} {} {}", color, turn, mark, text);
}

// Where `line` is among `lines` from `from` on; fails the test when it is not there.
std::size_t position_of(const std::vector<std::string>& lines, const std::string& line, std::size_t from,
                        const std::string& all) {
  const auto found = std::find(lines.begin() + static_cast<long>(from), lines.end(), line);
  EXPECT_NE(found, lines.end()) << "missing in order: " << line << "\n" << all;
  return static_cast<std::size_t>(found - lines.begin());
}

TEST(CliMatchDebug, ShowsEveryLineWrittenAndReadInOrderWithTheBotsStderr) {
  ScratchDir dir("cli-debug");
  const auto run = debug_match(dir, "--seed 4 --size 8 --turns 3", bot_path("chatty"), bot_path("polite"));
  ASSERT_EQ(run.result.exit_code, 0) << run.result.output << run.debug;
  ASSERT_EQ(run.log.amazes()->turns.size(), 6U);
  const auto lines = lines_of(run.debug);
  // Every turn as the log has it: the input lines written, then the line read, red 1, blue 1, …
  std::size_t at = 0;
  std::size_t red_input_at = 0;
  for (const arbiter::LoggedTurn& turn : run.log.amazes()->turns) {
    const char* color = turn.player == Color::Red ? "red" : "blue";
    ASSERT_FALSE(turn.input.empty());
    for (const std::string& input : turn.input)
      at = position_of(lines, debug_line(color, turn.turn, "<", input), at, run.debug);
    if (turn.player == Color::Red) red_input_at = at;
    at = position_of(lines, debug_line(color, turn.turn, ">", *turn.output), at, run.debug);
    if (turn.player == Color::Red) {
      // chatty tells on stderr what it read and answers, between its input and its answer.
      const std::string told =
          fmt::format("chatty turn {}: read {}, answering {}", turn.turn, turn.input.front(), *turn.output);
      const std::size_t stderr_at =
          position_of(lines, debug_line("red", turn.turn, "!", told), red_input_at, run.debug);
      EXPECT_LT(stderr_at, at) << run.debug;
    }
  }
  EXPECT_EQ(run.debug.find("FAULT"), std::string::npos) << run.debug;

  // stdout holds the result lines, exactly as a match without --debug prints them.
  const auto plain =
      run_command(amazes_exe() + " match --grace-ms 300 --seed 4 --size 8 --turns 3 " +
                  shell_quote(bot_path("chatty")) + " " + shell_quote(bot_path("polite")) + " 2>/dev/null");
  ASSERT_EQ(plain.exit_code, 0);
  EXPECT_EQ(run.result.output, plain.output);
  EXPECT_EQ(lines_of(run.result.output).size(), 2U) << run.result.output;
}

TEST(CliMatchDebug, NamesAFaultAsItHappensAndUnderTheResult) {
  ScratchDir dir("cli-debug-fault");
  const auto run = debug_match(dir, "--seed 4 --size 8 --turns 4", bot_path("polite"), bot_path("chatty") + " 2");
  ASSERT_EQ(run.result.exit_code, 0) << run.result.output << run.debug;
  const std::string why = "answered \"FFX\": 'X' (character 3) is not F, T, L or R";
  const auto lines = lines_of(run.debug);
  const std::size_t read_at = position_of(lines, debug_line("blue", 2, ">", "FFX"), 0, run.debug);
  const std::size_t fault_at = position_of(
      lines, debug_line("blue", 2, "FAULT", "illegal: " + why + " (exit: killed by judge)"), read_at, run.debug);
  // Nothing more is written to or read from blue after its fault; red plays on.
  for (std::size_t i = fault_at + 1; i < lines.size(); ++i) EXPECT_NE(lines[i].rfind("blue", 0), 0U) << lines[i];
  position_of(lines, debug_line("red", 3, "<", run.log.amazes()->turns.at(4).input.front()), fault_at, run.debug);

  // The end-of-match lines: the fault, why, how the process ended, the end of its stderr.
  EXPECT_NE(run.result.output.find("fault illegal at turn 2\n"
                                   "      why: " +
                                   why +
                                   "\n"
                                   "      exit: killed by judge\n"
                                   "      stderr:\n"
                                   "        chatty turn 1: read "),
            std::string::npos)
      << run.result.output;
  EXPECT_NE(run.result.output.find("        chatty turn 2: read " + run.log.amazes()->turns.at(3).input.front() +
                                   ", answering FFX\n"),
            std::string::npos)
      << run.result.output;
}

TEST(CliMatchDebug, NamesACrashAndBothKindsOfTimeout) {
  ScratchDir dir("cli-debug-kinds");
  const auto crash = debug_match(dir, "--seed 4 --size 8 --turns 3", bot_path("crash") + " 2", bot_path("polite"));
  ASSERT_EQ(crash.result.exit_code, 0) << crash.debug;
  EXPECT_NE(crash.debug.find(
                debug_line("red", 2, "FAULT", "crash: it ended (or closed its stdout) before it answered (exit: ")),
            std::string::npos)
      << crash.debug;
  EXPECT_NE(crash.result.output.find("      why: it ended (or closed its stdout) before it answered\n"),
            std::string::npos)
      << crash.result.output;

  // Waiting, not computing: the wall guard (2 x 300 ms + 1 s) ends the turn, not the CPU budget.
  const auto waits = debug_match(dir, "--seed 4 --size 8 --turns 3 --time-ms 300", bot_path("polite"),
                                 bot_path("sleep_forever") + " 1");
  ASSERT_EQ(waits.result.exit_code, 0) << waits.debug;
  EXPECT_NE(waits.debug.find(debug_line(
                "blue", 1, "FAULT",
                "timeout: no line within the wall-time guard of 1600.0 ms (2 x the 300.0 ms left + 1000 ms)")),
            std::string::npos)
      << waits.debug;

  const auto computes =
      debug_match(dir, "--seed 4 --size 8 --turns 3 --time-ms 300", bot_path("busy_loop") + " 1", bot_path("polite"));
  ASSERT_EQ(computes.result.exit_code, 0) << computes.debug;
  EXPECT_NE(computes.debug.find(debug_line("red", 1, "FAULT", "timeout: used up its CPU time: ")), std::string::npos)
      << computes.debug;
  EXPECT_NE(computes.result.output.find("      why: used up its CPU time: "), std::string::npos)
      << computes.result.output;
}

// A bot that writes 20 MiB of line ends to stderr: --debug shows what the log keeps (the first
// --stderr-limit bytes, each an empty line) and says once that the rest is not shown; the game
// ends as usual and the judge's stderr stays small.
TEST(CliMatchDebug, AStderrFloodIsShownOnlyAsFarAsTheLogKeepsIt) {
  const ScratchDir dir("debug-flood");
  const auto run = debug_match(dir, "--turns 3 --seed 7", bot_path("stderr_flood") + " 2 20971520 newlines",
                               bot_path("polite") + " 3");
  EXPECT_EQ(run.result.exit_code, 0) << run.result.output;
  ASSERT_EQ(run.log.amazes()->turns.size(), 6U);
  EXPECT_FALSE(run.log.outcome[0].fault.has_value()) << run.log.outcome[0].exit;
  EXPECT_EQ(run.log.outcome[0].stderr_text, std::string(10000, '\n'));
  const auto lines = lines_of(run.debug);
  const auto shown = std::count(lines.begin(), lines.end(), debug_line("red", 2, "!", ""));
  EXPECT_EQ(shown, 10000);
  const std::string notice = debug_line("red", 2, "!",
                                        "(the rest of its stderr is not shown: the first 10000 bytes are, as the "
                                        "log keeps them; --stderr-limit sets it)");
  EXPECT_EQ(std::count(lines.begin(), lines.end(), notice), 1) << run.debug.substr(run.debug.size() - 2000);
  EXPECT_LT(run.debug.size(), 200000U);
  // The game went on after the flood: blue's third turn and red's last answer are there.
  EXPECT_NE(run.debug.find("red     3 >"), std::string::npos) << run.debug.substr(run.debug.size() - 2000);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
