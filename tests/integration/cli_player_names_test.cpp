// Players named after their programs in a real tournament: two bots whose files have the same
// name are told apart by their folders, and a lone name is the file's, as stores have it.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

namespace fs = std::filesystem;

std::set<std::string> standings_names(const fs::path& out) {
  std::set<std::string> names;
  const auto table = csv_table(read_file(out / "standings.csv"));
  for (std::size_t row = 1; row < table.size(); ++row) names.insert(table[row].at(1));
  return names;
}

TEST(CliPlayerNames, BotsWithTheSameFileNameAreNamedByTheirFolders) {
  ScratchDir dir("player-names");
  for (const std::string version : {"v1", "v2"}) {
    fs::create_directories(dir.path() / version);
    fs::copy_file(player_path("random"), dir.path() / version / "bot");
  }
  const auto out = dir.path() / "out";
  const auto run = run_command("cd " + shell_quote(dir.path().string()) + " && " + amazes_exe() +
                               " tournament -q --rounds 1 --turns 3 --seed 5 --out out v1/bot v2/bot " +
                               shell_quote(player_path("explorer")) + " 2>&1");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(standings_names(out), (std::set<std::string>{"v1", "v2", "explorer"}));
  // The same command again resumes the same players: nothing left to play.
  const auto again = run_command("cd " + shell_quote(dir.path().string()) + " && " + amazes_exe() +
                                 " tournament --rounds 1 --turns 3 --seed 5 --out out v1/bot v2/bot " +
                                 shell_quote(player_path("explorer")) + " 2>&1");
  EXPECT_EQ(again.exit_code, 0) << again.output;
  EXPECT_EQ(standings_names(out), (std::set<std::string>{"v1", "v2", "explorer"}));
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
