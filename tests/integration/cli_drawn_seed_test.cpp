// Competitions and matches without --seed (docs/formats.md §8, §10): the seed is drawn at
// random, so that no bot can know its mazes in advance, said once on stderr and kept in the
// store; the same command continues with it, and --seed with it plays the same games
// elsewhere — by every executor. The real judge, the bundled bots, real stores.
#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support
namespace fs = std::filesystem;

std::string quoted(const fs::path& path) { return shell_quote(path.string()); }

// Two bundled bots, tiny games.
const std::string kPlayers =
    " " + shell_quote(player_path("explorer")) + " " + shell_quote(player_path("wallfollower"));
constexpr const char* kTiny = " -q --size 10 --turns 4 -j 2";

// The judge's stderr alone (stdout thrown away), and its exit status.
CommandResult judge_stderr(const std::string& arguments) {
  return run_command(amazes_exe() + arguments + " 2>&1 >/dev/null");
}

// The seed of the one line "amazes COMMAND: seed S drawn at random (give --seed S to play the
// same WHAT again)" in `text`; nothing when there is no such line. Fails the test when there
// are several.
std::optional<std::uint64_t> drawn_seed(const std::string& text, const std::string& command, const std::string& what) {
  const std::regex line("amazes " + command + ": seed ([0-9]+) drawn at random \\(give --seed \\1 to play the same " +
                        what + " again\\)\n");
  std::optional<std::uint64_t> seed;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), line); it != std::sregex_iterator(); ++it) {
    EXPECT_FALSE(seed) << "said more than once: " << text;
    seed = std::stoull((*it)[1].str());
  }
  return seed;
}

competition::ResultsStore store_of(const fs::path& out) {
  return competition::ResultsStore::open(competition::store_path(out), competition::ResultsStore::Access::ReadOnly);
}

// What a competition played, without what the bots made of it: each game's id, maze, players
// and starts and the seed they were drawn from, and every stored maze (text and seed).
struct Played {
  std::vector<competition::StoredRound> mazes;
  std::vector<std::string> games;
  bool operator==(const Played&) const = default;
};

Played played_in(const fs::path& out) {
  const auto store = store_of(out);
  Played played{store.rounds(), {}};
  for (const auto& row : store.matches()) {
    played.games.push_back(row.id + " " + std::to_string(row.round) + " " + row.maze + " " + row.side[0].player + " " +
                           format_start(row.side[0].start) + " " + row.side[1].player + " " +
                           format_start(row.side[1].start) + " " + (row.seed ? std::to_string(*row.seed) : "-"));
  }
  return played;
}

