// A match on one CPU (arbiter/cpu_pin.hpp) as the players see it: when the log names a CPU,
// both players may run on exactly that one; otherwise they get the judge's own mask.
#include <gtest/gtest.h>
#include <sched.h>

#include <string>

#include "arbiter/process/cgroup_control.hpp"
#include "support/match_fixture.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

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

arbiter::MatchRecord play(bool pin, bool cgroups = true, arbiter::ClockKind clock = arbiter::ClockKind::Cpu) {
  auto spec = match_spec(bot_path("affinity"), bot_path("affinity"));
  spec.settings.sandbox.mode = arbiter::SandboxMode::None;
  spec.settings.sandbox.pin_cpu = pin;
  spec.settings.sandbox.cgroups = cgroups;
  spec.settings.clock = clock;
  return arbiter::run_match(spec);
}

// The CPU the record names, or nothing.
std::optional<std::string> pinned_cpu(const arbiter::MatchRecord& record) {
  const std::size_t at = record.sandbox.rfind(" + CPU ");
  if (at == std::string::npos) return std::nullopt;
  const std::size_t end = record.sandbox.find(' ', at + 7);
  return record.sandbox.substr(at + 7, end == std::string::npos ? std::string::npos : end - at - 7);
}

void expect_players_see(const arbiter::MatchRecord& record, const std::string& cpus) {
  for (const auto& outcome : record.outcome) {
    EXPECT_FALSE(outcome.fault.has_value());
    EXPECT_EQ(outcome.stderr_text, "Cpus_allowed_list:\t" + cpus + "\n");
  }
}

TEST(CpuPinMatch, BothPlayersRunOnTheOneCpuTheLogNames) {
  const std::string judge_mask = allowed_list();
  // CPUs are leased machine-wide: while other judges (tests running in parallel) hold every
  // one, a match is not pinned. Matches are played until one is, for at most 200 of them.
  int pinned = 0;
  for (int match = 0; match < 200 && pinned == 0; ++match) {
    const auto record = play(true);
    const auto cpu = pinned_cpu(record);
    expect_players_see(record, cpu.value_or(judge_mask));
    if (cpu) ++pinned;
    EXPECT_EQ(allowed_list(), judge_mask);  // the judge's thread got its mask back
  }
  if (arbiter::cgroup_support().usable) {
    EXPECT_EQ(pinned, 1);
  } else {
    EXPECT_EQ(pinned, 0) << "without cgroups a match is never pinned";
  }
}

TEST(CpuPinMatch, NotWithoutCgroupsNorWithTheWallClockNorWhenOff) {
  for (const auto& record : {play(false), play(true, /*cgroups=*/false), play(true, true, arbiter::ClockKind::Wall)}) {
    EXPECT_EQ(pinned_cpu(record), std::nullopt) << record.sandbox;
    expect_players_see(record, allowed_list());
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
