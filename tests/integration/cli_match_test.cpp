// `amazes match` and `amazes log show` as a user runs them: exit codes, the one line per
// player, the match log on disk, and an interrupted judge that takes its players with it.
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <thread>

#include "amazes/arbiter/match_log.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"
#include "support/small_mazes.hpp"

extern char** environ;

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

std::string match_command(const std::string& arguments) {
  return amazes_exe() + " match --time-ms 2000 --grace-ms 300 " + arguments + " 2>&1";
}

TEST(CliMatch, PlaysWritesTheLogAndPrintsOneLinePerPlayer) {
  ScratchDir dir("cli-match");
  const auto log = dir.path() / "game.json";
  const auto result =
      run_command(match_command("--seed 4 --log " + shell_quote(log.string()) + " " + shell_quote(bot_path("polite")) +
                                " " + shell_quote(bot_path("crash") + " 7")));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("red   polite"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("blue  crash"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("fault crash at turn 7"), std::string::npos) << result.output;

  const auto record = arbiter::read_match_log(log);
  EXPECT_EQ(record.seed, 4U);
  EXPECT_EQ(record.amazes()->turns.size(), 300U);
  EXPECT_EQ(record.outcome[1].fault, FaultKind::Crash);
  EXPECT_EQ(record.players[1].command, bot_path("crash") + " 7");
  const auto shown = run_command(amazes_exe() + " log show --ascii " + shell_quote(log.string()));
  ASSERT_EQ(shown.exit_code, 0) << shown.output;
  EXPECT_NE(shown.output.find("crash: -"), std::string::npos) << shown.output;
  EXPECT_NE(shown.output.find("final board"), std::string::npos);
  EXPECT_EQ(shown.output.find("warning"), std::string::npos) << shown.output;
}

// A judge started from a cron job or a service manager may have no stdin, stdout or stderr.
// Its own files must not take those numbers: once did a player's cgroup file, the player's
// stdout pipe replaced it in the child, and the judge waited for ever for a player no kill
// reached. The sandbox is the default one, so cgroups are in play where the machine has them.
TEST(CliMatch, PlaysWithItsStandardDescriptorsClosed) {
  ScratchDir dir("cli-match-closed");
  const auto log = dir.path() / "game.json";
  const auto result = run_command("timeout 60 " + amazes_exe() + " match --seed 4 --log " + shell_quote(log.string()) +
                                  " " + shell_quote(bot_path("polite")) + " " + shell_quote(player_path("explorer")) +
                                  " 0<&- 1>&- 2>&-; echo exit=$?");
  ASSERT_EQ(result.output, "exit=0\n");
  const auto record = arbiter::read_match_log(log);
  EXPECT_EQ(record.amazes()->turns.size(), 300U);
  EXPECT_FALSE(record.outcome[0].fault.has_value()) << record.outcome[0].exit;
  EXPECT_FALSE(record.outcome[1].fault.has_value()) << record.outcome[1].exit;
}

TEST(CliMatch, UsesTheStartsOfTheMazeFileUnlessOverridden) {
  ScratchDir dir("cli-match");
  const auto log = dir.path() / "game.json";
  const auto maze = source_dir() / "mazes" / "maze-0001.maze";
  const std::string polite = shell_quote(bot_path("polite") + " 3");
  auto result = run_command(match_command("--turns 3 --maze " + shell_quote(maze.string()) +
                                          " --red-start 1,1,W --blue-start 25,25,E --log " + shell_quote(log.string()) +
                                          " " + polite + " " + polite));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  auto record = arbiter::read_match_log(log);
  EXPECT_EQ(record.amazes()->board.starts.red, (Start{{0, 0}, Direction::West}));
  EXPECT_EQ(record.amazes()->board.starts.blue, (Start{{24, 24}, Direction::East}));
  EXPECT_FALSE(record.seed.has_value());
  EXPECT_EQ(record.amazes()->board.maze, parse_maze(read_file(maze)).maze);
}

TEST(CliMatch, RefusesWhatCannotBePlayed) {
  const std::string polite = shell_quote(bot_path("polite"));
  const struct {
    std::string arguments;
    int exit_code;
    const char* message;
  } cases[] = {
      {polite + " /nonexistent/bot", 2, "/nonexistent/bot: no such file"},
      {polite + " " + shell_quote("'unterminated"), 2, "quote"},
      {polite, 2, "need RED_CMD and BLUE_CMD"},
      {"--clock sundial " + polite + " " + polite, 2, "--clock must be cpu or wall"},
      {"--turns 0 " + polite + " " + polite, 2, "--turns must be from 1 to 150, not 0"},
      {"--seed -1 " + polite + " " + polite, 2, "--seed: '-1' is not a number"},
      {"--red-start 1,1,Q --blue-start 25,25,E " + polite + " " + polite, 2, "--red-start '1,1,Q'"},
      {"--maze /nonexistent.maze " + polite + " " + polite, 1, "/nonexistent.maze"},
  };
  for (const auto& c : cases) {
    const auto result = run_command(match_command(c.arguments));
    EXPECT_EQ(result.exit_code, c.exit_code) << c.arguments << "\n" << result.output;
    EXPECT_NE(result.output.find(c.message), std::string::npos) << c.arguments << "\n" << result.output;
    EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << result.output;
  }
}

TEST(CliMatch, RefusesAnInvalidMazeAndAFileTheKernelCannotRun) {
  ScratchDir dir("cli-match");
  const std::string polite = shell_quote(bot_path("polite"));
  // Readable as a maze file, but not a valid maze (docs/rules.md §2): the centre is walled in.
  const auto walled = dir.path() / "walled.maze";
  write_file(walled, kRingWithoutCentre);
  const auto maze = run_command(match_command("--maze " + shell_quote(walled.string()) + " " + polite + " " + polite));
  EXPECT_EQ(maze.exit_code, 1) << maze.output;
  EXPECT_NE(maze.output.find("walled.maze: not a valid maze: rule 2.2 connected: square 2,2"), std::string::npos)
      << maze.output;
  EXPECT_EQ(std::count(maze.output.begin(), maze.output.end(), '\n'), 1) << maze.output;

  // Executable, but neither ELF nor a script: refused before the match like a missing program.
  const auto text = dir.path() / "text-bot";
  write_file(text, "F\n");
  std::filesystem::permissions(text, std::filesystem::perms::owner_all);
  const auto bot = run_command(match_command(polite + " " + shell_quote(text.string())));
  EXPECT_EQ(bot.exit_code, 2) << bot.output;
  EXPECT_NE(bot.output.find("text-bot: not a program"), std::string::npos) << bot.output;
  EXPECT_EQ(std::count(bot.output.begin(), bot.output.end(), '\n'), 1) << bot.output;
}

// A Python bot saved with Windows line ends: its #! line names "/usr/bin/python3\r", which the
// kernel cannot find. Refused before the match with one line that says why, not a "crash".
TEST(CliMatch, RefusesAScriptWhoseHashBangLineEndsInACarriageReturn) {
  ScratchDir dir("cli-match-crlf");
  const auto script = dir.path() / "bot.py";
  write_file(script, "#!/usr/bin/python3\r\nprint('T', flush=True)\r\n");
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  const auto result = run_command(match_command(shell_quote(bot_path("polite")) + " " + shell_quote(script.string())));
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_NE(result.output.find(script.string() + ": its #! line ends in a carriage return"), std::string::npos)
      << result.output;
  EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << result.output;
}

// A bot author sees why the bot failed in the match's own output: what it did, how it ended and
// the end of its stderr (escaped), under the fault line.
TEST(CliMatch, AFaultIsShownWithTheExitAndTheLastLinesOfStderr) {
  const std::string noisy =
      "sh -c 'for i in 1 2 3 4 5 6; do echo line $i >&2; done; printf \"\\033[31mgiving up\\n\" >&2; exit 3'";
  const auto result = run_command(
      match_command("--seed 4 --size 8 --turns 5 " + shell_quote(bot_path("polite")) + " " + shell_quote(noisy)));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("fault crash at turn 1\n"
                               "      why: it ended (or closed its stdout) before it answered\n"
                               "      exit: exit 3\n"
                               "      stderr, last 5 of 7 lines:\n"
                               "        line 3\n"
                               "        line 4\n"
                               "        line 5\n"
                               "        line 6\n"
                               "        \\x1b[31mgiving up\n"),
            std::string::npos)
      << result.output;
  EXPECT_EQ(result.output.find('\x1b'), std::string::npos) << result.output;
  // A player without a fault gets its one line only.
  EXPECT_NE(result.output.find("fault -\nblue"), std::string::npos) << result.output;
}

