// The sandbox options as a user gives them (issue 7): `amazes match` and `amazes tournament`
// with --sandbox and friends, in a config file too; what the match log records; the refusals
// (a bad value, `--sandbox bwrap` without bubblewrap, a bot the sandbox's user cannot reach).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "amazes/arbiter/match_log.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"
#include "support/sandbox_offer.hpp"

namespace amazes {
namespace {

namespace fs = std::filesystem;
using namespace testing;  // amazes::testing: the helpers of tests/support

std::string polite(int turns) { return shell_quote(bot_path("polite") + " " + std::to_string(turns)); }

std::string match(const std::string& options, const fs::path& log) {
  return amazes_exe() + " match --seed 3 --turns 5 --time-ms 2000 --grace-ms 300 --log " + shell_quote(log.string()) +
         " " + options + " " + polite(5) + " " + polite(5) + " 2>&1";
}

TEST(CliSandbox, TheMatchLogRecordsWhatWasUsed) {
  ScratchDir dir("cli-sandbox");
  const auto log = dir.path() / "game.json";
  auto result = run_command(match("--sandbox none", log));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_EQ(arbiter::read_match_log(log).sandbox.rfind("no sandbox + ", 0), 0U);

  result = run_command(match("--sandbox auto --sandbox-memory-mb 512 --sandbox-open-files 32", log));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const std::string used = arbiter::read_match_log(log).sandbox;
  EXPECT_NE(used.find("rlimits (as 512 MiB"), std::string::npos) << used;
  EXPECT_NE(used.find("nofile 32"), std::string::npos) << used;
}

// The same as fields, for programs: the mechanisms, the limits, each player's UID.
TEST(CliSandbox, TheMatchLogRecordsWhatWasUsedAsFields) {
  REQUIRE_SANDBOX("bwrap", "cgroup", "root");
  ScratchDir dir("cli-sandbox-fields");
  const auto log = dir.path() / "game.json";
  auto result = run_command(match("--sandbox bwrap --sandbox-memory-mb 512 --sandbox-open-files 32", log));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const arbiter::SandboxUsed used = arbiter::read_match_log(log).sandbox_used;
  EXPECT_EQ(used.mechanisms, (std::vector<std::string>{"bwrap", "seccomp", "cgroup v2", "rlimits"}));
  ASSERT_TRUE(used.limits.has_value());
  EXPECT_EQ(used.limits->address_space_bytes, 512ULL << 20);
  EXPECT_EQ(used.limits->open_files, 32U);
  ASSERT_TRUE(used.uids[0] && used.uids[1]);
  EXPECT_NE(*used.uids[0], *used.uids[1]);
  EXPECT_NE(*used.uids[0], 0U);

  result = run_command(match("--sandbox none", log));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const arbiter::SandboxUsed none = arbiter::read_match_log(log).sandbox_used;
  EXPECT_EQ(std::count(none.mechanisms.begin(), none.mechanisms.end(), "bwrap"), 0);
  EXPECT_FALSE(none.limits.has_value());
  EXPECT_FALSE(none.uids[0] || none.uids[1]);
}

TEST(CliSandbox, BadValuesAreUsageErrors) {
  ScratchDir dir("cli-sandbox");
  for (const std::string bad : {"--sandbox jail", "--sandbox-uids 0-9", "--sandbox-cgroups maybe",
                                "--sandbox-memory-mb -2", "--sandbox-pin-cpu on"}) {
    const auto result = run_command(match(bad, dir.path() / "game.json"));
    EXPECT_EQ(result.exit_code, 2) << bad << ": " << result.output;
    EXPECT_NE(result.output.find(bad.substr(0, bad.find(' '))), std::string::npos) << result.output;
  }
  const auto help = run_command(amazes_exe() + " match --help");
  for (const char* option : {"--sandbox ", "--sandbox-memory-mb", "--sandbox-processes", "--sandbox-open-files",
                             "--sandbox-tmp-mb", "--sandbox-uids", "--sandbox-cgroups", "--sandbox-pin-cpu"}) {
    EXPECT_NE(help.output.find(option), std::string::npos) << option;
  }
}

TEST(CliSandbox, WithoutBubblewrapAutoSaysSoOnceAndBwrapRefuses) {
  ScratchDir dir("cli-sandbox");
  const auto log = dir.path() / "game.json";
  // The bots are given by absolute path, so an empty PATH hides bwrap alone.
  // Without cgroups the judge has no sandbox of its own (it needs a cgroup per player).
  auto result = run_command("PATH=/nonexistent-amazes " + match("--sandbox auto --sandbox-cgroups off", log));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const std::string warning = "bubblewrap (bwrap) is not installed";
  const auto first = result.output.find(warning);
  EXPECT_NE(first, std::string::npos) << result.output;
  EXPECT_EQ(result.output.find(warning, first + 1), std::string::npos) << "said more than once: " << result.output;
  EXPECT_EQ(arbiter::read_match_log(log).sandbox.rfind("no bwrap + ", 0), 0U);

  result = run_command("PATH=/nonexistent-amazes " + match("--sandbox bwrap", log));
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_NE(result.output.find(warning), std::string::npos) << result.output;
}

TEST(CliSandbox, ABotTheSandboxUserCannotReachIsRefusedByBwrapAndPlaysUnderTheJudgesUidInAuto) {
  if (::geteuid() != 0) GTEST_SKIP() << "only a root judge runs players under a UID of their own";
  ScratchDir dir("cli-sandbox");
  const fs::path hidden = dir.path() / "private";
  fs::create_directories(hidden);
  fs::copy_file(bot_path("polite"), hidden / "polite");
  ::chmod(hidden.c_str(), 0700);
  const std::string bot = shell_quote((hidden / "polite").string() + " 5");
  const auto strict = run_command(amazes_exe() + " match --seed 3 --sandbox bwrap " + bot + " " + polite(5) + " 2>&1");
  EXPECT_EQ(strict.exit_code, 2) << strict.output;
  EXPECT_NE(strict.output.find("not searchable by others"), std::string::npos) << strict.output;
  // `auto` (the default) runs it under the judge's UID, and says so once.
  const auto log = dir.path() / "auto.json";
  const auto automatic = run_command(amazes_exe() + " match --seed 3 --turns 5 --log " + shell_quote(log.string()) +
                                     " " + bot + " " + polite(5) + " 2>&1");
  EXPECT_EQ(automatic.exit_code, 0) << automatic.output;
  EXPECT_NE(automatic.output.find("that player runs under the judge's UID"), std::string::npos) << automatic.output;
  EXPECT_NE(arbiter::read_match_log(log).sandbox.find("uids 0 (red, the judge's"), std::string::npos);
  // With the judge's own UID (none) it plays.
  const auto as_judge = run_command(amazes_exe() + " match --seed 3 --turns 5 --sandbox-uids none " +
                                    shell_quote((hidden / "polite").string() + " 5") + " " + polite(5) + " 2>&1");
  EXPECT_EQ(as_judge.exit_code, 0) << as_judge.output;
}

TEST(CliSandbox, ATournamentConfigFileSetsTheSandbox) {
  ScratchDir dir("cli-sandbox");
  const fs::path config = dir.path() / "t.ini";
  testing::write_file(config,
                      "sandbox = none\nturns = 5\ntime-ms = 2000\nsize = 8\nout = " + (dir.path() / "out").string() +
                          "\n[players]\na = " + bot_path("polite") + " 5\nb = " + bot_path("polite") + " 5\n");
  const auto result = run_command(amazes_exe() + " tournament -q --config " + shell_quote(config.string()) + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const auto logs = testing::match_logs_in(dir.path() / "out" / "matches");
  ASSERT_EQ(logs.size(), 2U);
  for (const auto& log : logs) EXPECT_EQ(arbiter::read_match_log(log).sandbox.rfind("no sandbox + ", 0), 0U) << log;
}

}  // namespace
}  // namespace amazes
