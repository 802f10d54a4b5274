#pragma once
// The time rules of a game as one type (docs/rules.md §10, docs/referees.md §6): a budget per player
// per game (Amazes' 5 s, More's 30 s, Lamistra's 180 s), a limit per move (Susan's 15 s), the wall
// guard, and the clock that charges them. Every number derived from them is made here: a turn's
// limits, its charge, and the budget left and limit that the log records for each turn, which the
// reports read instead of working them out again.
#include <chrono>

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
  explicit TimeControl(const MatchSettings& settings);

  std::chrono::nanoseconds budget() const { return budget_; }
  ClockKind clock() const { return clock_; }
  TurnAllowance allowance(std::chrono::nanoseconds budget_left) const;
  // The read of a turn: with the cpu clock its charge within the limit and the wall guard around
  // it, with the wall clock the limit on the wall.
  ReadLimits read_limits(std::chrono::nanoseconds budget_left) const;
  // What the turn costs the player: its CPU time or its wall time.
  std::chrono::nanoseconds charge(const ReadResult& read) const {
    return clock_ == ClockKind::Cpu ? read.cpu : read.wall;
  }

 private:
  std::chrono::nanoseconds budget_;
  std::chrono::nanoseconds move_limit_;  // 0: none
  ClockKind clock_;
  double guard_factor_;
  std::chrono::nanoseconds guard_extra_;
};

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