// A runtime that cannot start writes its error on stdout: the first line is taken for the
// move, and the rest is what its author needs. It is shown under `why:`, by `--debug`, and by
// `log show`.
TEST(CliMatch, TheRestOfAFaultingAnswerIsShownAndLogged) {
  ScratchDir dir("cli-match-more");
  const std::string log = (dir.path() / "game.json").string();
  const auto result =
      run_command(match_command("--seed 4 --size 8 --turns 5 --log " + shell_quote(log) + " " +
                                shell_quote(bot_path("startup_error")) + " " + shell_quote(bot_path("polite"))));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const std::string more = "it wrote more on stdout: \"Could not allocate compressed class space: 1073741824 bytes\"";
  EXPECT_NE(result.output.find("fault illegal at turn 1\n"
                               "      why: answered \"Error occurred during initialization of VM\": 'E' (character 1) "
                               "is not F, T, L or R; " +
                               more + "\n"),
            std::string::npos)
      << result.output;

  const arbiter::MatchRecord record = arbiter::read_match_log(log);
  ASSERT_TRUE(record.amazes()->turns.front().more_output.has_value());
  EXPECT_EQ(*record.amazes()->turns.front().more_output,
            "Could not allocate compressed class space: 1073741824 bytes\n");

  const auto shown = run_command(amazes_exe() + " log show " + shell_quote(log) + " 2>&1");
  ASSERT_EQ(shown.exit_code, 0) << shown.output;
  EXPECT_NE(shown.output.find("red why: answered"), std::string::npos) << shown.output;
  EXPECT_NE(shown.output.find(more), std::string::npos) << shown.output;

  const auto debug =
      run_command(match_command("--debug --seed 4 --size 8 --turns 5 " + shell_quote(bot_path("startup_error")) + " " +
                                shell_quote(bot_path("polite"))));
  EXPECT_NE(debug.output.find(more), std::string::npos) << debug.output;
}

