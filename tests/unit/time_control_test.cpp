// Turn limits from the time rules (docs/rules.md §10).
#include "arbiter/match/time_control.hpp"

#include <gtest/gtest.h>

namespace amazes::arbiter {
namespace {

using namespace std::chrono_literals;

TEST(TimeControl, CpuClockLimitsTheChargeAndGuardsTheWall) {
  const ReadLimits limits = cpu_clock_limits(3s);  // guard 2 × left + 1 s
  ASSERT_TRUE(limits.cpu.has_value());
  EXPECT_EQ(*limits.cpu, 3s);
  EXPECT_EQ(limits.wall, 7s);
  EXPECT_EQ(limits.max_line, 256u);
}

TEST(TimeControl, GuardIsConfigurable) { EXPECT_EQ(cpu_clock_limits(2s, 3.0, 500ms).wall, 6500ms); }

TEST(TimeControl, WallClockLimitsOnlyTheWall) {
  const ReadLimits limits = wall_clock_limits(1200ms);
  EXPECT_FALSE(limits.cpu.has_value());
  EXPECT_EQ(limits.wall, 1200ms);
}

TEST(TimeControl, AnExhaustedBudgetLeavesNothing) {
  const ReadLimits cpu = cpu_clock_limits(-5ms);
  EXPECT_EQ(*cpu.cpu, 0ns);
  EXPECT_EQ(cpu.wall, 1s);
  EXPECT_EQ(wall_clock_limits(-5ms).wall, 0ns);
}

TEST(TimeControl, MillisecondsConvertExactly) {
  EXPECT_EQ(from_ms(5000.0), 5s);
  EXPECT_EQ(from_ms(0.25), 250us);
  EXPECT_DOUBLE_EQ(to_ms(1500us), 1.5);
}

}  // namespace
}  // namespace amazes::arbiter
