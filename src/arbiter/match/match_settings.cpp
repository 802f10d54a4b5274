#include "amazes/arbiter/match_settings.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "amazes/printable.hpp"

namespace amazes::arbiter {
namespace {

// Upper bounds that no real contest comes near and that keep every derived duration and
// buffer finite: a budget or grace of 10^9 ms is eleven days, 2^40 MiB a petabyte.
constexpr double kMaxMs = 1e9;
constexpr double kMaxStderrLimit = 1e8;  // bytes kept per player per game, in memory
constexpr double kMaxWallGuardFactor = 1000;
constexpr double kMaxMb = 1099511627776.0;
// The largest score a referee's range may allow: far beyond any game, well inside an int sum.
constexpr int kMaxScoreBound = 1'000'000'000;

constexpr auto kCompetition = SettingScope::Competition;
constexpr auto kRun = SettingScope::Run;
constexpr auto kSandbox = SettingScope::Sandbox;

// clang-format off
constexpr std::array kFields = {
  SettingField{"turns", "turns", "T", "turns per player", kCompetition, true,
               &MatchSettings::turns, 1, false, kMaxTurns},
  SettingField{"time_ms", "time-ms", "MS", "time budget per player per game, in ms", kCompetition, true,
               &MatchSettings::time_ms, 0, true, kMaxMs},
  SettingField{"clock", "clock", "cpu|wall", "what the budget counts: the player's CPU time, or wall time",
               kCompetition, true, &MatchSettings::clock},
  SettingField{"wall_guard_factor", "wall-guard-factor", "F",
               "with the cpu clock, a turn also times out after F × budget left + extra of wall time",
               kCompetition, false, &MatchSettings::wall_guard_factor, 0, true, kMaxWallGuardFactor},
  SettingField{"wall_guard_extra_ms", "wall-guard-extra-ms", "MS", "the extra of the wall guard, in ms",
               kCompetition, false, &MatchSettings::wall_guard_extra_ms, 0, false, kMaxMs},
  SettingField{"grace_ms", "grace-ms", "MS", "time a player has to exit after its last turn, in ms",
               kRun, false, &MatchSettings::grace_ms, 0, false, kMaxMs},
  SettingField{"stderr_limit", "stderr-limit", "BYTES", "stderr bytes kept per player per game",
               kRun, false, &MatchSettings::stderr_limit, 0, false, kMaxStderrLimit},
  SettingField{"referee", "referee", "CMD",
               "a Caia referee's command line, which plays the game while the judge plays caiaio's part "
               "({seed}: the game's seed, {maze}: a file with its maze and starts; the referee's log file is "
               "added as its last argument); empty: the built-in Amazes game",
               kCompetition, false, &MatchSettings::game},
  SettingField{"referee_timeout_ms", "referee-timeout-ms", "MS",
               "how long the referee may stay silent while no player is listened to, in ms (beyond it the game "
               "is the judge's failure)",
               kRun, false, &MatchSettings::referee_timeout_ms, 0, true, kMaxMs},
  SettingField{"scores", "scores", "MIN-MAX", "the scores a referee may report for a player, both ends included",
               kCompetition, false, &MatchSettings::scores},
  SettingField{"move_time_ms", "move-time-ms", "MS",
               "the most one move may take, in ms, beside the budget per game (0: no limit of its own)",
               kCompetition, false, &MatchSettings::move_time_ms, 0, false, kMaxMs},
  SettingField{"move_files", "move-files", "IN,OUT",
               "run each player once per move, as NIO's juries did: the referee's lines for it in the file IN of a "
               "private folder of its own, its answer read from the file OUT (SPEL.IN,SPEL.UIT); empty: players "
               "run for the whole game over pipes",
               kCompetition, false, &MatchSettings::move_files},

  SettingField{"mode", "sandbox", "auto|namespaces|bwrap|none",
               "isolation of the players: the judge's own namespaces where it can make them (as root, with "
               "cgroups), else bubblewrap, else limits only (auto); the judge's own namespaces or no match "
               "(namespaces); bubblewrap or no match (bwrap); or nothing at all (none: trusted bots, debugging)",
               kSandbox, true, &SandboxSettings::mode},
  SettingField{"memory_mb", "sandbox-memory-mb", "MB",
               "memory per player: every page of all its processes, in its memory cgroup where the machine has "
               "one, else the data segment (heap, private mappings) per process; a JVM takes a quarter of it for its heap "
               "unless its command says -Xmx; 0: no limit",
               kSandbox, true, &SandboxSettings::memory_mb, 0, false, kMaxMb, static_cast<double>(kMinMemoryMb)},
  SettingField{"processes", "sandbox-processes", "N",
               "processes and threads per player, counted per UID (as root) and by pids.max where available; a "
               "JVM starts about 20 (0: no limit)",
               kSandbox, true, &SandboxSettings::processes, 0, false, 1 << 22},
  // bwrap itself and any runtime need a few descriptors beyond 0, 1 and 2.
  SettingField{"open_files", "sandbox-open-files", "N", "open files per player process",
               kSandbox, true, &SandboxSettings::open_files, 16, false, 1 << 20},
  SettingField{"tmp_mb", "sandbox-tmp-mb", "MB",
               "a private writable /tmp of this size in the sandbox, for runtimes that need one (0: none, and no "
               "file may be written anywhere)",
               kSandbox, true, &SandboxSettings::tmp_mb, 0, false, kMaxMb},
  SettingField{"uids", "sandbox-uids", "FIRST-LAST|none",
               "as root, the UIDs (and GIDs) players run under, one per running player, in every mode: no player "
               "runs as root; none: the judge's, refused as root",
               kSandbox, true, &SandboxSettings::uids},
  SettingField{"cgroups", "sandbox-cgroups", "auto|off",
               "a cgroup v2 per player when the machine allows: pausing that no child process escapes, CPU time "
               "of all its processes, one kill for all (auto), or process groups only (off)",
               kSandbox, true, &SandboxSettings::cgroups},
  SettingField{"pin_cpu", "sandbox-pin-cpu", "auto|off",
               "run each match (the judge's thread and both players, who take turns) on a CPU of its own when "
               "the players are in cgroups and the clock is cpu: hand-overs stay on one CPU, which makes matches "
               "of fast bots about twice as fast on a virtual machine (auto), or let the scheduler place them "
               "(off)",
               kSandbox, true, &SandboxSettings::pin_cpu},
  SettingField{"drop_caches", "sandbox-drop-caches", "on|off",
               "as root, drop the machine's page cache before each game, so that no bot learns in a later game "
               "what an earlier one read (a maze carried in the pattern of cached pages); complete with -j 1 "
               "only, and costly: every program is read from the disk again",
               kSandbox, false, &SandboxSettings::drop_caches},
};
// clang-format on

// The member a row names, in `settings` itself or in its sandbox.
template <class T>
T& at(MatchSettings& settings, T MatchSettings::*member) {
  return settings.*member;
}
template <class T>
T& at(MatchSettings& settings, T SandboxSettings::*member) {
  return settings.sandbox.*member;
}
template <class T>
const T& at(const MatchSettings& settings, T MatchSettings::*member) {
  return settings.*member;
}
template <class T>
const T& at(const MatchSettings& settings, T SandboxSettings::*member) {
  return settings.sandbox.*member;
}

template <class T>
constexpr bool kIsNumber = std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;

std::string number_text(double value) { return fmt::format("{}", value); }

std::string_view enum_name(ClockKind clock) { return clock_name(clock); }
std::string_view enum_name(SandboxMode mode) { return sandbox_mode_name(mode); }
void from_name(std::string_view name, std::optional<ClockKind>& to) { to = clock_from_name(name); }
void from_name(std::string_view name, std::optional<SandboxMode>& to) { to = sandbox_mode_from_name(name); }

// The names of a choice or a switch, from the row's value_name: "cpu|wall" → cpu, wall.
std::vector<std::string_view> names_of(const SettingField& field) {
  std::vector<std::string_view> names;
  std::string_view rest = field.value_name;
  while (true) {
    const auto bar = rest.find('|');
    names.push_back(rest.substr(0, bar));
    if (bar == std::string_view::npos) return names;
    rest.remove_prefix(bar + 1);
  }
}

// "cpu or wall", "auto, namespaces, bwrap or none".
std::string choices_text(const SettingField& field) {
  const auto names = names_of(field);
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " or " : ", ";
    text += names[i];
  }
  return text;
}

std::string shown(const SettingValue& value) {
  if (const auto* text = std::get_if<std::string>(&value)) return "'" + printable(*text) + "'";
  if (const auto* whole = std::get_if<std::int64_t>(&value)) return std::to_string(*whole);
  if (const auto* number = std::get_if<double>(&value)) return number_text(*number);
  return std::get<bool>(value) ? "true" : "false";
}

// "from 1 to 150", "more than 0 and at most 1000000000", "from 0 to 1000000000".
std::string range_text(const SettingField& field) {
  if (field.minimum_excluded) {
    return fmt::format("more than {} and at most {}", number_text(field.minimum), number_text(field.maximum));
  }
  return fmt::format("from {} to {}", number_text(field.minimum), number_text(field.maximum));
}

template <class T>
std::optional<std::string> set_number(const SettingField& field, T& to, const SettingValue& value) {
  constexpr bool whole = std::is_integral_v<T>;
  std::optional<double> number;
  if (const auto* w = std::get_if<std::int64_t>(&value)) number = static_cast<double>(*w);
  if (const auto* d = std::get_if<double>(&value)) number = *d;
  if (!number) {
    return fmt::format("must be a {}number {}, not {}", whole ? "whole " : "", range_text(field), shown(value));
  }
  const double v = *number;
  if (whole && std::isfinite(v) && v != std::floor(v)) {
    return fmt::format("must be a whole number {}, not {}", range_text(field), number_text(v));
  }
  const bool in_range =
      std::isfinite(v) && (field.minimum_excluded ? v > field.minimum : v >= field.minimum) && v <= field.maximum;
  if (!in_range) return fmt::format("must be {}, not {}", range_text(field), number_text(v));
  if (v != 0 && v < field.least_not_zero) {
    return fmt::format("must be 0 (no limit) or at least {}, not {}", number_text(field.least_not_zero),
                       number_text(v));
  }
  to = static_cast<T>(v);
  return std::nullopt;
}

template <class E>
std::optional<std::string> set_choice(const SettingField& field, E& to, const SettingValue& value) {
  std::optional<E> chosen;
  if (const auto* name = std::get_if<std::string>(&value)) from_name(*name, chosen);
  if (!chosen) return fmt::format("must be {}, not {}", choices_text(field), shown(value));
  to = *chosen;
  return std::nullopt;
}

std::optional<std::string> set_switch(const SettingField& field, bool& to, const SettingValue& value) {
  const auto names = names_of(field);
  const auto* name = std::get_if<std::string>(&value);
  if (const auto* on = std::get_if<bool>(&value)) {
    to = *on;
  } else if (name != nullptr && (*name == names.at(0) || *name == names.at(1))) {
    to = *name == names[0];
  } else {
    return fmt::format("must be {}, not {}", choices_text(field), shown(value));
  }
  return std::nullopt;
}

std::optional<std::string> set_game(GameChoice& to, const SettingValue& value) {
  const auto* text = std::get_if<std::string>(&value);
  if (text == nullptr) return fmt::format("must be a text, not {}", shown(value));
  to = GameChoice(*text);
  return std::nullopt;
}

std::optional<std::string> set_scores(ScoreRange& to, const SettingValue& value) {
  const auto* text = std::get_if<std::string>(&value);
  const auto range = text != nullptr ? score_range_from_text(*text) : std::nullopt;
  if (!range) {
    return fmt::format("must be MIN-MAX (0 <= MIN <= MAX <= {}), not {}", kMaxScoreBound, shown(value));
  }
  to = *range;
  return std::nullopt;
}

std::optional<std::string> set_move_files(MoveFiles& to, const SettingValue& value) {
  const auto* text = std::get_if<std::string>(&value);
  const auto files = text != nullptr ? move_files_from_text(*text) : std::nullopt;
  if (!files) {
    return fmt::format("must be IN,OUT, two different file names without '/' (SPEL.IN,SPEL.UIT), not {}", shown(value));
  }
  to = *files;
  return std::nullopt;
}

std::optional<std::string> set_uids(std::optional<UidRange>& to, const SettingValue& value) {
  const auto* text = std::get_if<std::string>(&value);
  const auto range = text != nullptr ? uid_range_from_text(*text) : std::nullopt;
  if (text != nullptr && *text == "none") {
    to.reset();
  } else if (range) {
    to = *range;
  } else {
    return fmt::format("must be FIRST-LAST (1 <= FIRST <= LAST) or none, not {}", shown(value));
  }
  return std::nullopt;
}

}  // namespace

