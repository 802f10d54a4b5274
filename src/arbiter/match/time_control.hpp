#pragma once
// The time rules of a game as one type (docs/rules.md §10, docs/referees.md §6): a budget per player
// per game (Amazes' 5 s, More's 30 s, Lamistra's 180 s), a limit per move (Susan's 15 s), the wall
// guard, and the clock that charges them. Every number derived from them is made here: a turn's
// limits, its charge, and the budget left and limit that the log records for each turn, which the
// reports read instead of working them out again.
#include <chrono>
#include <optional>

#include "amazes/arbiter/match_record.hpp"
#include "amazes/arbiter/match_settings.hpp"
#include "process/player_process.hpp"

namespace amazes::arbiter {

// What one turn was allowed, as the log records it: the player's budget left before it, and the
// most it could be charged (the budget left, or the move's limit when that is smaller).
struct TurnAllowance {
  std::chrono::nanoseconds budget_left{0};
  std::chrono::nanoseconds limit{0};
};

class TimeControl {
 public:
  TimeControl() = default;  // no time at all: a seat's before its match's settings are known
  explicit TimeControl(const MatchSettings& settings);

  std::chrono::nanoseconds budget() const { return budget_; }
  ClockKind clock() const { return clock_; }
  TurnAllowance allowance(std::chrono::nanoseconds budget_left) const;
  // The read of a turn: with the cpu clock its charge within the limit and the wall guard around
  // it, with the wall clock the limit on the wall.
  ReadLimits read_limits(std::chrono::nanoseconds budget_left) const;
  // What a turn that used `cpu` and `wall` costs the player: its CPU time or its wall time.
  std::chrono::nanoseconds charge(std::chrono::nanoseconds cpu, std::chrono::nanoseconds wall) const {
    return clock_ == ClockKind::Cpu ? cpu : wall;
  }
  // The limit that ended a turn that ran out of time, charged `charge` within `allowance`: the
  // budget or the move's limit when the charge went beyond it, else (cpu clock) the wall guard.
  LimitHit limit_hit(const TurnAllowance& allowance, std::chrono::nanoseconds charge) const;

 private:
  std::chrono::nanoseconds budget_{0};
  std::chrono::nanoseconds move_limit_{0};  // 0: none
  ClockKind clock_ = ClockKind::Cpu;
  double guard_factor_ = 2.0;
  std::chrono::nanoseconds guard_extra_{0};
};

// A turn as the clock charged it: the time, what the turn was allowed, and the limit that ended it.
struct TurnCharge {
  std::chrono::nanoseconds charge{0};
  TurnAllowance allowance;
  std::optional<LimitHit> limit_hit;  // nothing when the turn ended within its limits
};

// One player's clock through a match: the time rules, and what they have left it.
class PlayerClock {
 public:
  PlayerClock() = default;
  explicit PlayerClock(const MatchSettings& settings) : rules_(settings), budget_left_(rules_.budget()) {}

  // The read of this turn: its limits from the budget left, its longest line `max_line`.
  ReadLimits read_limits(std::size_t max_line) const;
  // Charges a turn that used `cpu` and `wall` against the budget; `timed_out`: a limit ended it.
  TurnCharge charge(std::chrono::nanoseconds cpu, std::chrono::nanoseconds wall, bool timed_out);

  const TimeControl& rules() const { return rules_; }
  std::chrono::nanoseconds charged() const { return charged_; }

 private:
  TimeControl rules_;
  std::chrono::nanoseconds budget_left_{0};
  std::chrono::nanoseconds charged_{0};
};

// The charge as a turn's log entry records it (time_ms, budget_ms, limit_ms, limit_hit).
void log_charge(const TurnCharge& charged, TurnExchange& exchange);

// cpu clock: the charge may not exceed the limit; the wall guard is guard_factor × limit +
// guard_extra (docs/rules.md §10: 2 × left + 1 s by default).
ReadLimits cpu_clock_limits(std::chrono::nanoseconds limit, double guard_factor = 2.0,
                            std::chrono::nanoseconds guard_extra = std::chrono::seconds(1));

// wall clock: from writing the input to reading the whole line, within the limit.
ReadLimits wall_clock_limits(std::chrono::nanoseconds limit);

// A log written before turns recorded their allowance: each turn (or listen) read with a
// limit_ms below 0 gets the budget left and the limit these rules gave it, from the charges before.
void fill_older_allowances(MatchRecord& record);

// Milliseconds as in MatchSettings, as a duration, and back.
std::chrono::nanoseconds from_ms(double ms);
double to_ms(std::chrono::nanoseconds d);

}  // namespace amazes::arbiter
