// Numbers and paths a user can get wrong are refused before any game: counts
// beyond what a game or a competition can have, a --log that cannot be written, limits under
// which the sandbox cannot start (never a silent fall-back to no sandbox).
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>

#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"
#include "support/sandbox_offer.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

namespace fs = std::filesystem;

std::string players() { return " " + shell_quote(player_path("explorer")) + " " + shell_quote(player_path("hunter")); }

// Exit `code`, the `expected` words, and no game played (no result line).
void expect_refused(const std::string& arguments, int code, const std::string& expected) {
  SCOPED_TRACE(arguments);
  const auto run = run_command(amazes_exe() + arguments + " 2>&1");
  EXPECT_EQ(run.exit_code, code) << run.output;
  EXPECT_NE(run.output.find(expected), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find(" points "), std::string::npos) << "a game was played:\n" << run.output;
}

TEST(CliBounds, CountsBeyondAGameOrACompetitionAreRefused) {
  ScratchDir dir("bounds");
  const std::string out = " --out " + shell_quote((dir.path() / "out").string());
  // A bot that follows the protocol exits after its 150th turn.
  expect_refused(" match --turns 151" + players(), 2, "--turns must be from 1 to 150, not 151");
  expect_refused(" match --turns 50000000" + players(), 2, "--turns must be from 1 to 150");
  expect_refused(" tournament --turns 100000000" + out + players(), 2, "--turns must be from 1 to 150");
  expect_refused(" tournament --rounds 1000000000" + out + players(), 2, "--rounds must be from 1 to 1000");
  expect_refused(" versus --games 1000000000" + out + players(), 2, "--games must be from 1 to 10000");
  EXPECT_FALSE(fs::exists(dir.path() / "out"));
  // The bounds themselves are accepted.
  EXPECT_EQ(run_command(amazes_exe() + " match --turns 150 --time-ms 20000" + players()).exit_code, 0);
}

// The refusals themselves, exit 1 as every output that cannot be written: cli_unwritable_test.
TEST(CliBounds, ALogThatCannotBeWrittenIsRefusedBeforeTheGame) {
  ScratchDir dir("bounds");
  expect_refused(" match --turns 3 --log " + shell_quote(dir.path().string()) + players(), 1, "is a directory");
  write_file(dir.path() / "file", "");
  expect_refused(" match --turns 3 --log " + shell_quote((dir.path() / "file" / "x.json").string()) + players(), 1,
                 "cannot make the folder");
  // Missing folders are made.
  const auto made = dir.path() / "new" / "x.json";
  EXPECT_EQ(run_command(amazes_exe() + " match --turns 3 --log " + shell_quote(made.string()) + players()).exit_code,
            0);
  EXPECT_TRUE(fs::exists(made));
}

TEST(CliBounds, LimitsUnderWhichNoProgramStartsAreRefused) {
  // 1 MiB holds no program's start (nor bwrap's): the judge must neither fall back to players
  // without a sandbox nor play a game both players lose at once, 0–0.
  expect_refused(" match --turns 3 --sandbox-memory-mb 1" + players(), 2,
                 "--sandbox-memory-mb must be 0 (no limit) or at least 16, not 1");
  // The least limit plays, in a memory cgroup or as a data segment behind bubblewrap.
  for (const std::string sandbox : {"", " --sandbox bwrap --sandbox-cgroups off"}) {
    if (!sandbox.empty() && !offers("bwrap")) continue;  // SandboxEnvironment.IsAsDeclared says why
    const auto run = run_command(amazes_exe() + " match --turns 3 --sandbox-memory-mb 16" + sandbox + players());
    EXPECT_EQ(run.exit_code, 0) << sandbox << "\n" << run.output;
    EXPECT_EQ(run.output.find("fault crash"), std::string::npos) << sandbox << "\n" << run.output;
  }
}

TEST(CliBounds, AFifoInTheOutputFolderIsRefusedNotWaitedFor) {
  ScratchDir dir("bounds");
  const auto out = dir.path() / "out";
  fs::create_directories(out);
  ASSERT_EQ(::mkfifo((out / "results.sqlite").c_str(), 0600), 0);
  // `timeout`: a judge that opened the FIFO to read would wait for a writer for ever.
  const auto run = run_command("timeout 30 " + amazes_exe() + " tournament --rounds 1 --turns 2 --out " +
                               shell_quote(out.string()) + players() + " 2>&1");
  EXPECT_NE(run.exit_code, 0) << run.output;
  EXPECT_NE(run.exit_code, 124) << "it hung:\n" << run.output;
  EXPECT_NE(run.output.find("results.sqlite"), std::string::npos) << run.output;
}

TEST(CliBounds, AStoredGamesLogThatIsAFifoIsRefusedOnResume) {
  ScratchDir dir("bounds");
  const auto out = dir.path() / "out";
  const std::string command = "timeout 60 " + amazes_exe() + " tournament -q --rounds 1 --turns 2 --out " +
                              shell_quote(out.string()) + players() + " 2>&1";
  ASSERT_EQ(run_command(command).exit_code, 0);
  const auto logs = match_logs_in(out / "matches");
  ASSERT_FALSE(logs.empty());
  fs::remove(logs.front());
  ASSERT_EQ(::mkfifo(logs.front().c_str(), 0600), 0);
  const auto run = run_command(command);
  EXPECT_NE(run.exit_code, 0) << run.output;
  EXPECT_NE(run.exit_code, 124) << "it hung:\n" << run.output;
  EXPECT_NE(run.output.find("is not a regular file"), std::string::npos) << run.output;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
