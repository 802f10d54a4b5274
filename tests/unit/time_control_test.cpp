// Turn limits from the time rules (docs/rules.md §10).
#include "arbiter/match/time_control.hpp"

#include <gtest/gtest.h>

namespace amazes::arbiter {
namespace AMAZES_FILE_NAMESPACE {

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

TEST(TimeControl, TheLimitOfATurnIsTheBudgetLeftOrTheLimitPerMoveWhenSmaller) {
  MatchSettings settings;
  settings.time_ms = 20000;
  const TimeControl budget_only(settings);
  EXPECT_EQ(budget_only.allowance(3s).limit, 3s);
  EXPECT_EQ(budget_only.allowance(-1s).limit, 0s);
  settings.move_time_ms = 15000;
  const TimeControl per_move(settings);
  EXPECT_EQ(per_move.allowance(18s).budget_left, 18s);
  EXPECT_EQ(per_move.allowance(18s).limit, 15s);
  EXPECT_EQ(per_move.allowance(4s).limit, 4s);
  EXPECT_EQ(*per_move.read_limits(18s).cpu, 15s);
  EXPECT_EQ(per_move.read_limits(18s).wall, 31s);  // 2 × 15 s + 1 s
  settings.clock = ClockKind::Wall;
  EXPECT_EQ(TimeControl(settings).read_limits(18s).wall, 15s);
}

TEST(TimeControl, AnOlderLogGetsEachTurnsAllowanceFromTheChargesBeforeIt) {
  MatchRecord record;
  record.settings.time_ms = 100;
  LoggedTurn red1;
  red1.turn = 1;
  red1.time_ms = 30;
  red1.limit_ms = -1;  // as the log reader marks a turn without one
  LoggedTurn blue1 = red1;
  blue1.player = Color::Blue;
  blue1.time_ms = 90;  // blue's time does not count against red's
  LoggedTurn red2 = red1;
  red2.turn = 2;
  record.amazes()->turns = {red1, blue1, red2};
  fill_older_allowances(record);
  EXPECT_DOUBLE_EQ(record.amazes()->turns[0].budget_ms, 100);
  EXPECT_DOUBLE_EQ(record.amazes()->turns[1].budget_ms, 100);
  EXPECT_DOUBLE_EQ(record.amazes()->turns[2].budget_ms, 70);
  EXPECT_DOUBLE_EQ(record.amazes()->turns[2].limit_ms, 70);
}

TEST(PlayerClock, ChargesEachTurnAgainstTheBudgetLeft) {
  MatchSettings settings;
  settings.time_ms = 1000;
  PlayerClock clock(settings);
  const TurnCharge first = clock.charge(300ms, 900ms, false);
  EXPECT_EQ(first.charge, 300ms);  // the cpu clock charges CPU time
  EXPECT_EQ(first.allowance.budget_left, 1s);
  EXPECT_FALSE(first.limit_hit.has_value());
  EXPECT_EQ(*clock.read_limits(4096).cpu, 700ms);
  EXPECT_EQ(clock.read_limits(4096).max_line, 4096u);
  clock.charge(100ms, 100ms, false);
  EXPECT_EQ(clock.charged(), 400ms);
}

TEST(PlayerClock, SaysWhichLimitEndedATurnThatRanOutOfTime) {
  MatchSettings settings;
  settings.time_ms = 1000;
  PlayerClock spent(settings);
  EXPECT_EQ(spent.charge(1001ms, 1002ms, true).limit_hit, LimitHit::Budget);
  PlayerClock waiting(settings);  // little CPU, long on the wall: it waited
  EXPECT_EQ(waiting.charge(5ms, 3001ms, true).limit_hit, LimitHit::WallGuard);
  settings.move_time_ms = 300;
  PlayerClock slow(settings);
  EXPECT_EQ(slow.charge(301ms, 310ms, true).limit_hit, LimitHit::Move);
  EXPECT_EQ(slow.charge(5ms, 701ms, true).limit_hit, LimitHit::WallGuard);
}

TEST(PlayerClock, TheWallClockHasNoGuard) {
  MatchSettings settings;
  settings.time_ms = 1000;
  settings.clock = ClockKind::Wall;
  PlayerClock clock(settings);
  const TurnCharge turn = clock.charge(5ms, 1001ms, true);
  EXPECT_EQ(turn.charge, 1001ms);
  EXPECT_EQ(turn.limit_hit, LimitHit::Budget);
  settings.move_time_ms = 300;
  EXPECT_EQ(PlayerClock(settings).charge(0ms, 301ms, true).limit_hit, LimitHit::Move);
}

TEST(PlayerClock, TheLogNamesEachLimit) {
  for (const LimitHit limit : {LimitHit::Budget, LimitHit::WallGuard, LimitHit::Move}) {
    EXPECT_EQ(limit_hit_from_name(limit_hit_name(limit)), limit);
  }
  EXPECT_EQ(limit_hit_name(LimitHit::WallGuard), "wall_guard");
  EXPECT_FALSE(limit_hit_from_name("cpu").has_value());
}

TEST(TimeControl, MillisecondsConvertExactly) {
  EXPECT_EQ(from_ms(5000.0), 5s);
  EXPECT_EQ(from_ms(0.25), 250us);
  EXPECT_DOUBLE_EQ(to_ms(1500us), 1.5);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::arbiter
