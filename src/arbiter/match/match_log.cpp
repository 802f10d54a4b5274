#include "amazes/arbiter/match_log.hpp"

#include <cmath>
#include <stdexcept>
#include <type_traits>

#include "amazes/arbiter/match_settings.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/files/zstd_text.hpp"
#include "amazes/maze_io.hpp"

namespace amazes::arbiter {

// ordered_json keeps the fields in the order of docs/formats.md.
using json = nlohmann::ordered_json;

namespace {

// Microsecond precision is all a per-turn time can honestly claim.
double rounded_ms(double ms) { return std::round(ms * 1000.0) / 1000.0; }

json position_json(const Start& s) {
  return {{"row", s.square.row + 1}, {"col", s.square.col + 1}, {"dir", std::string(1, to_char(s.facing))}};
}

json optional_fault(const std::optional<FaultKind>& fault) {
  return fault ? json(std::string(fault_name(*fault))) : json(nullptr);
}

json turn_json(const LoggedTurn& t) {
  json turn = {{"turn", t.turn},
               {"player", std::string(color_name(t.player))},
               {"input", t.input},
               {"output", t.output ? json(*t.output) : json(nullptr)},
               {"played", t.played},
               {"substituted", t.substituted},
               {"fault", optional_fault(t.fault)},
               {"steps_done", t.steps_done},
               {"extra_t", t.extra_t},
               {"pos", position_json(t.pos)},
               {"discovered", t.discovered},
               {"first", t.first},
               {"cost", t.cost},
               {"catch", t.caught},
               {"sudden_death", t.sudden_death},
               {"points", t.points},
               {"time_ms", rounded_ms(t.time_ms)}};
  if (t.unsolicited_output) turn["unsolicited_output"] = *t.unsolicited_output;
  if (t.more_output) turn["more_output"] = *t.more_output;
  return turn;
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
  return out;
}

// Bytes a bot wrote need not be UTF-8; JSON text must be.
std::string dump(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

// Reading back -------------------------------------------------------------------------
//
// A log may come from anywhere (a hand edit, a cut copy, another program): every field is
// checked for its type and range before it is used, and an error names it by its JSON pointer
// (/turns/12/turn) and shows the value found.

// No game comes near this (a turn makes at most 2 x (2 x 64² + 100) points), and an int holds it.
constexpr long long kMaxLogPoints = 2'000'000'000;

[[noreturn]] void bad(const std::string& pointer, const std::string& what) {
  throw std::runtime_error(pointer + ": " + what);
}

// The value as JSON, cut short: an error line stays one readable line.
std::string shown(const json& value) {
  std::string text = dump(value);
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  return text;
}

[[noreturn]] void wrong(const std::string& pointer, const std::string& expected, const json& value) {
  bad(pointer, "expected " + expected + ", found " + shown(value));
}

std::string key_pointer(const std::string& object, const std::string& key) { return object + "/" + key; }

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

// A duration or a factor: a finite number, at least 0.
double number_value(const json& value, const std::string& pointer) {
  if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() < 0) {
    wrong(pointer, "a number, at least 0", value);
  }
  return value.get<double>();
}

double number_field(const json& object, const char* key, const std::string& where) {
  return number_value(field(object, key, where), key_pointer(where, key));
}

std::optional<std::uint64_t> optional_unsigned(const json& object, const char* key, const std::string& where) {
  if (field(object, key, where).is_null()) return std::nullopt;
  return unsigned_field(object, key, where);
}

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
  if (!kind) wrong(key_pointer(where, key), "null, crash, timeout, illegal, too_long or unsolicited", value);
  return kind;
}

Start position_from(const json& object, const std::string& where, int size) {
  const json& dir = field(object, "dir", where);
  const std::string text = dir.is_string() ? dir.get<std::string>() : std::string();
  const auto facing = text.size() == 1 ? direction_from_char(text[0]) : std::nullopt;
  if (!facing) wrong(where + "/dir", "\"N\", \"E\", \"S\" or \"W\"", dir);
  return {{int_field(object, "row", where, 1, size) - 1, int_field(object, "col", where, 1, size) - 1}, *facing};
}

Color color_from(const json& object, const std::string& where) {
  const json& value = field(object, "player", where);
  if (value == "red") return Color::Red;
  if (value == "blue") return Color::Blue;
  wrong(where + "/player", "\"red\" or \"blue\"", value);
}

LoggedTurn turn_from(const json& t, const std::string& where, int size, int max_turns) {
  // Bounds that keep every count in an int; the replay checks the exact values.
  const int squares = size * size;
  LoggedTurn r;
  r.turn = int_field(t, "turn", where, 1, max_turns);
  r.player = color_from(t, where);
  const json& input = field(t, "input", where);
  if (!input.is_array()) wrong(where + "/input", "an array of strings", input);
  for (std::size_t i = 0; i < input.size(); ++i) {
    if (!input[i].is_string()) wrong(where + "/input/" + std::to_string(i), "a string", input[i]);
    r.input.push_back(input[i].get<std::string>());
  }
  const json& output = field(t, "output", where);
  if (!output.is_null()) r.output = string_field(t, "output", where);
  if (t.contains("unsolicited_output")) r.unsolicited_output = string_field(t, "unsolicited_output", where);
  if (t.contains("more_output")) r.more_output = string_field(t, "more_output", where);
  r.played = string_field(t, "played", where);
  r.substituted = bool_field(t, "substituted", where);
  r.fault = fault_field(t, "fault", where);
  r.steps_done = int_field(t, "steps_done", where, 0, kMaxLineLength);
  r.extra_t = bool_field(t, "extra_t", where);
  r.pos = position_from(field(t, "pos", where), where + "/pos", size);
  r.discovered = int_field(t, "discovered", where, 0, squares);
  r.first = int_field(t, "first", where, 0, squares);
  // Older logs have no cost: it is what the rules charge, the length of what was played.
  r.cost = t.contains("cost") ? int_field(t, "cost", where, 0, kMaxLineLength + 1) : static_cast<int>(r.played.size());
  r.caught = bool_field(t, "catch", where);
  r.sudden_death = t.contains("sudden_death") ? bool_field(t, "sudden_death", where) : false;
  r.points = int_field(t, "points", where, -kMaxLogPoints, kMaxLogPoints);
  r.time_ms = number_field(t, "time_ms", where);
  return r;
}

PlayerOutcome outcome_from(const json& o, const std::string& where, int max_turns) {
  PlayerOutcome r;
  r.points = int_field(o, "points", where, -kMaxLogPoints, kMaxLogPoints);
  r.score = int_field(o, "score", where, 0, kMaxScore);
  r.fault = fault_field(o, "fault", where);
  const json& turn = field(o, "fault_turn", where);
  if (!turn.is_null()) r.fault_turn = int_field(o, "fault_turn", where, 1, max_turns);
  r.time_ms = number_field(o, "time_ms", where);
  r.stderr_text = string_field(o, "stderr", where);
  r.stderr_dropped = unsigned_field(o, "stderr_dropped", where);
  r.exit = string_field(o, "exit", where);
  if (o.contains("out_of_memory")) r.out_of_memory = bool_field(o, "out_of_memory", where);
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

}  // namespace

json match_log_json(const MatchRecord& record) {
  json turns = json::array();
  for (const auto& t : record.turns) turns.push_back(turn_json(t));
  return {{"format", kMatchLogFormat},
          {"id", record.id},
          {"seed", record.seed ? json(*record.seed) : json(nullptr)},
          {"size", record.maze.size()},
          {"maze", maze_drawing_lines(record.maze)},
          {"players",
           {{"red", {{"name", record.players[0].name}, {"command", record.players[0].command}}},
            {"blue", {{"name", record.players[1].name}, {"command", record.players[1].command}}}}},
          {"start", {{"red", position_json(record.starts.red)}, {"blue", position_json(record.starts.blue)}}},
          {"settings", settings_json(record)},
          {"turns", std::move(turns)},
          {"result",
           {{"end", record.end == GameEnd::Normal ? "normal" : "sudden_death"},
            {"red", outcome_json(record.outcome[0])},
            {"blue", outcome_json(record.outcome[1])}}}};
}

MatchRecord match_record_from_json(const json& log) {
  const std::string top;  // the JSON pointer of the whole document is ""
  if (const json& format = field(log, "format", top); format != kMatchLogFormat) {
    wrong("/format", "\"" + std::string(kMatchLogFormat) + "\"", format);
  }
  MatchRecord r;
  r.id = string_field(log, "id", top);
  if (!field(log, "seed", top).is_null()) r.seed = unsigned_field(log, "seed", top);
  const int size = int_field(log, "size", top, kMinMazeSize, kMaxMazeSize);
  const json& maze = field(log, "maze", top);
  if (!maze.is_array() || maze.size() != 2 * static_cast<std::size_t>(size) + 1) {
    wrong("/maze", "an array of " + std::to_string(2 * size + 1) + " drawing lines (size " + std::to_string(size) + ")",
          maze);
  }
  std::string maze_text;
  for (std::size_t i = 0; i < maze.size(); ++i) {
    if (!maze[i].is_string()) wrong("/maze/" + std::to_string(i), "a string", maze[i]);
    maze_text += maze[i].get<std::string>() + "\n";
  }
  try {
    r.maze = parse_maze(maze_text, "/maze").maze;
  } catch (const MazeParseError& error) {
    // The drawing's line k is /maze/k-1.
    bad("/maze/" + std::to_string(error.line() - 1),
        "column " + std::to_string(error.column()) + ": " + error.message());
  }
  if (r.maze.size() != size) bad("/size", std::to_string(size) + " does not match the maze drawing");
  read_settings(field(log, "settings", top), r.settings);
  const json& settings = log.at("settings");
  const json& players = field(log, "players", top);
  const json& start = field(log, "start", top);
  const json& result = field(log, "result", top);
  for (const Color c : {Color::Red, Color::Blue}) {
    const std::string name(color_name(c));
    const json& player = field(players, name.c_str(), "/players");
    r.players[index_of(c)] = {string_field(player, "name", "/players/" + name),
                              string_field(player, "command", "/players/" + name)};
    r.outcome[index_of(c)] = outcome_from(field(result, name.c_str(), "/result"), "/result/" + name, r.settings.turns);
  }
  r.starts = {position_from(field(start, "red", "/start"), "/start/red", size),
              position_from(field(start, "blue", "/start"), "/start/blue", size)};
  r.sandbox = settings.contains("sandbox") ? string_field(settings, "sandbox", "/settings") : std::string("none");
  if (settings.contains("sandbox_used")) {  // older logs have the line only
    r.sandbox_used = sandbox_used_from(settings.at("sandbox_used"), "/settings/sandbox_used");
  }
  const json& turns = field(log, "turns", top);
  if (!turns.is_array()) wrong("/turns", "an array", turns);
  if (turns.size() > 2 * static_cast<std::size_t>(r.settings.turns)) {
    bad("/turns", std::to_string(turns.size()) + " turns, more than the 2 x " + std::to_string(r.settings.turns) +
                      " of /settings/turns");
  }
  for (std::size_t i = 0; i < turns.size(); ++i) {
    r.turns.push_back(turn_from(turns[i], "/turns/" + std::to_string(i), size, r.settings.turns));
  }
  const json& end = field(result, "end", "/result");
  if (end != "normal" && end != "sudden_death") wrong("/result/end", "\"normal\" or \"sudden_death\"", end);
  r.end = end == "normal" ? GameEnd::Normal : GameEnd::SuddenDeath;
  return r;
}

const char* log_format_name(LogFormat format) { return format == LogFormat::Zst ? "zst" : "json"; }

std::optional<LogFormat> log_format_from_name(std::string_view name) {
  if (name == "json") return LogFormat::Json;
  if (name == "zst") return LogFormat::Zst;
  return std::nullopt;
}

const char* log_file_suffix(LogFormat format) { return format == LogFormat::Zst ? ".json.zst" : ".json"; }

LogFormat log_format_of(const std::filesystem::path& path) {
  return path.extension() == ".zst" ? LogFormat::Zst : LogFormat::Json;
}

bool is_log_file_name(std::string_view name) { return without_log_suffix(name).size() < name.size(); }

std::string without_log_suffix(std::string_view name) {
  for (const LogFormat format : {LogFormat::Zst, LogFormat::Json}) {
    const std::string_view suffix = log_file_suffix(format);
    if (name.size() > suffix.size() && name.substr(name.size() - suffix.size()) == suffix) {
      return std::string(name.substr(0, name.size() - suffix.size()));
    }
  }
  return std::string(name);
}

void write_match_log(const std::filesystem::path& path, const MatchRecord& record) {
  // One key per line and one turn per line: readable with `less`, diffable, still plain JSON.
  const json log = match_log_json(record);
  std::string text = "{\n";
  bool first = true;
  for (const auto& [key, value] : log.items()) {
    if (!first) text += ",\n";
    first = false;
    text += "  " + json(key).dump() + ": ";
    if (key == "turns" || key == "maze") {
      text += "[";
      for (std::size_t i = 0; i < value.size(); ++i) text += (i == 0 ? "\n    " : ",\n    ") + dump(value[i]);
      text += value.empty() ? "]" : "\n  ]";
    } else {
      text += dump(value);
    }
  }
  text += "\n}\n";
  files::write_file_atomically(path, log_format_of(path) == LogFormat::Zst ? files::zstd_compress(text) : text);
}

MatchRecord parse_match_log(std::string_view text, const std::string& file) {
  json log;
  try {
    log = json::parse(text);
  } catch (const json::exception& error) {
    // Not only parse_error: a number too large for a double ("1E66666666") is an out_of_range.
    throw std::runtime_error(file + ": not a JSON match log: " + error.what());
  }
  try {
    return match_record_from_json(log);
  } catch (const std::runtime_error& error) {
    throw std::runtime_error(file + ": " + error.what());
  }
}

MatchRecord read_match_log(const std::filesystem::path& path) {
  return parse_match_log(files::read_text_maybe_compressed(path, files::kMaxMatchLogBytes), path.string());
}

}  // namespace amazes::arbiter
