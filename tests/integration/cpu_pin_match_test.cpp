// A match on one CPU (arbiter/cpu_pin.hpp) as the players see it: both may run on exactly the
// CPU the log names, and with the pin off they get the judge's own mask.
#include <gtest/gtest.h>
#include <sched.h>

#include <string>

#include "support/match_fixture.hpp"

namespace amazes {
namespace {

using testing::bot_path;
using testing::match_spec;

// The kernel's list of the CPUs this thread may use, as /proc/<pid>/status writes it.
std::string allowed_list() {
  cpu_set_t set;
  EXPECT_EQ(::sched_getaffinity(0, sizeof set, &set), 0);
  std::string text;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &set)) continue;
    int last = cpu;
    while (last + 1 < CPU_SETSIZE && CPU_ISSET(last + 1, &set)) ++last;
    if (!text.empty()) text += ",";
    text += last == cpu ? std::to_string(cpu) : std::to_string(cpu) + "-" + std::to_string(last);
    cpu = last;
  }
  return text;
}

arbiter::MatchRecord play(bool pin) {
  auto spec = match_spec(bot_path("affinity"), bot_path("affinity"));
  spec.settings.sandbox.mode = arbiter::SandboxMode::None;
  spec.settings.sandbox.pin_cpu = pin;
  return arbiter::run_match(spec);
}

TEST(CpuPinMatch, BothPlayersRunOnTheOneCpuTheLogNames) {
  const std::string judge_before = allowed_list();
  const auto record = play(true);
  const std::size_t at = record.sandbox.rfind(" + CPU ");
  ASSERT_NE(at, std::string::npos) << record.sandbox;
  const std::string cpu = record.sandbox.substr(at + 7);
  for (const auto& outcome : record.outcome) {
    EXPECT_FALSE(outcome.fault.has_value());
    EXPECT_EQ(outcome.stderr_text, "Cpus_allowed_list:\t" + cpu + "\n");
  }
  EXPECT_EQ(allowed_list(), judge_before);  // the judge's thread got its mask back
}

TEST(CpuPinMatch, OffLeavesThePlayersTheJudgesMask) {
  const auto record = play(false);
  EXPECT_EQ(record.sandbox.find(" + CPU "), std::string::npos) << record.sandbox;
  for (const auto& outcome : record.outcome) {
    EXPECT_EQ(outcome.stderr_text, "Cpus_allowed_list:\t" + allowed_list() + "\n");
  }
}

}  // namespace
}  // namespace amazes
