// Running a competition again (docs/formats.md §8, config/README.md "Resuming"): a rebuilt bot
// is refused by tournament and versus alike, a finished or interrupted run's report is printed
// from its store without playing, and an interrupted run says how to continue. The real judge,
// real bots, real stores.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "amazes/competition/results_store.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "support/files.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support
namespace fs = std::filesystem;

std::string quoted(const fs::path& path) { return shell_quote(path.string()); }

fs::path test_bot(const std::string& name) { return binary_dir() / "tests" / "bots" / name; }

long lines_of(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

int stored_games(const fs::path& out) {
  const auto store =
      competition::ResultsStore::open(competition::store_path(out), competition::ResultsStore::Access::ReadOnly);
  return static_cast<int>(store.matches().size());
}

// Short games: 9×9 mazes, 4 turns of the polite test bot.
constexpr const char* kShort = " --size 9 --turns 4 -j 2 -q";

// Two bots, each in a folder of its own as a contest lays them out: copies of the polite bot
// that the test may "rebuild".
struct TwoBots {
  ScratchDir dir{"rerun-bots"};
  fs::path first = dir.path() / "first" / "polite";
  fs::path second = dir.path() / "second" / "steady";
  TwoBots() {
    fs::create_directories(first.parent_path());
    fs::create_directories(second.parent_path());
    fs::copy_file(test_bot("polite"), first);
    fs::copy_file(test_bot("polite"), second);
  }
  // A new build of the first bot under the same path (another program's bytes).
  void rebuild_first() const { fs::copy_file(test_bot("two_lines"), first, fs::copy_options::overwrite_existing); }
  std::string players() const { return " " + quoted(first) + " " + quoted(second); }
};

// a tournament resumed after a bot was rebuilt is refused as versus refuses it,
// with the same one line; another --out plays the new build.
TEST(CliRerun, ARebuiltBotIsRefusedByTournamentAsByVersus) {
  TwoBots bots;
  ScratchDir dir("rerun-rebuilt");
  const auto tournament = [&](const fs::path& out, const std::string& rounds) {
    return run_command(amazes_exe() + " tournament --rounds " + rounds + kShort + " --out " + quoted(out) +
                       bots.players() + " 2>&1");
  };
  const auto versus = [&](const fs::path& out) {
    return run_command(amazes_exe() + " versus --games 1" + kShort + " --out " + quoted(out) + bots.players() +
                       " 2>&1");
  };
  const auto t_out = dir.path() / "tournament";
  const auto v_out = dir.path() / "versus";
  ASSERT_EQ(tournament(t_out, "1").exit_code, 0);
  ASSERT_EQ(stored_games(t_out), 2);
  ASSERT_NE(versus(v_out).exit_code, 4);
  ASSERT_EQ(stored_games(v_out), 2);

  bots.rebuild_first();
  const std::string said = "the program of polite ('" + bots.first.string() +
                           "') has changed since its games here were played; use another --out (or remove ";
  const auto refused = tournament(t_out, "2");
  EXPECT_EQ(refused.exit_code, 1) << refused.output;  // a changed competition (docs/formats.md §9)
  EXPECT_NE(refused.output.find(said), std::string::npos) << refused.output;
  EXPECT_EQ(lines_of(refused.output), 1) << refused.output;
  EXPECT_EQ(stored_games(t_out), 2);  // nothing of the new build mixed in
  const auto versus_refused = versus(v_out);
  EXPECT_EQ(versus_refused.exit_code, 4) << versus_refused.output;  // versus: the run could not be made
  EXPECT_NE(versus_refused.output.find(said), std::string::npos) << versus_refused.output;
  EXPECT_EQ(lines_of(versus_refused.output), 1) << versus_refused.output;

  // The documented way on: another output folder.
  const auto fresh = tournament(dir.path() / "tournament-2", "1");
  EXPECT_EQ(fresh.exit_code, 0) << fresh.output;
  EXPECT_EQ(stored_games(dir.path() / "tournament-2"), 2);
}

// A judge started in the background, its stdout and stderr in files.
class Background {
 public:
  Background(const fs::path& dir, std::vector<std::string> args) : out_(dir / "stdout"), err_(dir / "stderr") {
    args.insert(args.begin(), judge_program());
    pid_ = spawn_with_output(std::move(args), out_.string(), err_.string());
  }
  ~Background() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      finish();
    }
  }
  Background(const Background&) = delete;
  Background& operator=(const Background&) = delete;

  // Polls (no fixed sleep) until `ready` holds; false when the judge ended first or after 60 s.
  template <class Condition>
  bool wait_until(Condition ready) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::chrono::steady_clock::now() < give_up) {
      if (ready()) return true;
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return false;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return false;
  }
  void signal(int sig) const { ::kill(pid_, sig); }
  // The wait status.
  int finish() {
    int status = 0;
    EXPECT_EQ(::waitpid(pid_, &status, 0), pid_);
    pid_ = -1;
    return status;
  }
  std::string stdout_text() const { return read_file(out_); }
  std::string stderr_text() const { return read_file(err_); }

 private:
  fs::path out_;
  fs::path err_;
  pid_t pid_ = -1;
};

// Games committed in `out` so far, read while a judge may be writing (WAL lets a reader in);
// nothing while the store is not there or not made yet.
std::optional<int> games_so_far(const fs::path& out) {
  const auto path = competition::store_path(out);
  if (!competition::ResultsStore::exists(path) || competition::ResultsStore::is_unfinished(path)) return std::nullopt;
  try {
    return stored_games(out);
  } catch (const std::exception&) {
    return std::nullopt;  // caught in the middle of its creation
  }
}

