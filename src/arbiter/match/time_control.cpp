#include "match/time_control.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace amazes::arbiter {

std::chrono::nanoseconds from_ms(double ms) {
  return std::chrono::nanoseconds(static_cast<std::int64_t>(std::llround(ms * 1e6)));
}

double to_ms(std::chrono::nanoseconds d) { return std::chrono::duration<double, std::milli>(d).count(); }

ReadLimits cpu_clock_limits(std::chrono::nanoseconds budget_left, double guard_factor,
                            std::chrono::nanoseconds guard_extra) {
  budget_left = std::max(budget_left, std::chrono::nanoseconds(0));
  ReadLimits limits;
  limits.cpu = budget_left;
  limits.wall = std::chrono::duration_cast<std::chrono::nanoseconds>(budget_left * guard_factor) + guard_extra;
  return limits;
}

ReadLimits wall_clock_limits(std::chrono::nanoseconds budget_left) {
  ReadLimits limits;
  limits.wall = std::max(budget_left, std::chrono::nanoseconds(0));
  return limits;
}

}  // namespace amazes::arbiter
