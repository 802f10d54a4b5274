// Under `--sandbox auto` the namespaces sandbox is not probed before the first game: its first
// players are its test (a probe costs as much as a player's start). These tests hold the two
// promises that come with that: a game that goes well starts nothing more than its players, and
// a sandbox that does not work is never scored as a player's crash. The judge then plays
// behind bubblewrap instead, and says so; `--sandbox namespaces` refuses before any game.
//
// "A machine where the namespaces sandbox does not work" is made with tests/tools/deny_syscalls:
// mount_setattr answers ENOSYS, as on a kernel before 5.12 or under a container's seccomp
// profile that does not know the call. bubblewrap does not use it.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "amazes/arbiter/match.hpp"
#include "amazes/arbiter/match_log.hpp"
#include "arbiter/sandbox/namespaces_isolation.hpp"
#include "arbiter/sandbox/sandbox.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"
#include "support/sandbox_offer.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

namespace fs = std::filesystem;
using namespace testing;  // amazes::testing: the helpers of tests/support

constexpr int kTurns = 6;

// Settings of a kind of player no other test of this process uses (the judge keeps what it
// learnt of its sandbox per kind: limits, /tmp), so that each test starts from "not yet tried".
arbiter::SandboxSettings fresh_kind(int open_files) {
  arbiter::SandboxSettings settings;  // auto
  settings.open_files = open_files;
  return settings;
}

arbiter::MatchRecord play(const std::string& red, const arbiter::SandboxSettings& sandbox) {
  auto spec = match_spec(red, bot_path("polite") + " " + std::to_string(kTurns));
  spec.settings.turns = kTurns;
  spec.settings.sandbox = sandbox;
  return arbiter::run_match(spec);
}

TEST(NamespacesTrial, AGameThatGoesWellStartsNothingButItsPlayers) {
  REQUIRE_SANDBOX("namespaces");
  const std::size_t before = arbiter::namespaces_tests_run();
  const auto record = play(bot_path("polite") + " " + std::to_string(kTurns), fresh_kind(61));
  EXPECT_EQ(record.sandbox.rfind("namespaces + seccomp", 0), 0U) << record.sandbox;
  EXPECT_FALSE(record.outcome[0].fault.has_value()) << record.outcome[0].exit;
  EXPECT_EQ(arbiter::namespaces_tests_run(), before) << "a probe ran although both players started and answered";
}

TEST(NamespacesTrial, APlayerThatDiesBeforeItsFirstLineIsScoredAsACrashOnceTheSandboxIsShownToWork) {
  REQUIRE_SANDBOX("namespaces");
  const std::size_t before = arbiter::namespaces_tests_run();
  const auto record = play(bot_path("exit_early") + " 1 3", fresh_kind(62));
  EXPECT_EQ(arbiter::namespaces_tests_run(), before + 1) << "its death must be told from the sandbox's failure";
  EXPECT_EQ(record.sandbox.rfind("namespaces + seccomp", 0), 0U) << record.sandbox;
  EXPECT_EQ(record.outcome[0].fault, FaultKind::Crash);
  EXPECT_EQ(record.outcome[0].fault_turn, 1);
  EXPECT_EQ(record.outcome[0].exit, "exit 3");
  // Known to work for this kind now: the next such death is scored without a probe.
  const auto again = play(bot_path("exit_early") + " 1 3", fresh_kind(62));
  EXPECT_EQ(again.outcome[0].fault, FaultKind::Crash);
  EXPECT_EQ(arbiter::namespaces_tests_run(), before + 1);
}

std::string deny_syscalls() { return shell_quote((binary_dir() / "tests" / "tools" / "deny_syscalls").string()); }

std::string polite() { return shell_quote(bot_path("polite") + " " + std::to_string(kTurns)); }
std::string named(const std::string& name) {
  return shell_quote(name + "=" + bot_path("polite") + " " + std::to_string(kTurns));
}