std::string last_line(const std::string& text) {
  const auto end = text.size() > 0 && text.back() == '\n' ? text.size() - 1 : text.size();
  const auto start = text.rfind('\n', end == 0 ? 0 : end - 1);
  return text.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1));
}

// Slow enough that a run is still going when its first game is stored: 6 turns, 30 ms a move.
std::vector<std::string> slow_players(const std::vector<std::string>& names) {
  std::vector<std::string> players;
  for (const auto& name : names) players.push_back(name + "=" + test_bot("polite").string() + " 6 30");
  return players;
}

std::string command_line(const std::vector<std::string>& args) {
  std::string command = amazes_exe();
  for (const auto& arg : args) command += " " + shell_quote(arg);
  return command;
}

// Ctrl-C on a tournament, once a game is stored, says how to continue, after
// which the judge dies of the signal; the standings of the interrupted run can be printed, and
// the same command completes it.
TEST(CliRerun, AnInterruptedTournamentSaysHowToContinueAndTheSameCommandCompletesIt) {
  ScratchDir dir("rerun-interrupted-tournament");
  const auto out = dir.path() / "out";
  std::vector<std::string> args = {"tournament", "--size", "9", "--turns", "6", "-j", "1", "--out", out.string()};
  for (const auto& player : slow_players({"a", "b", "c"})) args.push_back(player);

  Background judge(dir.path(), args);
  ASSERT_TRUE(judge.wait_until([&] { return games_so_far(out).value_or(0) >= 1; })) << judge.stderr_text();
  judge.signal(SIGINT);
  const int status = judge.finish();
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) << status;  // a shell shows 130
  EXPECT_EQ(last_line(judge.stderr_text()), "amazes tournament: interrupted: run the same command again to continue")
      << judge.stderr_text();
  const int stored = stored_games(out);
  EXPECT_GE(stored, 1);
  EXPECT_LT(stored, 6);
  // A game whose players the interrupt killed is not stored as their crash.
  const auto store =
      competition::ResultsStore::open(competition::store_path(out), competition::ResultsStore::Access::ReadOnly);
  for (const auto& row : store.matches()) {
    for (const auto& side : row.side) EXPECT_FALSE(side.fault.has_value()) << row.id;
  }

  const auto standings = run_command(amazes_exe() + " standings " + quoted(out) + " 2>&1");
  EXPECT_EQ(standings.exit_code, 0) << standings.output;
  // Cut mid-round, the players have played unequal numbers of games: ranked by their mean.
  EXPECT_NE(standings.output.find("Standings so far (partial: " + std::to_string(stored) +
                                  " of 6 games; ranked by mean points per game)"),
            std::string::npos)
      << standings.output;

  const auto again = run_command(command_line(args) + " 2>&1");
  EXPECT_EQ(again.exit_code, 0) << again.output;
  EXPECT_NE(again.output.find("resuming: " + std::to_string(stored) + " of 6 games already played"), std::string::npos)
      << again.output;
  EXPECT_EQ(stored_games(out), 6);
}

// `versus --report DIR` prints a stored run's report without playing, during
// and after an interruption (SIGTERM here), and after the run is completed the report it printed
// at its end; a folder without a versus run is refused with one line.
TEST(CliRerun, VersusReportReprintsAStoredRunAndAnInterruptedRunSaysHowToContinue) {
  ScratchDir dir("rerun-versus-report");
  const auto out = dir.path() / "out";
  std::vector<std::string> args = {"versus", "--games", "4", "--size", "9",     "--turns",
                                   "6",      "-j",      "1", "-q",     "--out", out.string()};
  for (const auto& player : slow_players({"new", "old"})) args.push_back(player);

  Background judge(dir.path(), args);
  ASSERT_TRUE(judge.wait_until([&] { return games_so_far(out).value_or(0) >= 1; })) << judge.stderr_text();
  judge.signal(SIGTERM);
  const int status = judge.finish();
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << status;
  EXPECT_EQ(last_line(judge.stderr_text()), "amazes versus: interrupted: run the same command again to continue")
      << judge.stderr_text();
  const int stored = stored_games(out);
  ASSERT_LT(stored, 8);

  const std::string report = amazes_exe() + " versus --report " + quoted(out);
  const auto interrupted = run_command(report + " 2>&1");
  EXPECT_EQ(interrupted.exit_code, 3) << interrupted.output;  // undecided, as the run would say
  EXPECT_NE(interrupted.output.find("new against 1 opponent"), std::string::npos) << interrupted.output;
  EXPECT_EQ(stored_games(out), stored);  // nothing played

  const auto completed = run_command(command_line(args) + " 2>/dev/null");  // stdout: the report
  EXPECT_EQ(completed.exit_code, 3) << completed.output;  // the same program twice: no difference shown
  EXPECT_EQ(stored_games(out), 8);
  const auto reprinted = run_command(report);
  EXPECT_EQ(reprinted.exit_code, 3);
  EXPECT_EQ(reprinted.output, completed.output);
  EXPECT_NE(reprinted.output.find("old           4"), std::string::npos) << reprinted.output;  // 4 pairs counted

  for (const auto& [folder, says] :
       {std::pair{dir.path(), "no versus run there"}, std::pair{dir.path() / "missing", "not a directory"}}) {
    const auto refused = run_command(amazes_exe() + " versus --report " + quoted(folder) + " 2>&1");
    EXPECT_NE(refused.exit_code, 0);
    EXPECT_NE(refused.output.find(says), std::string::npos) << refused.output;
    EXPECT_EQ(lines_of(refused.output), 1) << refused.output;
  }
  const auto with_players = run_command(report + " " + quoted(test_bot("polite")) + " 2>&1");
  EXPECT_EQ(with_players.exit_code, 2) << with_players.output;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