// Whether `pid` has SIGKILL pending, or is gone already.
bool killed(pid_t pid) {
  std::string status;
  try {
    status = read_file("/proc/" + std::to_string(pid) + "/status");
  } catch (const std::exception&) {
    return true;
  }
  for (const char* field : {"\nSigPnd:\t", "\nShdPnd:\t"}) {
    const auto at = status.find(field);
    if (at == std::string::npos) continue;
    const unsigned long long pending = std::stoull(status.substr(at + std::strlen(field), 16), nullptr, 16);
    if ((pending & (1ULL << (SIGKILL - 1))) != 0) return true;
  }
  return status.find("\nState:\tZ") != std::string::npos || status.find("\nState:\tX") != std::string::npos;
}

// The pids of the players (not their bwrap wrappers) whose command line contains `marker`.
std::vector<pid_t> processes_with(const std::string& marker) {
  const std::string bots = bot_path("");
  std::vector<pid_t> found;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::string cmdline;
    try {
      cmdline = read_file(entry.path() / "cmdline");
    } catch (const std::exception&) {
      continue;  // gone meanwhile
    }
    std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
    if (cmdline.find(marker) != std::string::npos && cmdline.rfind(bots, 0) == 0) {
      found.push_back(std::stoi(name));
    }
  }
  return found;
}

TEST(CliMatch, AnInterruptedJudgeKillsItsPlayersFirst) {
  for (const int signal : {SIGTERM, SIGINT}) {
    const std::string marker = "marker-" + std::to_string(::getpid()) + "-" + std::to_string(signal);
    // Blue sleeps at its first turn, so the judge sits waiting on it with both players alive.
    const std::string red = bot_path("polite") + " 150 " + marker;
    const std::string blue = bot_path("sleep_forever") + " 1 " + marker;
    std::vector<std::string> words = {judge_program(), "match", "--seed", "2", "--time-ms", "60000", red, blue};
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    pid_t judge = 0;
    ASSERT_EQ(::posix_spawn(&judge, words[0].c_str(), nullptr, nullptr, argv.data(), environ), 0);
    // Wait (bounded) until both players run.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (processes_with(marker).size() < 2 && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::yield();
    }
    ASSERT_EQ(processes_with(marker).size(), 2U);
    ASSERT_EQ(::kill(judge, signal), 0);
    int status = 0;
    ASSERT_EQ(::waitpid(judge, &status, 0), judge);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal) << status;
    // Killed before the judge died: a player still there has its SIGKILL pending (a cgroup's
    // kill is sent at once, and carried out as each process next runs), and is gone soon.
    for (const pid_t player : processes_with(marker)) EXPECT_TRUE(killed(player)) << player;
    const auto gone_by = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!processes_with(marker).empty() && std::chrono::steady_clock::now() < gone_by) std::this_thread::yield();
    EXPECT_TRUE(processes_with(marker).empty());
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
