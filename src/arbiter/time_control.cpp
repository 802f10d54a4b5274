#include "amazes/arbiter/time_control.hpp"

#include <algorithm>

namespace amazes::arbiter {

std::string_view clock_name(ClockKind kind) { return kind == ClockKind::Cpu ? "cpu" : "wall"; }

std::optional<ClockKind> clock_from_name(std::string_view name) {
  if (name == "cpu") return ClockKind::Cpu;
  if (name == "wall") return ClockKind::Wall;
  return std::nullopt;
}

ReadLimits turn_limits(const TimeSettings& settings, std::chrono::nanoseconds budget_left) {
  budget_left = std::max(budget_left, std::chrono::nanoseconds(0));
  ReadLimits limits;
  if (settings.clock == ClockKind::Cpu) {
    limits.cpu = budget_left;
    limits.wall = std::chrono::duration_cast<std::chrono::nanoseconds>(budget_left * settings.guard_factor) +
                  settings.guard_extra;
  } else {
    limits.wall = budget_left;
  }
  return limits;
}

std::chrono::nanoseconds turn_cost(const TimeSettings& settings, const ReadResult& result) {
  return settings.clock == ClockKind::Cpu ? result.cpu : result.wall;
}

}  // namespace amazes::arbiter
