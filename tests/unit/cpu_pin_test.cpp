// Running a match on one CPU (arbiter/cpu_pin.hpp): which CPU is chosen, and the pin itself
// on the calling thread. The players' side is in tests/integration/cpu_pin_match_test.cpp.
#include <gtest/gtest.h>
#include <sched.h>

#include <algorithm>
#include <future>
#include <optional>
#include <thread>
#include <vector>

#include "amazes/arbiter/cpu_pin.hpp"

namespace amazes::arbiter {
namespace {

TEST(ChooseMatchCpu, TheCurrentCpuWhenNoMatchIsPinnedThere) {
  EXPECT_EQ(choose_match_cpu({0, 1, 2, 3}, 2, {}), 2);
  EXPECT_EQ(choose_match_cpu({0, 1, 2, 3}, 2, {1, 1, 0, 1}), 2);
}

TEST(ChooseMatchCpu, OtherwiseTheLeastUsedStartingFromTheCurrentOne) {
  EXPECT_EQ(choose_match_cpu({0, 1, 2, 3}, 2, {0, 0, 1, 0}), 3);  // ties: the first after 2
  EXPECT_EQ(choose_match_cpu({0, 1, 2, 3}, 3, {0, 0, 0, 1}), 0);  // wrapping around
  EXPECT_EQ(choose_match_cpu({0, 1, 2, 3}, 1, {2, 2, 1, 2}), 2);
  EXPECT_EQ(choose_match_cpu({0, 1, 2, 3}, 1, {2, 1, 1, 2}), 1);  // taken, but as little as any
  EXPECT_EQ(choose_match_cpu({0, 1}, 0, {3, 2}), 1);
  EXPECT_EQ(choose_match_cpu({5}, 5, {0, 0, 0, 0, 0, 4}), 5);  // one CPU: it, however busy
}

TEST(ChooseMatchCpu, OnlyAllowedCpus) {
  // The thread runs on CPU 1 but may no longer (its mask was narrowed): the least used allowed.
  EXPECT_EQ(choose_match_cpu({4, 6}, 1, {0, 0, 0, 0, 1, 0, 0}), 6);
  EXPECT_EQ(choose_match_cpu({4, 6}, 7, {}), 4);
  EXPECT_FALSE(choose_match_cpu({}, 0, {}).has_value());
}

std::vector<int> allowed_cpus() {
  cpu_set_t set;
  std::vector<int> cpus;
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
  }
  return cpus;
}

TEST(CpuPin, PinsTheThreadToOneAllowedCpuAndGivesItsMaskBack) {
  const std::vector<int> before = allowed_cpus();
  ASSERT_FALSE(before.empty());
  {
    const CpuPin pin(true);
    ASSERT_TRUE(pin.cpu().has_value());
    EXPECT_EQ(allowed_cpus(), std::vector<int>{*pin.cpu()});
    EXPECT_NE(std::find(before.begin(), before.end(), *pin.cpu()), before.end());
  }
  EXPECT_EQ(allowed_cpus(), before);
}

TEST(CpuPin, DisabledLeavesTheThreadAlone) {
  const std::vector<int> before = allowed_cpus();
  const CpuPin pin(false);
  EXPECT_FALSE(pin.cpu().has_value());
  EXPECT_EQ(allowed_cpus(), before);
}

TEST(CpuPin, MatchesRunningAtOnceGetDifferentCpus) {
  const std::size_t cpus = allowed_cpus().size();
  if (cpus < 2) GTEST_SKIP() << "one CPU allowed: every match runs on it";
  // The second thread exists before the first pin: a thread started later would inherit it.
  std::promise<void> first_pinned;
  std::optional<int> second;
  std::thread other([&, pinned = first_pinned.get_future()] {
    pinned.wait();
    const CpuPin pin(true);
    second = pin.cpu();
  });
  const CpuPin first(true);
  first_pinned.set_value();
  other.join();
  ASSERT_TRUE(first.cpu() && second);
  EXPECT_NE(*first.cpu(), *second);
}

}  // namespace
}  // namespace amazes::arbiter
