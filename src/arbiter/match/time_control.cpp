#include "match/time_control.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <utility>
#include <variant>

#include "amazes/overloaded.hpp"

namespace amazes::arbiter {

std::chrono::nanoseconds from_ms(double ms) {
  return std::chrono::nanoseconds(static_cast<std::int64_t>(std::llround(ms * 1e6)));
}

double to_ms(std::chrono::nanoseconds d) { return std::chrono::duration<double, std::milli>(d).count(); }

ReadLimits cpu_clock_limits(std::chrono::nanoseconds limit, double guard_factor, std::chrono::nanoseconds guard_extra) {
  limit = std::max(limit, std::chrono::nanoseconds(0));
  ReadLimits limits;
  limits.cpu = limit;
  limits.wall = std::chrono::duration_cast<std::chrono::nanoseconds>(limit * guard_factor) + guard_extra;
  return limits;
}

ReadLimits wall_clock_limits(std::chrono::nanoseconds limit) {
  ReadLimits limits;
  limits.wall = std::max(limit, std::chrono::nanoseconds(0));
  return limits;
}

TimeControl::TimeControl(const MatchSettings& settings)
    : budget_(from_ms(settings.time_ms)),
      move_limit_(from_ms(settings.move_time_ms)),
      clock_(settings.clock),
      guard_factor_(settings.wall_guard_factor),
      guard_extra_(from_ms(settings.wall_guard_extra_ms)) {}

TurnAllowance TimeControl::allowance(std::chrono::nanoseconds budget_left) const {
  TurnAllowance allowance{budget_left, std::max(budget_left, std::chrono::nanoseconds(0))};
  if (move_limit_ > std::chrono::nanoseconds(0)) allowance.limit = std::min(allowance.limit, move_limit_);
  return allowance;
}

ReadLimits TimeControl::read_limits(std::chrono::nanoseconds budget_left) const {
  const std::chrono::nanoseconds limit = allowance(budget_left).limit;
  if (clock_ == ClockKind::Wall) return wall_clock_limits(limit);
  return cpu_clock_limits(limit, guard_factor_, guard_extra_);
}

LimitHit TimeControl::limit_hit(const TurnAllowance& allowance, std::chrono::nanoseconds charge) const {
  if (clock_ == ClockKind::Cpu && charge <= allowance.limit) return LimitHit::WallGuard;
  return allowance.limit < allowance.budget_left ? LimitHit::Move : LimitHit::Budget;
}

ReadLimits PlayerClock::read_limits(std::size_t max_line) const {
  ReadLimits limits = rules_.read_limits(budget_left_);
  limits.max_line = max_line;
  return limits;
}

TurnCharge PlayerClock::charge(std::chrono::nanoseconds cpu, std::chrono::nanoseconds wall, bool timed_out) {
  TurnCharge turn{rules_.charge(cpu, wall), rules_.allowance(budget_left_), std::nullopt};
  if (timed_out) turn.limit_hit = rules_.limit_hit(turn.allowance, turn.charge);
  budget_left_ -= turn.charge;
  charged_ += turn.charge;
  return turn;
}

void log_charge(const TurnCharge& charged, TurnExchange& exchange) {
  exchange.time_ms = to_ms(charged.charge);
  exchange.budget_ms = to_ms(charged.allowance.budget_left);
  exchange.limit_ms = to_ms(charged.allowance.limit);
  exchange.limit_hit = charged.limit_hit;
}

namespace {

constexpr std::array<std::pair<LimitHit, std::string_view>, 3> kLimitNames = {{
    {LimitHit::Budget, "budget"},
    {LimitHit::WallGuard, "wall_guard"},
    {LimitHit::Move, "move"},
}};

}  // namespace

std::string_view limit_hit_name(LimitHit limit) {
  for (const auto& [kind, name] : kLimitNames) {
    if (kind == limit) return name;
  }
  return "?";
}

std::optional<LimitHit> limit_hit_from_name(std::string_view name) {
  for (const auto& [kind, known] : kLimitNames) {
    if (known == name) return kind;
  }
  return std::nullopt;
}

void fill_older_allowances(MatchRecord& record) {
  const TimeControl time(record.settings);
  std::array<double, 2> charged{0, 0};
  const auto fill = [&](double& budget_ms, double& limit_ms, std::size_t side, double time_ms) {
    if (limit_ms < 0) {
      const TurnAllowance allowance = time.allowance(time.budget() - from_ms(charged[side]));
      budget_ms = to_ms(allowance.budget_left);
      limit_ms = to_ms(allowance.limit);
    }
    charged[side] += time_ms;
  };
  std::visit(overloaded{[&](AmazesRecord& played) {
                          for (LoggedTurn& turn : played.turns) {
                            fill(turn.budget_ms, turn.limit_ms, index_of(turn.player), turn.time_ms);
                          }
                        },
                        [&](RefereeRecord& referee) {
                          for (RefereeLine& line : referee.transcript) {
                            if (line.route != RefereeRoute::PlayerToReferee) continue;
                            fill(line.budget_ms, line.limit_ms, static_cast<std::size_t>(line.player - 1),
                                 line.time_ms);
                          }
                        }},
             record.game);
}

}  // namespace amazes::arbiter
