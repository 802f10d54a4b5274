#pragma once
// The time rules of docs/rules.md §10 as the limits of one turn's read, from the budget the player
// has left. The match driver picks by MatchSettings::clock and charges ReadResult::cpu (cpu
// clock) or ReadResult::wall (wall clock) against the budget.
#include <chrono>

#include "process/player_process.hpp"

namespace amazes::arbiter {

// cpu clock: the charge may not exceed the budget left; the wall guard is
// guard_factor × (budget left) + guard_extra (docs/rules.md §10: 2 × left + 1 s by default).
ReadLimits cpu_clock_limits(std::chrono::nanoseconds budget_left, double guard_factor = 2.0,
                            std::chrono::nanoseconds guard_extra = std::chrono::seconds(1));

// wall clock: from writing the input to reading the whole line, within the budget left.
ReadLimits wall_clock_limits(std::chrono::nanoseconds budget_left);

// Milliseconds as in MatchSettings, as a duration, and back.
std::chrono::nanoseconds from_ms(double ms);
double to_ms(std::chrono::nanoseconds d);

}  // namespace amazes::arbiter