std::string_view clock_name(ClockKind clock) { return clock == ClockKind::Cpu ? "cpu" : "wall"; }

std::optional<ClockKind> clock_from_name(std::string_view name) {
  if (name == "cpu") return ClockKind::Cpu;
  if (name == "wall") return ClockKind::Wall;
  return std::nullopt;
}

std::string score_range_text(const ScoreRange& range) { return fmt::format("{}-{}", range.min, range.max); }

std::optional<ScoreRange> score_range_from_text(std::string_view text) {
  const auto dash = text.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  const auto whole = [](std::string_view digits) -> std::optional<int> {
    int value = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || digits[0] == '-' || error != std::errc{} || end != digits.data() + digits.size()) {
      return std::nullopt;
    }
    return value;
  };
  const auto min = whole(text.substr(0, dash));
  const auto max = whole(text.substr(dash + 1));
  if (!min || !max || *min > *max || *max > kMaxScoreBound) return std::nullopt;
  return ScoreRange{*min, *max};
}

std::string move_files_text(const MoveFiles& files) {
  return files.per_move() ? files.input + "," + files.output : std::string();
}

std::optional<MoveFiles> move_files_from_text(std::string_view text) {
  if (text.empty()) return MoveFiles{};
  const auto comma = text.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  // A plain name in the player's folder: nothing that could name another place, or the folder.
  const auto plain = [](std::string_view name) {
    if (name.empty() || name.size() > 255 || name == "." || name == "..") return false;
    return std::all_of(name.begin(), name.end(), [](char c) { return c > ' ' && c < 127 && c != '/' && c != ','; });
  };
  const std::string_view input = text.substr(0, comma);
  const std::string_view output = text.substr(comma + 1);
  if (!plain(input) || !plain(output) || input == output) return std::nullopt;
  return MoveFiles{std::string(input), std::string(output)};
}

