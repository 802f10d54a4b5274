// A JVM, the runtime that needs the most, under the judge's limits: it starts under the defaults
// with a memory cgroup and without one (the data segment is limited then, not the address space
// it reserves); a JVM that takes more memory than its limit is that player's crash, with the
// reason; and Java players are named after their jar or class.
#include <gtest/gtest.h>

#include <string>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/report/fault_reason.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"
#include "support/sandbox_offer.hpp"

#ifndef AMAZES_HAVE_JAVA
#define AMAZES_HAVE_JAVA 0
#endif

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

#define REQUIRE_JAVA()                                                                                  \
  do {                                                                                                  \
    if (!AMAZES_HAVE_JAVA) FAIL() << "no JVM was found at configure time (scripts/setup installs one)"; \
  } while (false)

std::string java() { return AMAZES_JAVA_PROGRAM; }
std::string classes() { return shell_quote((binary_dir() / "starters" / "java").string()); }
std::string jar() { return shell_quote((binary_dir() / "starters" / "java" / "starter_java.jar").string()); }

arbiter::MatchRecord play(const std::string& options, const std::string& red, ScratchDir& dir,
                          std::string* output = nullptr) {
  const auto log = dir.path() / "game.json";
  const auto result = run_command(amazes_exe() + " match --seed 1 " + options + " --log " + shell_quote(log.string()) +
                                  " " + shell_quote(red) + " " + shell_quote(player_path("explorer")) + " 2>&1");
  EXPECT_EQ(result.exit_code, 0) << result.output;
  if (output != nullptr) *output = result.output;
  return arbiter::read_match_log(log);
}

TEST(JavaRuntime, StartsUnderTheDefaultLimitsWithAndWithoutAMemoryCgroup) {
  REQUIRE_JAVA();
  for (const std::string options : {"", "--sandbox-cgroups off"}) {
    SCOPED_TRACE(options);
    ScratchDir dir("java-limits");
    std::string output;
    const auto record = play(options, java() + " -cp " + classes() + " StarterBot", dir, &output);
    EXPECT_FALSE(record.outcome[0].fault.has_value()) << output;
    EXPECT_EQ(record.amazes()->turns.size(), 300U) << output;
    // Named after its class, not its runtime.
    EXPECT_EQ(record.players[0].name, "StarterBot");
    if (!options.empty()) {
      EXPECT_NE(record.sandbox.find("rlimits (data 1024 MiB"), std::string::npos) << record.sandbox;
    }
  }
}

TEST(JavaRuntime, AJvmThatTakesMoreThanItsMemoryLimitIsItsOwnCrash) {
  REQUIRE_JAVA();
  REQUIRE_SANDBOX("memory");
  ScratchDir dir("java-oom");
  std::string output;
  // A heap of 2 GiB, every page touched at start, under the default limit of 1 GiB; with time
  // enough that on a busy virtual machine (each first touch of a page is a fault of the host
  // too) the limit, not the clock, stops it.
  const auto record = play(
      "--time-ms 60000", java() + " -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp " + classes() + " StarterBot", dir, &output);
  const auto& bot = record.outcome[0];
  ASSERT_TRUE(bot.fault.has_value()) << output;
  EXPECT_EQ(*bot.fault, FaultKind::Crash) << output;
  EXPECT_TRUE(bot.out_of_memory) << output;
  EXPECT_NE(output.find("why: it went beyond its memory limit of 1024 MiB"), std::string::npos) << output;
  // The opponent and the judge carry on.
  EXPECT_FALSE(record.outcome[1].fault.has_value()) << output;
  EXPECT_EQ(record.amazes()->turns.size(), 300U);
}

TEST(JavaRuntime, TwoJavaPlayersAreNamedAfterTheirJarAndClass) {
  REQUIRE_JAVA();
  ScratchDir dir("java-names");
  const auto out = dir.path() / "out";
  const auto result = run_command(amazes_exe() + " tournament -q --rounds 1 --turns 10 --seed 3 --out " +
                                  shell_quote(out.string()) + " " + shell_quote(java() + " -jar " + jar()) + " " +
                                  shell_quote(java() + " -cp " + classes() + " StarterBot") + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const auto store =
      competition::ResultsStore::open(out / "results.sqlite", competition::ResultsStore::Access::ReadOnly);
  const auto players = store.players();
  ASSERT_EQ(players.size(), 2U);
  EXPECT_EQ(players[0].name, "starter_java");
  EXPECT_EQ(players[1].name, "StarterBot");
  for (const auto& row : store.matches()) {
    for (const auto& side : row.side) EXPECT_FALSE(side.fault.has_value()) << row.id << ": " << side.exit;
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
