#include "amazes/arbiter/setting_fields.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <type_traits>

#include <fmt/format.h>

#include "amazes/printable.hpp"

namespace amazes::arbiter {
namespace {

// Upper bounds that no real contest comes near and that keep every derived duration and
// buffer finite: a budget or grace of 10^9 ms is eleven days.
constexpr double kMaxMs = 1e9;
constexpr double kMaxStderrLimit = 1e8;  // bytes kept per player per game, in memory
constexpr double kMaxWallGuardFactor = 1000;

// clang-format off
constexpr std::array kFields = {
  SettingField{"turns", "turns", "T", "turns per player", SettingScope::Competition, true,
               &MatchSettings::turns, 1, false, kMaxTurns},
  SettingField{"time_ms", "time-ms", "MS", "time budget per player per game, in ms", SettingScope::Competition, true,
               &MatchSettings::time_ms, 0, true, kMaxMs},
  SettingField{"clock", "clock", "cpu|wall", "what the budget counts: the player's CPU time, or wall time",
               SettingScope::Competition, true, &MatchSettings::clock},
  SettingField{"wall_guard_factor", "wall-guard-factor", "F",
               "with the cpu clock, a turn also times out after F × budget left + extra of wall time",
               SettingScope::Competition, false, &MatchSettings::wall_guard_factor, 0, true, kMaxWallGuardFactor},
  SettingField{"wall_guard_extra_ms", "wall-guard-extra-ms", "MS", "the extra of the wall guard, in ms",
               SettingScope::Competition, false, &MatchSettings::wall_guard_extra_ms, 0, false, kMaxMs},
  SettingField{"grace_ms", "grace-ms", "MS", "time a player has to exit after its last turn, in ms",
               SettingScope::Run, false, &MatchSettings::grace_ms, 0, false, kMaxMs},
  SettingField{"stderr_limit", "stderr-limit", "BYTES", "stderr bytes kept per player per game",
               SettingScope::Run, false, &MatchSettings::stderr_limit, 0, false, kMaxStderrLimit},
};
// clang-format on

std::string number_text(double value) { return fmt::format("{}", value); }

template <class T>
constexpr bool kWhole = std::is_integral_v<T>;

// "from 1 to 150", "more than 0 and at most 1e+09", "from 0 to 1e+09".
std::string range_text(const SettingField& field) {
  if (field.minimum_excluded) {
    return fmt::format("more than {} and at most {}", number_text(field.minimum), number_text(field.maximum));
  }
  return fmt::format("from {} to {}", number_text(field.minimum), number_text(field.maximum));
}

}  // namespace

std::string_view clock_name(ClockKind clock) { return clock == ClockKind::Cpu ? "cpu" : "wall"; }

std::optional<ClockKind> clock_from_name(std::string_view name) {
  if (name == "cpu") return ClockKind::Cpu;
  if (name == "wall") return ClockKind::Wall;
  return std::nullopt;
}

std::span<const SettingField> setting_fields() { return kFields; }

std::optional<std::string> set_setting(const SettingField& field, MatchSettings& settings, const SettingValue& value) {
  return std::visit(
      [&](auto member) -> std::optional<std::string> {
        using T = std::remove_cvref_t<decltype(settings.*member)>;
        if constexpr (std::is_same_v<T, ClockKind>) {
          const auto* name = std::get_if<std::string>(&value);
          const auto clock = name != nullptr ? clock_from_name(*name) : std::nullopt;
          if (!clock) {
            return fmt::format("must be cpu or wall, not {}",
                               name != nullptr ? "'" + printable(*name) + "'" : number_text(std::get<double>(value)));
          }
          settings.*member = *clock;
        } else {
          const auto* number = std::get_if<double>(&value);
          if (number == nullptr) {
            return fmt::format("must be a {}number {}, not '{}'", kWhole<T> ? "whole " : "", range_text(field),
                               printable(std::get<std::string>(value)));
          }
          const double v = *number;
          if (kWhole<T> && std::isfinite(v) && v != std::floor(v)) {
            return fmt::format("must be a whole number {}, not {}", range_text(field), number_text(v));
          }
          const bool in_range = std::isfinite(v) && (field.minimum_excluded ? v > field.minimum : v >= field.minimum) &&
                                v <= field.maximum;
          if (!in_range) return fmt::format("must be {}, not {}", range_text(field), number_text(v));
          settings.*member = static_cast<T>(v);
        }
        return std::nullopt;
      },
      field.member);
}

std::optional<std::string> set_setting_from_text(const SettingField& field, MatchSettings& settings,
                                                 std::string_view text) {
  if (std::holds_alternative<ClockKind MatchSettings::*>(field.member)) {
    return set_setting(field, settings, std::string(text));
  }
  double number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
    return set_setting(field, settings, std::string(text));  // says what a number it must be
  }
  return set_setting(field, settings, number);
}

SettingValue setting_value(const SettingField& field, const MatchSettings& settings) {
  return std::visit(
      [&](auto member) -> SettingValue {
        const auto& value = settings.*member;
        if constexpr (std::is_same_v<std::remove_cvref_t<decltype(value)>, ClockKind>) {
          return std::string(clock_name(value));
        } else {
          return static_cast<double>(value);
        }
      },
      field.member);
}

std::string setting_text(const SettingField& field, const MatchSettings& settings) {
  const SettingValue value = setting_value(field, settings);
  if (const auto* name = std::get_if<std::string>(&value)) return *name;
  return number_text(std::get<double>(value));
}

bool same_setting(const SettingField& field, const MatchSettings& a, const MatchSettings& b) {
  return std::visit([&](auto member) { return a.*member == b.*member; }, field.member);
}

void copy_setting(const SettingField& field, const MatchSettings& from, MatchSettings& to) {
  std::visit([&](auto member) { to.*member = from.*member; }, field.member);
}

}  // namespace amazes::arbiter