TEST(NamespacesTrial, WhereItCannotWorkAutoPlaysBehindBubblewrapAndSaysWhyOnce) {
  REQUIRE_SANDBOX("namespaces", "bwrap");
  ScratchDir dir("own-sandbox-trial");
  const fs::path log = dir.path() / "game.json";
  const auto result = run_command(deny_syscalls() + " mount_setattr " + amazes_exe() + " match --seed 3 --turns " +
                                  std::to_string(kTurns) + " --log " + shell_quote(log.string()) + " " + polite() +
                                  " " + polite() + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const std::string warning =
      "the namespaces sandbox does not work here (make the sandbox read-only (mount_setattr): Function not "
      "implemented): bubblewrap instead";
  const auto first = result.output.find(warning);
  EXPECT_NE(first, std::string::npos) << result.output;
  EXPECT_EQ(result.output.find(warning, first + 1), std::string::npos) << "said more than once: " << result.output;
  const auto record = arbiter::read_match_log(log);
  EXPECT_EQ(record.sandbox.rfind("bwrap + seccomp", 0), 0U) << "both players, not only the first: " << record.sandbox;
  for (const auto& outcome : record.outcome) {
    EXPECT_FALSE(outcome.fault.has_value()) << "the sandbox's failure was scored: " << outcome.exit;
  }
}

TEST(NamespacesTrial, WhereItCannotWorkATournamentScoresNoGameOfItAsACrash) {
  REQUIRE_SANDBOX("namespaces", "bwrap");
  ScratchDir dir("own-sandbox-trial");
  const fs::path out = dir.path() / "out";
  const auto result =
      run_command(deny_syscalls() + " mount_setattr " + amazes_exe() +
                  " tournament -q -j 2 --rounds 1 --size 8 --turns " + std::to_string(kTurns) + " --out " +
                  shell_quote(out.string()) + " " + named("a") + " " + named("b") + " " + named("c") + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const auto logs = match_logs_in(out / "matches");
  ASSERT_EQ(logs.size(), 6U);
  for (const auto& path : logs) {
    const auto record = arbiter::read_match_log(path);
    EXPECT_EQ(record.sandbox.rfind("bwrap + seccomp", 0), 0U) << path << ": " << record.sandbox;
    for (const auto& outcome : record.outcome) EXPECT_FALSE(outcome.fault.has_value()) << path << ": " << outcome.exit;
  }
}

// `amazes match --sandbox namespaces` with the system call `denied` answering ENOSYS: it must
// refuse before any game, with `reason`, and write no log.
void expect_namespaces_refuses(const std::string& denied, const std::string& reason) {
  ScratchDir dir("own-sandbox-trial");
  const fs::path log = dir.path() / "game.json";
  const auto result =
      run_command(deny_syscalls() + " " + denied + " " + amazes_exe() + " match --seed 3 --sandbox namespaces --log " +
                  shell_quote(log.string()) + " " + polite() + " " + polite() + " 2>&1");
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_NE(result.output.find("the namespaces sandbox cannot be used: " + reason), std::string::npos) << result.output;
  EXPECT_FALSE(fs::exists(log));
}

TEST(NamespacesTrial, WhereItCannotWorkNamespacesRefusesBeforeAnyGame) {
  REQUIRE_SANDBOX("namespaces");
  expect_namespaces_refuses("mount_setattr", "make the sandbox read-only (mount_setattr): Function not implemented");
}

// The pid-1 process shares the judge's memory, and the judge's thread waits, until it executes
// the sandbox's init program (spawn.cpp: clone_sharing_memory): where that cannot be executed,
// it must say so and go, not wait in the judge's memory for the whole game.
TEST(NamespacesTrial, WhereItsInitCannotBeExecutedNamespacesSaysSoAndWaitsForNothing) {
  REQUIRE_SANDBOX("namespaces");
  expect_namespaces_refuses("execveat", "execute the sandbox's init program: Function not implemented");
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
