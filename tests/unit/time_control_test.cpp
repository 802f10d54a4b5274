// Turn limits and costs from the time rules (RULES.md §10).
#include "amazes/arbiter/time_control.hpp"

#include <gtest/gtest.h>

namespace amazes::arbiter {
namespace {

using namespace std::chrono_literals;

TEST(TimeControl, ClockNames) {
  EXPECT_EQ(clock_name(ClockKind::Cpu), "cpu");
  EXPECT_EQ(clock_from_name("wall"), ClockKind::Wall);
  EXPECT_EQ(clock_from_name("cpu"), ClockKind::Cpu);
  EXPECT_FALSE(clock_from_name("CPU").has_value());
}

TEST(TimeControl, CpuClockLimitsTheChargeAndGuardsTheWall) {
  const TimeSettings settings;  // cpu, 5 s, guard 2 × left + 1 s
  const ReadLimits limits = turn_limits(settings, 3s);
  ASSERT_TRUE(limits.cpu.has_value());
  EXPECT_EQ(*limits.cpu, 3s);
  EXPECT_EQ(limits.wall, 7s);
  EXPECT_EQ(limits.max_line, 256u);
}

TEST(TimeControl, GuardIsConfigurable) {
  TimeSettings settings;
  settings.guard_factor = 3.0;
  settings.guard_extra = 500ms;
  EXPECT_EQ(turn_limits(settings, 2s).wall, 6500ms);
}

TEST(TimeControl, WallClockLimitsOnlyTheWall) {
  TimeSettings settings;
  settings.clock = ClockKind::Wall;
  const ReadLimits limits = turn_limits(settings, 1200ms);
  EXPECT_FALSE(limits.cpu.has_value());
  EXPECT_EQ(limits.wall, 1200ms);
}

TEST(TimeControl, AnExhaustedBudgetLeavesNothing) {
  const ReadLimits limits = turn_limits(TimeSettings{}, -5ms);
  EXPECT_EQ(*limits.cpu, 0ns);
  EXPECT_EQ(limits.wall, 1s);
}

TEST(TimeControl, CostFollowsTheClock) {
  ReadResult r;
  r.cpu = 2ms;
  r.wall = 9ms;
  EXPECT_EQ(turn_cost(TimeSettings{}, r), 2ms);
  TimeSettings wall;
  wall.clock = ClockKind::Wall;
  EXPECT_EQ(turn_cost(wall, r), 9ms);
}

}  // namespace
}  // namespace amazes::arbiter
