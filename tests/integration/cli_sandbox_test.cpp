// The sandbox options as a user gives them: `amazes match` and `amazes tournament`
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
#include "arbiter/process/cgroup_control.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"
#include "support/sandbox_offer.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

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
  // In a memory cgroup where there is one, else as the data segment.
  const bool in_cgroup =
      used.find("memory.max") != std::string::npos || used.find("memory cgroup v1 (512 MiB)") != std::string::npos;
  EXPECT_EQ(in_cgroup, offers("memory")) << used;
  EXPECT_EQ(used.find("rlimits (data 512 MiB") != std::string::npos, !offers("memory")) << used;
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
  std::vector<std::string> expected = {"bwrap", "seccomp", "cgroup v2", "rlimits"};
  const bool v1 = offers("memory") && !arbiter::cgroup_support().memory_max;
  if (v1) expected.insert(expected.begin() + 3, "memory cgroup v1");
  EXPECT_EQ(used.mechanisms, expected);
  ASSERT_TRUE(used.limits.has_value());
  // The data segment is limited only where no memory cgroup counts every page.
  EXPECT_EQ(used.limits->data_bytes, offers("memory") ? std::nullopt : std::optional(512ULL << 20));
  EXPECT_EQ(used.limits->open_files, 32U);
  ASSERT_TRUE(used.uids[0] && used.uids[1]);
  EXPECT_NE(*used.uids[0], *used.uids[1]);
  EXPECT_NE(*used.uids[0], 0U);

  result = run_command(match("--sandbox none", log));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const arbiter::SandboxUsed none = arbiter::read_match_log(log).sandbox_used;
  EXPECT_EQ(std::count(none.mechanisms.begin(), none.mechanisms.end(), "bwrap"), 0);
  EXPECT_FALSE(none.limits.has_value());
  // Without a sandbox too, a root judge runs each player under a UID of its own.
  EXPECT_TRUE(none.uids[0] && none.uids[1] && *none.uids[0] != 0 && *none.uids[1] != 0);
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

// No player ever runs as root: as root, a bot the players' UIDs cannot run is refused before the
// first game, in every mode, with the file and the fix; nothing is created.
TEST(CliSandbox, ABotThePlayersUidsCannotRunIsRefusedInEveryModeAndNothingIsCreated) {
  if (::geteuid() != 0) GTEST_SKIP() << "only a root judge runs players under UIDs of their own";
  ScratchDir dir("cli-sandbox-uid");
  // A program of mode 0700, in an open folder.
  fs::create_directories(dir.path() / "bots" / "closed");
  fs::copy_file(bot_path("polite"), dir.path() / "bots" / "closed" / "polite");
  ::chmod((dir.path() / "bots" / "closed" / "polite").c_str(), 0700);
  // An open program in a folder of mode 0700, as under /root.
  const fs::path hidden = dir.path() / "private";
  fs::create_directories(hidden / "bot");
  fs::copy_file(bot_path("polite"), hidden / "bot" / "polite");
  ::chmod(hidden.c_str(), 0700);
  const auto log = dir.path() / "game.json";
  const auto out = dir.path() / "out";
  const struct {
    fs::path bot;
    std::string says;
  } cases[] = {{dir.path() / "bots" / "closed" / "polite", "may not run its program " +
                                                               (dir.path() / "bots/closed/polite").string() +
                                                               ": its mode 0700 keeps others "
                                                               "out (chmod o+rx " +
                                                               (dir.path() / "bots/closed/polite").string() + ")"},
               {hidden / "bot" / "polite", hidden.string() + " is open to its owner only (move the bot out of it"}};
  for (const auto& c : cases) {
    for (const std::string mode : {"auto", "namespaces", "bwrap", "none"}) {
      SCOPED_TRACE(c.bot.string() + " --sandbox " + mode);
      const std::string players = shell_quote(c.bot.string() + " 5") + " " + polite(5);
      const auto match = run_command(amazes_exe() + " match --seed 3 --sandbox " + mode + " --log " +
                                     shell_quote(log.string()) + " " + players + " 2>&1");
      EXPECT_EQ(match.exit_code, 2) << match.output;
      EXPECT_NE(match.output.find(c.says), std::string::npos) << match.output;
      EXPECT_EQ(match.output.find(" points "), std::string::npos) << "a game was played:\n" << match.output;
      EXPECT_FALSE(fs::exists(log));
    }
    const auto tournament =
        run_command(amazes_exe() + " tournament --rounds 1 --seed 3 --out " + shell_quote(out.string()) + " " +
                    shell_quote(c.bot.string()) + " " + shell_quote(bot_path("polite")) + " 2>&1");
    EXPECT_EQ(tournament.exit_code, 2) << tournament.output;
    EXPECT_NE(tournament.output.find(c.says), std::string::npos) << tournament.output;
    EXPECT_FALSE(fs::exists(out));
  }
  // Nor is a root judge given players under its own UID.
  const auto as_root =
      run_command(amazes_exe() + " match --seed 3 --sandbox-uids none " + polite(5) + " " + polite(5) + " 2>&1");
  EXPECT_EQ(as_root.exit_code, 2) << as_root.output;
  EXPECT_NE(as_root.output.find("a player would run as root"), std::string::npos) << as_root.output;
}

// A command found in a private folder, as a pyenv shim under /root: the fix names the system's.
TEST(CliSandbox, AnInterpreterOnlyRootCanRunIsRefusedWithTheSystemsAsTheFix) {
  if (::geteuid() != 0) GTEST_SKIP() << "only a root judge runs players under UIDs of their own";
  const fs::path home = fs::path("/root") / ("amazes-test-shim-" + std::to_string(::getpid()));
  fs::create_directories(home / "shims");
  ::chmod(home.c_str(), 0700);
  testing::write_file(home / "shims" / "python3", "#!/bin/sh\nexec /usr/bin/python3 \"$@\"\n");
  ::chmod((home / "shims" / "python3").c_str(), 0755);
  const std::string bot = (testing::source_dir() / "players" / "python" / "amazes_bot.py").string();
  const auto run =
      run_command(amazes_exe() + " match --seed 3 " + shell_quote((home / "shims" / "python3").string() + " " + bot) +
                  " " + polite(5) + " 2>&1");
  fs::remove_all(home);
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("may not run its program " + (home / "shims/python3").string()), std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("name the system's interpreter instead (e.g. /usr/bin/python3)"), std::string::npos)
      << run.output;
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

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