TEST(CliDrawnSeed, TournamentsWithoutASeedPlayMazesNobodyKnewAndTheSaidSeedPlaysThemAgain) {
  ScratchDir dir("drawn-tournament");
  const auto tournament = [&](const fs::path& out, int rounds = 1, const std::string& more = "") {
    return judge_stderr(" tournament --rounds " + std::to_string(rounds) + kTiny + more + " --out " + quoted(out) +
                        kPlayers);
  };
  const fs::path first = dir.path() / "first";
  const fs::path second = dir.path() / "second";

  const auto run1 = tournament(first);
  ASSERT_EQ(run1.exit_code, 0) << run1.output;
  const auto seed1 = drawn_seed(run1.output, "tournament", "mazes and starts");
  ASSERT_TRUE(seed1) << run1.output;
  EXPECT_EQ(store_of(first).competition().seed, *seed1);
  const Played played1 = played_in(first);
  ASSERT_EQ(played1.mazes.size(), 1U);
  ASSERT_EQ(played1.games.size(), 2U);

  // Another tournament of the same command: another seed, another maze.
  const auto run2 = tournament(second);
  ASSERT_EQ(run2.exit_code, 0) << run2.output;
  const auto seed2 = drawn_seed(run2.output, "tournament", "mazes and starts");
  ASSERT_TRUE(seed2) << run2.output;
  EXPECT_NE(*seed2, *seed1);
  const Played played2 = played_in(second);
  ASSERT_EQ(played2.mazes.size(), 1U);
  EXPECT_NE(played2.mazes[0].maze, played1.mazes[0].maze);
  EXPECT_NE(played2.games, played1.games);

  // The said seed, in a new folder: exactly the first run's mazes, starts and schedule.
  const fs::path again = dir.path() / "again";
  const auto replayed = tournament(again, 1, " --seed " + std::to_string(*seed1));
  ASSERT_EQ(replayed.exit_code, 0) << replayed.output;
  EXPECT_FALSE(drawn_seed(replayed.output, "tournament", "mazes and starts")) << replayed.output;
  EXPECT_EQ(played_in(again), played1);

  // The first command again, in its folder: the competition there, with the stored seed
  // (nothing drawn, nothing refused); with a second round it plays that round's games.
  const auto rerun = tournament(first);
  ASSERT_EQ(rerun.exit_code, 0) << rerun.output;
  EXPECT_FALSE(drawn_seed(rerun.output, "tournament", "mazes and starts")) << rerun.output;
  EXPECT_EQ(played_in(first), played1);
  const auto extended = tournament(first, 2);
  ASSERT_EQ(extended.exit_code, 0) << extended.output;
  EXPECT_FALSE(drawn_seed(extended.output, "tournament", "mazes and starts")) << extended.output;
  EXPECT_EQ(store_of(first).competition().seed, *seed1);
  const Played continued = played_in(first);
  ASSERT_EQ(continued.mazes.size(), 2U);
  EXPECT_EQ(continued.mazes[0], played1.mazes[0]);
  EXPECT_EQ(continued.games.size(), 4U);
  // Round 2 is the round 2 of --seed with the stored seed.
  ASSERT_EQ(tournament(again, 2).exit_code, 0);
  EXPECT_EQ(played_in(again), continued);

  // Another seed than the stored one is still refused.
  const auto other = tournament(first, 1, " --seed " + std::to_string(*seed1 + 1));
  EXPECT_EQ(other.exit_code, 1) << other.output;
  EXPECT_NE(
      other.output.find("has seed " + std::to_string(*seed1) + ", this run asks for " + std::to_string(*seed1 + 1)),
      std::string::npos)
      << other.output;
}

TEST(CliDrawnSeed, VersusWithoutASeedSaysItsSeedStoresItAndContinuesWithIt) {
  ScratchDir dir("drawn-versus");
  const auto versus = [&](const fs::path& out, int pairs = 1, const std::string& more = "") {
    return judge_stderr(" versus --games " + std::to_string(pairs) + kTiny + more + " --out " + quoted(out) + kPlayers);
  };
  const auto ran = [](const CommandResult& run) {
    return run.exit_code == 0 || run.exit_code == 1 || run.exit_code == 3;
  };
  const fs::path first = dir.path() / "first";

  const auto run1 = versus(first);
  ASSERT_TRUE(ran(run1)) << run1.output;
  const auto seed1 = drawn_seed(run1.output, "versus", "mazes and starts");
  ASSERT_TRUE(seed1) << run1.output;
  EXPECT_EQ(store_of(first).competition().seed, *seed1);
  const Played played1 = played_in(first);
  ASSERT_EQ(played1.games.size(), 2U);

  const auto run2 = versus(dir.path() / "second");
  ASSERT_TRUE(ran(run2)) << run2.output;
  const auto seed2 = drawn_seed(run2.output, "versus", "mazes and starts");
  ASSERT_TRUE(seed2) << run2.output;
  EXPECT_NE(*seed2, *seed1);
  EXPECT_NE(played_in(dir.path() / "second").mazes, played1.mazes);

  // The same command again: the run there, nothing drawn, nothing refused, nothing played.
  const auto rerun = versus(first);
  ASSERT_TRUE(ran(rerun)) << rerun.output;
  EXPECT_FALSE(drawn_seed(rerun.output, "versus", "mazes and starts")) << rerun.output;
  EXPECT_EQ(played_in(first), played1);
  // With one more pair: played on the stored seed.
  const auto extended = versus(first, 2);
  ASSERT_TRUE(ran(extended)) << extended.output;
  EXPECT_FALSE(drawn_seed(extended.output, "versus", "mazes and starts")) << extended.output;
  EXPECT_EQ(store_of(first).competition().seed, *seed1);
  const Played continued = played_in(first);
  EXPECT_EQ(continued.games.size(), 4U);

  // --seed with the said seed plays the same pairs elsewhere.
  const fs::path again = dir.path() / "again";
  const auto replayed = versus(again, 2, " --seed " + std::to_string(*seed1));
  ASSERT_TRUE(ran(replayed)) << replayed.output;
  EXPECT_EQ(played_in(again), continued);
}

