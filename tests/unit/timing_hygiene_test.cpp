// The timing findings of `amazes doctor` on machines made of files: /proc and /sys as a test's
// own tree, so that every case is the same on every machine.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "sandbox/timing_hygiene.hpp"
#include "support/files.hpp"

namespace amazes::arbiter {
namespace AMAZES_FILE_NAMESPACE {

namespace fs = std::filesystem;
using amazes::testing::ScratchDir;

// A machine of `cpus` CPUs, idle, without swap, cpufreq or SMT switches; each test adds files.
class FakeMachine {
 public:
  explicit FakeMachine(int cpus) : dir_("timing-hygiene") {
    put("sys/devices/system/cpu/online", cpus == 1 ? "0\n" : "0-" + std::to_string(cpus - 1) + "\n");
    for (int cpu = 0; cpu < cpus; ++cpu) {
      put("sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/topology/core_cpus_list", std::to_string(cpu) + "\n");
    }
    put("proc/loadavg", "0.00 0.01 0.05 1/100 4242\n");
    put("proc/swaps", "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n");
    put("proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu vme sse2\n");
  }
  void put(const std::string& relative, const std::string& text) {
    const fs::path path = dir_.path() / relative;
    fs::create_directories(path.parent_path());
    amazes::testing::write_file(path, text);
  }
  std::vector<Finding> check(const MatchSettings& settings = {}, bool cgroups = true, bool kept_from_swap = false) {
    return timing_findings(TimingFacts{dir_.path(), cgroups, kept_from_swap}, settings);
  }
  Finding named(const std::string& name, const MatchSettings& settings = {}, bool cgroups = true,
                bool kept_from_swap = false) {
    for (const Finding& finding : check(settings, cgroups, kept_from_swap)) {
      if (finding.name == name) return finding;
    }
    ADD_FAILURE() << "no finding " << name;
    return {};
  }

