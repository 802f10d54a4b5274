// Running a competition again (docs/formats.md §8, config/README.md "Resuming"): a rebuilt bot
// is refused by tournament and versus alike, a finished or interrupted run's report is printed
// from its store without playing, and an interrupted run says how to continue. The real judge,
// real bots, real stores.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "amazes/competition/results_store.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "support/files.hpp"
#include "support/run.hpp"

namespace amazes {
namespace {

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

// #7 of issue 14: a tournament resumed after a bot was rebuilt is refused as versus refuses it,
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

}  // namespace
}  // namespace amazes