// --executor plan: the seed is drawn once, when the store is made; the plan's games carry it,
// so what workers play is what a local run with --seed that seed plays.
TEST(CliDrawnSeed, PlannedGamesArePlayedOnTheDrawnSeed) {
  ScratchDir dir("drawn-plan");
  const fs::path planned = dir.path() / "planned";
  const std::string command =
      " tournament --rounds 2" + std::string(kTiny) + " --executor plan --out " + quoted(planned) + kPlayers;
  const auto plan = judge_stderr(command);
  ASSERT_EQ(plan.exit_code, 0) << plan.output;
  const auto seed = drawn_seed(plan.output, "tournament", "mazes and starts");
  ASSERT_TRUE(seed) << plan.output;
  // Planning again (as the Slurm coordinator does after a kill) keeps the stored seed.
  const auto replanned = judge_stderr(command);
  ASSERT_EQ(replanned.exit_code, 0) << replanned.output;
  EXPECT_FALSE(drawn_seed(replanned.output, "tournament", "mazes and starts")) << replanned.output;

  ASSERT_EQ(run_command(amazes_exe() + " work -q " + quoted(planned) + " --chunk 0 2>&1").exit_code, 0);
  ASSERT_EQ(run_command(amazes_exe() + " collect -q " + quoted(planned) + " 2>&1").exit_code, 0);
  const fs::path local = dir.path() / "local";
  ASSERT_EQ(judge_stderr(" tournament --rounds 2" + std::string(kTiny) + " --seed " + std::to_string(*seed) +
                         " --out " + quoted(local) + kPlayers)
                .exit_code,
            0);
  const Played by_workers = played_in(planned);
  EXPECT_EQ(by_workers.games.size(), 4U);
  EXPECT_EQ(by_workers, played_in(local));
}

TEST(CliDrawnSeed, AMatchWithoutASeedSaysTheSeedItDrewAndTheLogKeepsIt) {
  ScratchDir dir("drawn-match");
  const auto match = [&](const fs::path& log, const std::string& more = "") {
    return judge_stderr(" match -q --turns 2 --log " + quoted(log) + more + kPlayers);
  };
  const auto first = match(dir.path() / "first.json");
  ASSERT_EQ(first.exit_code, 0) << first.output;
  const auto seed = drawn_seed(first.output, "match", "maze and starts");
  ASSERT_TRUE(seed) << first.output;
  const auto logged = arbiter::read_match_log(dir.path() / "first.json");
  EXPECT_EQ(logged.seed, seed);

  const auto second = match(dir.path() / "second.json");
  ASSERT_EQ(second.exit_code, 0) << second.output;
  EXPECT_NE(drawn_seed(second.output, "match", "maze and starts"), seed) << second.output;

  // The said seed plays the same maze and starts, and nothing is drawn.
  const auto again = match(dir.path() / "again.json", " --seed " + std::to_string(*seed));
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_FALSE(drawn_seed(again.output, "match", "maze and starts")) << again.output;
  const auto replayed = arbiter::read_match_log(dir.path() / "again.json");
  EXPECT_EQ(replayed.amazes()->board.maze, logged.amazes()->board.maze);
  EXPECT_EQ(replayed.amazes()->board.starts, logged.amazes()->board.starts);

  // A maze file without start lines: only the starts are drawn.
  write_file(dir.path() / "maze.txt", read_file(source_dir() / "mazes" / "maze-0001.maze"));
  const auto on_file = match(dir.path() / "on-file.json", " --maze " + quoted(dir.path() / "maze.txt"));
  ASSERT_EQ(on_file.exit_code, 0) << on_file.output;
  EXPECT_TRUE(drawn_seed(on_file.output, "match", "starts")) << on_file.output;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
