#pragma once
// The match settings that the match log, the results store and the command line (and config
// file) all carry, described once: adding a setting to MatchSettings means one row here, and
// every one of them reads, writes, checks and documents it from that row.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "amazes/arbiter/match_record.hpp"

namespace amazes::arbiter {

// Competition: stored with a competition, and a resumed run must ask for the same (it changes
// scores). Run: each run chooses it, each match log records it (it changes no score).
enum class SettingScope : std::uint8_t { Competition, Run };

using SettingMember = std::variant<int MatchSettings::*, double MatchSettings::*, std::size_t MatchSettings::*,
                                   ClockKind MatchSettings::*>;

struct SettingField {
  std::string_view key;         // the log's and the store's name: "wall_guard_factor"
  std::string_view option;      // the command line's and the config file's: "wall-guard-factor"
  std::string_view value_name;  // in the help: "F"
  std::string_view help;        // without the default, which comes from MatchSettings
  SettingScope scope;
  bool in_every_log;  // false: logs written before the setting existed lack it (the default holds)
  SettingMember member;
  // The accepted numbers (unused for the clock): minimum < value or minimum <= value, and
  // value <= maximum.
  double minimum = 0;
  bool minimum_excluded = false;
  double maximum = 0;
};

std::span<const SettingField> setting_fields();

// A value as read: a number (from JSON or parsed text) or a name (the clock).
using SettingValue = std::variant<double, std::string>;

// Sets the field, or returns what is wrong, ready to follow its name: "must be from 1 to 150,
// not 151", "must be cpu or wall, not 'sundial'".
std::optional<std::string> set_setting(const SettingField& field, MatchSettings& settings, const SettingValue& value);
// The same from text (the store's, the command line's): a number for numeric fields.
std::optional<std::string> set_setting_from_text(const SettingField& field, MatchSettings& settings,
                                                 std::string_view text);

// The value as text ("2", "5000", "cpu") and as a value (for the log).
std::string setting_text(const SettingField& field, const MatchSettings& settings);
SettingValue setting_value(const SettingField& field, const MatchSettings& settings);

bool same_setting(const SettingField& field, const MatchSettings& a, const MatchSettings& b);
void copy_setting(const SettingField& field, const MatchSettings& from, MatchSettings& to);

}  // namespace amazes::arbiter
