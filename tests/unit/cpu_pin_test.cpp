// Running a match on one CPU (arbiter/cpu_pin.hpp): the order the CPUs are tried in, and the
// pin and its lease on the calling thread. The players' side is in
// tests/integration/cpu_pin_match_test.cpp.
#include <gtest/gtest.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "arbiter/process/cpu_pin.hpp"
#include "arbiter/process/lock_dir.hpp"
#include "support/files.hpp"

namespace amazes::arbiter {
namespace AMAZES_FILE_NAMESPACE {

TEST(CpuTryOrder, TheCurrentCpuFirstThenUpwardsWrappingAround) {
  EXPECT_EQ(cpu_try_order({0, 1, 2, 3}, 2), (std::vector<int>{2, 3, 0, 1}));
  EXPECT_EQ(cpu_try_order({0, 1, 2, 3}, 0), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(cpu_try_order({5}, 5), (std::vector<int>{5}));
}

TEST(CpuTryOrder, OnlyAllowedCpus) {
  // The thread runs on a CPU it may no longer use (its mask was narrowed): the next allowed.
  EXPECT_EQ(cpu_try_order({4, 6}, 5), (std::vector<int>{6, 4}));
  EXPECT_EQ(cpu_try_order({4, 6}, 7), (std::vector<int>{4, 6}));
  EXPECT_TRUE(cpu_try_order({}, 0).empty());
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

// The leases of these tests are their own: judges running meanwhile (other tests) hold theirs.
class CpuPinTest : public ::testing::Test {
 protected:
  amazes::testing::ScratchDir dir_{"cpu-pin"};
  std::optional<std::string> leases() const { return dir_.path().string(); }
};

TEST_F(CpuPinTest, PinsTheThreadToOneAllowedCpuAndGivesItsMaskBack) {
  const std::vector<int> before = allowed_cpus();
  ASSERT_FALSE(before.empty());
  {
    const CpuPin pin(true, leases());
    ASSERT_TRUE(pin.cpu().has_value());
    EXPECT_EQ(allowed_cpus(), std::vector<int>{*pin.cpu()});
    EXPECT_NE(std::find(before.begin(), before.end(), *pin.cpu()), before.end());
  }
  EXPECT_EQ(allowed_cpus(), before);
}

TEST_F(CpuPinTest, DisabledLeavesTheThreadAlone) {
  const std::vector<int> before = allowed_cpus();
  const CpuPin pin(false, leases());
  EXPECT_FALSE(pin.cpu().has_value());
  EXPECT_EQ(allowed_cpus(), before);
}

// One pin per allowed CPU, each from a thread that exists before any pin (a thread started
// later would inherit its creator's pin), all held at once; then one more.
TEST_F(CpuPinTest, MatchesAtOnceGetACpuEachAndNoneWhenAllAreTaken) {
  const std::size_t cpus = allowed_cpus().size();
  std::vector<std::optional<int>> got(cpus + 1);
  std::vector<std::promise<void>> pinned(cpus + 1);
  std::promise<void> release_all;
  const std::shared_future<void> released = release_all.get_future().share();
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i <= cpus; ++i) {
    threads.emplace_back([&, i, ready = i == 0 ? std::shared_future<void>() : pinned[i - 1].get_future().share()] {
      if (ready.valid()) ready.wait();  // one after the other, so that the last one is the extra one
      const CpuPin pin(true, leases());
      got[i] = pin.cpu();
      pinned[i].set_value();
      released.wait();
    });
  }
  pinned[cpus].get_future().wait();
  std::vector<int> taken;
  for (std::size_t i = 0; i < cpus; ++i) {
    ASSERT_TRUE(got[i].has_value()) << "pin " << i;
    taken.push_back(*got[i]);
  }
  std::sort(taken.begin(), taken.end());
  EXPECT_EQ(taken, allowed_cpus());     // every CPU once
  EXPECT_FALSE(got[cpus].has_value());  // none left for the last
  release_all.set_value();
  for (auto& thread : threads) thread.join();
  const CpuPin again(true, leases());  // all given back
  EXPECT_TRUE(again.cpu().has_value());
}

// Work beside the match (its players' sandboxes made ahead) goes to the CPUs the thread had
// before the pin while one of them is spare, and stays on the match's CPU when every other is
// leased by a match.
TEST_F(CpuPinTest, BesideTheMatchMeansASpareCpuOrNone) {
  const std::vector<int> before = allowed_cpus();
  if (before.size() < 2) GTEST_SKIP() << "needs two CPUs the test may run on";
  const CpuPin pin(true, leases());
  ASSERT_TRUE(pin.cpu().has_value());
  {
    const CpuPin::Beside beside(pin);
    EXPECT_EQ(allowed_cpus(), before) << "a CPU is spare";
  }
  EXPECT_EQ(allowed_cpus(), std::vector<int>{*pin.cpu()}) << "pinned again after";
  std::vector<int> others;  // the other CPUs' leases, held as other matches would hold them
  for (const int cpu : before) {
    if (cpu != *pin.cpu()) others.push_back(try_lock_file(*leases(), "cpu-" + std::to_string(cpu)));
  }
  for (const int fd : others) ASSERT_GE(fd, 0);
  {
    const CpuPin::Beside beside(pin);
    EXPECT_EQ(allowed_cpus(), std::vector<int>{*pin.cpu()}) << "no CPU is spare";
  }
  for (const int fd : others) ::close(fd);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::arbiter
