#pragma once
// The settings of a match, the rules' and the sandbox's, and the one table that describes each
// of them: its option on the command line and in a config file, its field in the match log, the
// results store and a game plan, its range and its help. Adding a setting means a member here
// and one row in match_settings.cpp; every reader and writer works from the row.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "amazes/arbiter/game_choice.hpp"
#include "amazes/arbiter/sandbox_settings.hpp"
#include "amazes/game.hpp"

namespace amazes::arbiter {

enum class ClockKind : std::uint8_t { Cpu, Wall };
std::string_view clock_name(ClockKind clock);  // "cpu", "wall"
std::optional<ClockKind> clock_from_name(std::string_view name);

// Bytes of a player's stderr kept per game (the rest is counted, not kept).
inline constexpr std::size_t kDefaultStderrLimit = 10'000;

// The scores a referee may report for a player (both ends included): Amazes' 0..1000 unless the
// game says otherwise (More: 0..20).
struct ScoreRange {
  int min = 0;
  int max = kMaxScore;
  friend bool operator==(const ScoreRange&, const ScoreRange&) = default;
};
std::string score_range_text(const ScoreRange& range);                   // "0-20"
std::optional<ScoreRange> score_range_from_text(std::string_view text);  // "A-B" with 0 <= A <= B <= 10^9

// The files of a player run once per move, as NIO's juries ran programs (docs/referees.md, "Players
// run once per move"): the judge writes what the referee sent it into `input` in the player's own
// folder, runs it, and reads its answer from `output`. Both empty: the player runs for the whole
// game and speaks over pipes.
struct MoveFiles {
  std::string input;
  std::string output;
  bool per_move() const { return !input.empty(); }
  friend bool operator==(const MoveFiles&, const MoveFiles&) = default;
};
std::string move_files_text(const MoveFiles& files);  // "SPEL.IN,SPEL.UIT", "" for pipes
// "IN,OUT": two different plain file names (no '/', not . or .., printable ASCII); "" for pipes.
std::optional<MoveFiles> move_files_from_text(std::string_view text);

// The defaults here are the judge's, for every command and config file: the options' help
// texts are made from them.
struct MatchSettings {
  int turns = kDefaultTurns;
  double time_ms = 5000.0;  // budget per player per game
  ClockKind clock = ClockKind::Cpu;
  double wall_guard_factor = 2.0;  // a turn fails when wall > factor × budget left + extra
  double wall_guard_extra_ms = 1000.0;
  double grace_ms = 1000.0;  // after the last turn, before the kill
  std::size_t stderr_limit = kDefaultStderrLimit;
  // The built-in Amazes game, or a Caia referee's command line (docs/referees.md, "The judge as
  // caiaio") that plays the game while the judge routes its lines: the `referee` setting.
  GameChoice game;
  double referee_timeout_ms = 30000.0;  // the longest the referee may stay silent, no player listened to
  ScoreRange scores;                    // what the referee's report may give a player
  MoveFiles move_files;                 // pipes, or a program run once per move with these files
  double move_time_ms = 0;              // the limit of one move, in ms; 0: none (the budget alone)
  SandboxSettings sandbox;              // isolation and limits of the players
};

// Competition: stored with a competition, and a resumed run must ask for the same (it changes
// scores). Run: each run chooses it, each match log records it (it changes no score).
// Sandbox: each run chooses it, a game plan carries it; a match log records what the sandbox
// used (MatchRecord::sandbox_used), not the setting.
enum class SettingScope : std::uint8_t { Competition, Run, Sandbox };

using SettingMember =
    std::variant<int MatchSettings::*, double MatchSettings::*, std::size_t MatchSettings::*,
                 ClockKind MatchSettings::*, GameChoice MatchSettings::*, ScoreRange MatchSettings::*,
                 MoveFiles MatchSettings::*, SandboxMode SandboxSettings::*, std::uint64_t SandboxSettings::*,
                 int SandboxSettings::*, bool SandboxSettings::*, std::optional<UidRange> SandboxSettings::*>;

struct SettingField {
  std::string_view key;     // the log's, the store's and the plan's name: "wall_guard_factor"
  std::string_view option;  // the command line's and the config file's: "wall-guard-factor"
  // In the help: "F". For a choice, its names: "cpu|wall"; for a switch, the name of on first:
  // "auto|off".
  std::string_view value_name;
  std::string_view help;  // without the default, which comes from MatchSettings
  SettingScope scope;
  bool always_written;  // false: logs and plans written before the setting existed lack it
  SettingMember member;
  // The accepted numbers: minimum < value or minimum <= value, and value <= maximum; with
  // least_not_zero, also value == 0 or value >= least_not_zero.
  double minimum = 0;
  bool minimum_excluded = false;
  double maximum = 0;
  double least_not_zero = 0;
};

std::span<const SettingField> setting_fields();
const SettingField* setting_field(std::string_view key);

// A value as read or written: a whole number, a number, a switch (a game plan's JSON), or a
// name or text (the clock, the sandbox mode, the UIDs, any value from the command line).
using SettingValue = std::variant<std::int64_t, double, bool, std::string>;

// Sets the field, or returns what is wrong, ready to follow its name: "must be from 1 to 150,
// not 151", "must be cpu or wall, not 'sundial'".
std::optional<std::string> set_setting(const SettingField& field, MatchSettings& settings, const SettingValue& value);
// The same from text (the store's, the command line's): a number for numeric fields.
std::optional<std::string> set_setting_from_text(const SettingField& field, MatchSettings& settings,
                                                 std::string_view text);

// The value as text ("2", "5000", "cpu", "auto", "60600-61099") and as a value (whole numbers
// stay whole; switches are bools).
std::string setting_text(const SettingField& field, const MatchSettings& settings);
SettingValue setting_value(const SettingField& field, const MatchSettings& settings);

// `--game NAME`: the settings of a game of the catalogue, its referee (none for the built-in
// game), scores, time and move files. Returns the keys it set.
std::vector<std::string_view> set_catalogue_game(const GameRow& game, MatchSettings& settings);
// `--game FILE`: the same of a game file's row.
std::vector<std::string_view> set_file_game(std::shared_ptr<const GameRow> game, MatchSettings& settings);

bool same_setting(const SettingField& field, const MatchSettings& a, const MatchSettings& b);
void copy_setting(const SettingField& field, const MatchSettings& from, MatchSettings& to);

}  // namespace amazes::arbiter