std::span<const SettingField> setting_fields() { return kFields; }

const SettingField* setting_field(std::string_view key) {
  for (const SettingField& field : kFields) {
    if (field.key == key) return &field;
  }
  return nullptr;
}

std::optional<std::string> set_setting(const SettingField& field, MatchSettings& settings, const SettingValue& value) {
  return std::visit(
      [&](auto member) -> std::optional<std::string> {
        auto& to = at(settings, member);
        using T = std::remove_cvref_t<decltype(to)>;
        if constexpr (kIsNumber<T>) {
          return set_number(field, to, value);
        } else if constexpr (std::is_same_v<T, bool>) {
          return set_switch(field, to, value);
        } else if constexpr (std::is_same_v<T, std::optional<UidRange>>) {
          return set_uids(to, value);
        } else if constexpr (std::is_same_v<T, GameChoice>) {
          return set_game(to, value);
        } else if constexpr (std::is_same_v<T, ScoreRange>) {
          return set_scores(to, value);
        } else if constexpr (std::is_same_v<T, MoveFiles>) {
          return set_move_files(to, value);
        } else {
          return set_choice(field, to, value);
        }
      },
      field.member);
}

std::optional<std::string> set_setting_from_text(const SettingField& field, MatchSettings& settings,
                                                 std::string_view text) {
  const bool numeric = std::visit(
      [&](auto member) { return kIsNumber<std::remove_cvref_t<decltype(at(settings, member))>>; }, field.member);
  if (!numeric) return set_setting(field, settings, std::string(text));
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
        const auto& value = at(settings, member);
        using T = std::remove_cvref_t<decltype(value)>;
        if constexpr (std::is_same_v<T, bool> || std::is_floating_point_v<T>) {
          return value;
        } else if constexpr (std::is_integral_v<T>) {
          return static_cast<std::int64_t>(value);
        } else if constexpr (std::is_same_v<T, std::optional<UidRange>>) {
          return value ? uid_range_text(*value) : std::string("none");
        } else if constexpr (std::is_same_v<T, GameChoice>) {
          return value.referee();
        } else if constexpr (std::is_same_v<T, ScoreRange>) {
          return score_range_text(value);
        } else if constexpr (std::is_same_v<T, MoveFiles>) {
          return move_files_text(value);
        } else {
          return std::string(enum_name(value));
        }
      },
      field.member);
}