 private:
  ScratchDir dir_;
};

TEST(TimingHygiene, AnIdleMachineWithoutSwitchesIsFine) {
  FakeMachine machine(2);
  const auto findings = machine.check();
  ASSERT_EQ(findings.size(), 6U);
  const char* names[] = {"governor", "turbo", "smt", "load", "swap", "pin"};
  for (std::size_t i = 0; i < findings.size(); ++i) {
    EXPECT_EQ(findings[i].section, "timing");
    EXPECT_EQ(findings[i].name, names[i]);
    EXPECT_EQ(findings[i].status, FindingStatus::Ok) << findings[i].name << ": " << findings[i].seen;
    EXPECT_TRUE(findings[i].fix.empty()) << findings[i].name;
    EXPECT_FALSE(findings[i].problem);
  }
  EXPECT_EQ(findings[0].seen, "no cpufreq: no frequency driver for these CPUs, the firmware decides");
  EXPECT_EQ(findings[2].seen, "no SMT switch: 2 CPUs on 2 cores, -j up to 2");
  EXPECT_EQ(findings[4].seen, "no swap");
  EXPECT_EQ(findings[5].seen,
            "each match on a CPU of its own: up to 2 at once (-j 2); more run unpinned; a player behind the "
            "filter cannot leave them (sched_setaffinity denied)");
}

TEST(TimingHygiene, OnAVirtualMachineTheHostDecidesTheFrequency) {
  FakeMachine machine(2);
  machine.put("proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu sse2 hypervisor lahf_lm\n");
  EXPECT_EQ(machine.named("governor").seen, "no cpufreq: a virtual machine, the host decides");
  EXPECT_EQ(machine.named("governor").status, FindingStatus::Ok);
}

TEST(TimingHygiene, AGovernorOtherThanPerformanceIsAWarningWithTheCommand) {
  FakeMachine machine(4);
  for (int cpu = 0; cpu < 4; ++cpu) {
    machine.put("sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cpufreq/scaling_governor",
                cpu < 3 ? "powersave\n" : "performance\n");
  }
  Finding governor = machine.named("governor");
  EXPECT_EQ(governor.status, FindingStatus::Warn);
  EXPECT_EQ(governor.seen.rfind("performance on CPU 3, powersave on CPUs 0-2:", 0), 0U) << governor.seen;
  EXPECT_EQ(governor.fix, "echo performance | tee /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor");
  EXPECT_FALSE(governor.problem);

  machine.put("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
  machine.put("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "performance\n");
  machine.put("sys/devices/system/cpu/cpu2/cpufreq/scaling_governor", "performance\n");
  governor = machine.named("governor");
  EXPECT_EQ(governor.status, FindingStatus::Ok);
  EXPECT_EQ(governor.seen, "performance on every CPU");
}

TEST(TimingHygiene, TurboAndBoostOnAreWarnings) {
  FakeMachine intel(2);
  intel.put("sys/devices/system/cpu/intel_pstate/no_turbo", "0\n");
  EXPECT_EQ(intel.named("turbo").status, FindingStatus::Warn);
  EXPECT_EQ(intel.named("turbo").fix, "echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo");
  intel.put("sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
  EXPECT_EQ(intel.named("turbo").status, FindingStatus::Ok);

  FakeMachine amd(2);
  amd.put("sys/devices/system/cpu/cpufreq/boost", "1\n");
  EXPECT_EQ(amd.named("turbo").status, FindingStatus::Warn);
  EXPECT_EQ(amd.named("turbo").fix, "echo 0 > /sys/devices/system/cpu/cpufreq/boost");
  amd.put("sys/devices/system/cpu/cpufreq/boost", "0\n");
  EXPECT_EQ(amd.named("turbo").seen, "boost off (cpufreq/boost 0)");
}

TEST(TimingHygiene, WithSmtTheAdviceIsOneMatchPerCore) {
  FakeMachine machine(4);
  machine.put("sys/devices/system/cpu/smt/active", "1\n");
  machine.put("sys/devices/system/cpu/smt/control", "on\n");
  for (int cpu = 0; cpu < 4; ++cpu) {
    machine.put("sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/topology/core_cpus_list",
                cpu % 2 == 0 ? "0,2\n" : "1,3\n");
  }
  const Finding smt = machine.named("smt");
  EXPECT_EQ(smt.status, FindingStatus::Warn);
  EXPECT_NE(smt.seen.find("4 CPUs on 2 cores"), std::string::npos) << smt.seen;
  EXPECT_EQ(smt.fix, "-j 2 at most (one match per core), or echo off > /sys/devices/system/cpu/smt/control");

  machine.put("sys/devices/system/cpu/smt/active", "0\n");
  machine.put("sys/devices/system/cpu/smt/control", "notsupported\n");
  EXPECT_EQ(machine.named("smt").seen, "SMT off (control notsupported): 4 CPUs on 2 cores, -j up to 2");
}

TEST(TimingHygiene, ALoadedMachineIsAWarningAndAProblemOnlyForTheWallClock) {
  FakeMachine machine(2);
  machine.put("proc/loadavg", "1.00 0.80 0.50 3/120 999\n");  // 0.5 per CPU: still quiet
  EXPECT_EQ(machine.named("load").status, FindingStatus::Ok);
  EXPECT_EQ(machine.named("load").seen, "1.00 over the last minute on 2 CPUs (0.50 per CPU)");

  machine.put("proc/loadavg", "3.00 2.00 1.00 5/120 999\n");
  const Finding busy = machine.named("load");
  EXPECT_EQ(busy.status, FindingStatus::Warn);
  EXPECT_FALSE(busy.problem);
  EXPECT_FALSE(busy.fix.empty());

  MatchSettings wall;
  wall.clock = ClockKind::Wall;
  const Finding charged = machine.named("load", wall);
  EXPECT_EQ(charged.status, FindingStatus::Missing);
  EXPECT_TRUE(charged.problem);
  EXPECT_NE(charged.seen.find("--clock wall"), std::string::npos) << charged.seen;
}

TEST(TimingHygiene, SwapIsAWarningUnlessThePlayersCannotUseIt) {
  FakeMachine machine(2);
  machine.put("proc/swaps",
              "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n/dev/sda2  partition\t2097148\t\t0\t\t-2\n");
  const Finding swap = machine.named("swap");
  EXPECT_EQ(swap.status, FindingStatus::Warn);
  EXPECT_EQ(swap.seen.rfind("2047 MiB of swap on (/dev/sda2)", 0), 0U) << swap.seen;
  EXPECT_EQ(swap.fix, "swapoff -a");
  EXPECT_EQ(machine.named("swap", {}, true, true).status, FindingStatus::Ok);
}

TEST(TimingHygiene, AMatchIsPinnedOnlyWithCgroupsAndTheCpuClock) {
  FakeMachine machine(2);
  EXPECT_EQ(machine.named("pin").status, FindingStatus::Ok);
  const Finding without = machine.named("pin", {}, false);
  EXPECT_EQ(without.status, FindingStatus::Warn);
  EXPECT_EQ(without.seen.rfind("not pinned: the players are not in cgroups", 0), 0U) << without.seen;
  MatchSettings off;
  off.sandbox.pin_cpu = false;
  EXPECT_EQ(machine.named("pin", off).fix, "--sandbox-pin-cpu auto");
  MatchSettings wall;
  wall.clock = ClockKind::Wall;
  EXPECT_EQ(machine.named("pin", wall).status, FindingStatus::Ok);
  EXPECT_EQ(machine.named("pin", wall).seen.rfind("not pinned with --clock wall", 0), 0U);
}

TEST(TimingHygiene, CpuListsAreReadAsTheKernelWritesThem) {
  EXPECT_EQ(parse_cpu_list("0-3,8,10-11\n"), (std::vector<int>{0, 1, 2, 3, 8, 10, 11}));
  EXPECT_EQ(parse_cpu_list("0"), (std::vector<int>{0}));
  EXPECT_TRUE(parse_cpu_list("").empty());
  EXPECT_TRUE(parse_cpu_list("3-1").empty());
  EXPECT_TRUE(parse_cpu_list("a-b").empty());
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::arbiter
