#include "match/log_fields.hpp"

#include <cmath>
#include <cstdint>
#include <map>
#include <stdexcept>

#include "amazes/arbiter/match_settings.hpp"
#include "amazes/maze_io.hpp"
#include "match/referee_lines.hpp"

namespace amazes::arbiter::log_fields {

json position_json(const Start& s) {
  return {{"row", s.square.row + 1}, {"col", s.square.col + 1}, {"dir", std::string(1, to_char(s.facing))}};
}

Start position_from(const json& object, const std::string& where, int size) {
  const json& dir = field(object, "dir", where);
  const std::string text = dir.is_string() ? dir.get<std::string>() : std::string();
  const auto facing = text.size() == 1 ? direction_from_char(text[0]) : std::nullopt;
  if (!facing) wrong(where + "/dir", "\"N\", \"E\", \"S\" or \"W\"", dir);
  return {{int_field(object, "row", where, 1, size) - 1, int_field(object, "col", where, 1, size) - 1}, *facing};
}

// Microsecond precision is all a per-turn time can honestly claim.
double rounded_ms(double ms) { return std::round(ms * 1000.0) / 1000.0; }

json optional_fault(const std::optional<FaultKind>& fault) {
  return fault ? json(std::string(fault_name(*fault))) : json(nullptr);
}

json outcome_json(const PlayerOutcome& o) {
  json out = {{"points", o.points},
              {"score", o.score},
              {"fault", optional_fault(o.fault)},
              {"fault_turn", o.fault_turn ? json(*o.fault_turn) : json(nullptr)},
              {"time_ms", rounded_ms(o.time_ms)},
              {"stderr", o.stderr_text},
              {"stderr_dropped", o.stderr_dropped},
              {"exit", o.exit}};
  if (o.out_of_memory) out["out_of_memory"] = true;
  if (!o.values.empty()) out["values"] = o.values;
  if (!o.fault_reason.empty()) out["fault_reason"] = o.fault_reason;
  return out;
}

// Bytes a bot wrote need not be UTF-8; JSON text must be.
std::string dump(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

// Reading back -------------------------------------------------------------------------
//
// A log may come from anywhere (a hand edit, a cut copy, another program): every field is
// checked for its type and range before it is used, and an error names it by its JSON pointer
// (/turns/12/turn) and shows the value found.

[[noreturn]] void bad(const std::string& pointer, const std::string& what) {
  throw std::runtime_error(pointer + ": " + what);
}

namespace {

// The value as JSON, cut short: an error line stays one readable line.
std::string shown(const json& value) {
  std::string text = dump(value);
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  return text;
}

}  // namespace

[[noreturn]] void wrong(const std::string& pointer, const std::string& expected, const json& value) {
  bad(pointer, "expected " + expected + ", found " + shown(value));
}

namespace {

std::string key_pointer(const std::string& object, const std::string& key) { return object + "/" + key; }

}  // namespace

const json& field(const json& object, const char* key, const std::string& where) {
  if (!object.is_object()) wrong(where.empty() ? "/" : where, "an object", object);
  const auto it = object.find(key);
  if (it == object.end()) bad(key_pointer(where, key), "missing");
  return *it;
}

std::string string_field(const json& object, const char* key, const std::string& where) {
  const json& value = field(object, key, where);
  if (!value.is_string()) wrong(key_pointer(where, key), "a string", value);
  return value.get<std::string>();
}

bool bool_field(const json& object, const char* key, const std::string& where) {
  const json& value = field(object, key, where);
  if (!value.is_boolean()) wrong(key_pointer(where, key), "true or false", value);
  return value.get<bool>();
}

// An integer from `low` to `high`. 1e30 or 3.5 are not integers; -2147483648 is one, but not
// in the range of any field, so no arithmetic on a field can overflow.
int int_value(const json& value, const std::string& pointer, long long low, long long high) {
  const std::string range = "an integer from " + std::to_string(low) + " to " + std::to_string(high);
  if (value.is_number_unsigned()) {
    if (value.get<std::uint64_t>() > static_cast<std::uint64_t>(high)) wrong(pointer, range, value);
    return static_cast<int>(value.get<std::uint64_t>());
  }
  if (!value.is_number_integer()) wrong(pointer, range, value);
  const auto n = value.get<std::int64_t>();
  if (n < low || n > high) wrong(pointer, range, value);
  return static_cast<int>(n);
}

int int_field(const json& object, const char* key, const std::string& where, long long low, long long high) {
  return int_value(field(object, key, where), key_pointer(where, key), low, high);
}

std::uint64_t unsigned_field(const json& object, const char* key, const std::string& where) {
  const json& value = field(object, key, where);
  if (!value.is_number_unsigned()) wrong(key_pointer(where, key), "an integer from 0 to 2^64-1", value);
  return value.get<std::uint64_t>();
}

namespace {

// A duration or a factor: a finite number, at least 0.
double number_value(const json& value, const std::string& pointer) {
  if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() < 0) {
    wrong(pointer, "a number, at least 0", value);
  }
  return value.get<double>();
}

}  // namespace

double number_field(const json& object, const char* key, const std::string& where) {
  return number_value(field(object, key, where), key_pointer(where, key));
}

namespace {

std::optional<std::uint64_t> optional_unsigned(const json& object, const char* key, const std::string& where) {
  if (field(object, key, where).is_null()) return std::nullopt;
  return unsigned_field(object, key, where);
}

}  // namespace

SandboxUsed sandbox_used_from(const json& used, const std::string& where) {
  SandboxUsed r;
  const json& mechanisms = field(used, "mechanisms", where);
  if (!mechanisms.is_array()) wrong(where + "/mechanisms", "an array of strings", mechanisms);
  for (std::size_t i = 0; i < mechanisms.size(); ++i) {
    if (!mechanisms[i].is_string()) wrong(where + "/mechanisms/" + std::to_string(i), "a string", mechanisms[i]);
    r.mechanisms.push_back(mechanisms[i].get<std::string>());
  }
  if (const json& limits = field(used, "limits", where); !limits.is_null()) {
    const std::string at = where + "/limits";
    // Logs written before the limit was on the data segment name the address space instead.
    const char* data_key = limits.contains("address_space_bytes") ? "address_space_bytes" : "data_bytes";
    r.limits =
        SandboxUsed::Limits{optional_unsigned(limits, data_key, at), optional_unsigned(limits, "processes", at),
                            unsigned_field(limits, "open_files", at), unsigned_field(limits, "file_size_bytes", at)};
  }
  const json& uids = field(used, "uids", where);
  for (const Color c : {Color::Red, Color::Blue}) {
    const std::string name(color_name(c));
    if (field(uids, name.c_str(), where + "/uids").is_null()) continue;
    r.uids[index_of(c)] = static_cast<std::uint32_t>(int_field(uids, name.c_str(), where + "/uids", 0, INT32_MAX));
  }
  if (!field(used, "cpu", where).is_null()) r.cpu = int_field(used, "cpu", where, 0, 1 << 20);
  return r;
}

// The settings as setting_fields() describes them, but the sandbox's (the log records what was
// used, read apart); a setting that older logs lack keeps its default.
void read_settings(const json& settings, MatchSettings& into) {
  if (!settings.is_object()) wrong("/settings", "an object", settings);
  for (const SettingField& setting : setting_fields()) {
    if (setting.scope == SettingScope::Sandbox) continue;
    const std::string key(setting.key);
    const std::string pointer = "/settings/" + key;
    if (!settings.contains(key)) {
      if (setting.always_written) bad(pointer, "missing");
      continue;
    }
    const json& value = settings.at(key);
    if (!value.is_number() && !value.is_string()) wrong(pointer, "a number or a name", value);
    const SettingValue read = value.is_number() ? SettingValue(value.get<double>()) : value.get<std::string>();
    if (const auto problem = set_setting(setting, into, read)) bad(pointer, *problem);
  }
}

std::optional<FaultKind> fault_field(const json& object, const char* key, const std::string& where) {
  const json& value = field(object, key, where);
  if (value.is_null()) return std::nullopt;
  const auto kind = value.is_string() ? fault_from_name(value.get<std::string>()) : std::nullopt;
  if (!kind) wrong(key_pointer(where, key), "null, crash, timeout, illegal, too_long, unsolicited or no_output", value);
  return kind;
}

std::optional<LimitHit> limit_hit_field(const json& turn, const std::string& where) {
  if (!turn.is_object() || !turn.contains("limit_hit")) return std::nullopt;
  const json& value = turn.at("limit_hit");
  const auto limit = value.is_string() ? limit_hit_from_name(value.get<std::string>()) : std::nullopt;
  if (!limit) wrong(where + "/limit_hit", "\"budget\", \"wall_guard\" or \"move\"", value);
  return limit;
}

namespace {

// A referee's values for the player (docs/referees.md §6): whole numbers by name.
std::map<std::string, std::int64_t> values_from(const json& values, const std::string& pointer) {
  if (!values.is_object()) wrong(pointer, "an object of integers", values);
  std::map<std::string, std::int64_t> read;
  for (const auto& [name, value] : values.items()) {
    if (!is_value_name(name)) wrong(pointer, "names of lowercase letters, digits and _", json(name));
    const bool fits =
        value.is_number_integer() && (!value.is_number_unsigned() || value.get<std::uint64_t>() <= INT64_MAX);
    if (!fits) wrong(pointer + "/" + name, "an integer from -2^63 to 2^63-1", value);
    read[name] = value.get<std::int64_t>();
  }
  return read;
}

}  // namespace

PlayerOutcome outcome_from(const json& o, const std::string& where, int max_fault_turn, const ScoreRange& scores) {
  PlayerOutcome r;
  r.points = int_field(o, "points", where, -kMaxLogPoints, kMaxLogPoints);
  r.score = int_field(o, "score", where, scores.min, scores.max);
  r.fault = fault_field(o, "fault", where);
  const json& turn = field(o, "fault_turn", where);
  if (!turn.is_null()) r.fault_turn = int_field(o, "fault_turn", where, 1, max_fault_turn);
  r.time_ms = number_field(o, "time_ms", where);
  r.stderr_text = string_field(o, "stderr", where);
  r.stderr_dropped = unsigned_field(o, "stderr_dropped", where);
  r.exit = string_field(o, "exit", where);
  if (o.contains("out_of_memory")) r.out_of_memory = bool_field(o, "out_of_memory", where);
  if (o.contains("values")) r.values = values_from(o.at("values"), where + "/values");
  if (o.contains("fault_reason")) r.fault_reason = string_field(o, "fault_reason", where);
  return r;
}

json sandbox_used_json(const SandboxUsed& used) {
  const auto optional = [](const auto& value) { return value ? json(*value) : json(nullptr); };
  json limits = nullptr;
  if (used.limits) {
    limits = {{"data_bytes", optional(used.limits->data_bytes)},
              {"processes", optional(used.limits->processes)},
              {"open_files", used.limits->open_files},
              {"file_size_bytes", used.limits->file_size_bytes}};
  }
  return {{"mechanisms", used.mechanisms},
          {"limits", limits},
          {"uids", {{"red", optional(used.uids[0])}, {"blue", optional(used.uids[1])}}},
          {"cpu", optional(used.cpu)}};
}

json settings_json(const MatchRecord& record) {
  json settings = json::object();
  for (const SettingField& setting : setting_fields()) {
    if (setting.scope == SettingScope::Sandbox) continue;
    settings[std::string(setting.key)] =
        std::visit([](const auto& value) { return json(value); }, setting_value(setting, record.settings));
  }
  settings["sandbox"] = record.sandbox;
  settings["sandbox_used"] = sandbox_used_json(record.sandbox_used);
  return settings;
}

Maze maze_field(const json& log) {
  const std::string top;
  const int size = int_field(log, "size", top, kMinMazeSize, kMaxMazeSize);
  const json& drawing = field(log, "maze", top);
  if (!drawing.is_array() || drawing.size() != 2 * static_cast<std::size_t>(size) + 1) {
    wrong("/maze", "an array of " + std::to_string(2 * size + 1) + " drawing lines (size " + std::to_string(size) + ")",
          drawing);
  }
  std::string maze_text;
  for (std::size_t i = 0; i < drawing.size(); ++i) {
    if (!drawing[i].is_string()) wrong("/maze/" + std::to_string(i), "a string", drawing[i]);
    maze_text += drawing[i].get<std::string>() + "\n";
  }
  Maze maze;
  try {
    maze = parse_maze(maze_text, "/maze").maze;
  } catch (const MazeParseError& error) {
    // The drawing's line k is /maze/k-1.
    bad("/maze/" + std::to_string(error.line() - 1),
        "column " + std::to_string(error.column()) + ": " + error.message());
  }
  if (maze.size() != size) bad("/size", std::to_string(size) + " does not match the maze drawing");
  return maze;
}

}  // namespace amazes::arbiter::log_fields
