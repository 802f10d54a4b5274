#pragma once
// The time rules of RULES.md §10 as numbers for one turn: what limits a player's read gets
// from the budget it has left, and what a finished turn costs it.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>

#include "amazes/arbiter/player_process.hpp"

namespace amazes::arbiter {

enum class ClockKind : std::uint8_t {
  Cpu,   // CPU time of the player's processes during its turns; a wall guard catches sleepers
  Wall,  // wall time from writing the input to reading the whole line (the CodeCup server's way)
};
std::string_view clock_name(ClockKind kind);                     // "cpu", "wall"
std::optional<ClockKind> clock_from_name(std::string_view name);

struct TimeSettings {
  ClockKind clock = ClockKind::Cpu;
  std::chrono::nanoseconds budget = std::chrono::seconds(5);  // per player per game
  // The wall guard of a turn with the cpu clock: guard_factor × (budget left) + guard_extra.
  double guard_factor = 2.0;
  std::chrono::nanoseconds guard_extra = std::chrono::seconds(1);
};

// The limits of a turn for a player with `budget_left` (clamped at 0).
ReadLimits turn_limits(const TimeSettings& settings, std::chrono::nanoseconds budget_left);

// What the turn costs the player: the CPU charge or the wall time, by the clock.
std::chrono::nanoseconds turn_cost(const TimeSettings& settings, const ReadResult& result);

}  // namespace amazes::arbiter
