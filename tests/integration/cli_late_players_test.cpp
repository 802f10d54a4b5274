// Players added to a tournament after games were played (config/README.md, "Late players"): a
// Swiss stage pairs them from its next round, a round robin plays their missing games, and the
// run and the site say so.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"
#include "support/tournament_helpers.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

std::string bots(std::initializer_list<const char*> names) {
  std::string words;
  for (const char* name : names) words += " " + shell_quote(player_path(name));
  return words;
}

CommandResult tournament(const std::filesystem::path& out, const std::string& options, const std::string& players) {
  return run_command(amazes_exe() + " tournament --seed 3 --turns 40 " + options + " --out " +
                     shell_quote(out.string()) + players + " 2>&1");
}

// The rounds in which `player` played.
std::set<int> rounds_of(const std::filesystem::path& out, const std::string& player) {
  std::set<int> rounds;
  for (const auto& row : stable_rows(out)) {
    if (row.side[0].player == player || row.side[1].player == player) rounds.insert(row.round);
  }
  return rounds;
}

TEST(LatePlayers, ASwissPairsAPlayerAddedAfterRoundTwoFromRoundThree) {
  ScratchDir dir("late-swiss");
  const auto out = dir.path() / "out";
  CommandResult run = tournament(out, "--format swiss --rounds 2", bots({"random", "explorer", "hunter"}));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  run = tournament(out, "--format swiss --rounds 4", bots({"random", "explorer", "hunter", "wallfollower"}));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("late player wallfollower: joined after round 2: the Swiss stage pairs it from round 3"),
            std::string::npos)
      << run.output;
  EXPECT_EQ(rounds_of(out, "wallfollower"), (std::set<int>{3, 4}));
  const std::string page = read_file(out / "site" / "players" / "wallfollower.html");
  EXPECT_NE(page.find("A late player: joined after round 2: the Swiss stage pairs it from round 3."), std::string::npos)
      << page;
  // Said once: a run after it names no late player again.
  run = tournament(out, "--format swiss --rounds 4", bots({"random", "explorer", "hunter", "wallfollower"}));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(run.output.find("late player"), std::string::npos) << run.output;
}

TEST(LatePlayers, ARoundRobinPlaysALatePlayersMissingGames) {
  ScratchDir dir("late-round-robin");
  const auto out = dir.path() / "out";
  CommandResult run = tournament(out, "--rounds 2", bots({"random", "explorer"}));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  run = tournament(out, "--rounds 2", bots({"random", "explorer", "hunter"}));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("late player hunter: joined after round 2: its games of the rounds played before are "
                            "played too"),
            std::string::npos)
      << run.output;
  EXPECT_EQ(rounds_of(out, "hunter"), (std::set<int>{1, 2}));
  EXPECT_NE(read_file(out / "site" / "players" / "hunter.html").find("A late player"), std::string::npos);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