std::string setting_text(const SettingField& field, const MatchSettings& settings) {
  const SettingValue value = setting_value(field, settings);
  if (const auto* on = std::get_if<bool>(&value)) return std::string(names_of(field).at(*on ? 0 : 1));
  if (const auto* text = std::get_if<std::string>(&value)) return *text;
  if (const auto* whole = std::get_if<std::int64_t>(&value)) return std::to_string(*whole);
  return number_text(std::get<double>(value));
}

namespace {

// The settings a game's row gives: its referee (in `game`), scores, time and move files.
std::vector<std::string_view> set_game_of_row(GameChoice game, MatchSettings& settings) {
  const GameRow& row = *game.row();
  settings.game = std::move(game);
  settings.scores = *score_range_from_text(row.scores);
  settings.time_ms = row.time_ms;
  settings.move_files = *move_files_from_text(row.move_files);
  settings.move_time_ms = row.move_time_ms;
  return {"referee", "scores", "time_ms", "move_files", "move_time_ms"};
}

}  // namespace

std::vector<std::string_view> set_catalogue_game(const GameRow& game, MatchSettings& settings) {
  std::string referee;
  if (game.name != kAmazesGame) {
    referee = fmt::format("amazes referee {}{}", game.name, game.setup == SetupKind::Seed ? " --seed {seed}" : "");
  }
  return set_game_of_row(GameChoice(referee), settings);
}

std::vector<std::string_view> set_file_game(std::shared_ptr<const GameRow> game, MatchSettings& settings) {
  return set_game_of_row(GameChoice(std::move(game)), settings);
}

bool same_setting(const SettingField& field, const MatchSettings& a, const MatchSettings& b) {
  return std::visit([&](auto member) { return at(a, member) == at(b, member); }, field.member);
}

void copy_setting(const SettingField& field, const MatchSettings& from, MatchSettings& to) {
  std::visit([&](auto member) { at(to, member) = at(from, member); }, field.member);
}

}  // namespace amazes::arbiter
