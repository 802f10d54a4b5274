#include "amazes/arbiter/match_log.hpp"

#include <cmath>
#include <stdexcept>

#include "amazes/arbiter/text_file.hpp"
#include "amazes/maze_io.hpp"

namespace amazes::arbiter {

// ordered_json keeps the fields in the order of docs/formats.md.
using json = nlohmann::ordered_json;

std::string_view clock_name(ClockKind clock) { return clock == ClockKind::Cpu ? "cpu" : "wall"; }

std::optional<ClockKind> clock_from_name(std::string_view name) {
  if (name == "cpu") return ClockKind::Cpu;
  if (name == "wall") return ClockKind::Wall;
  return std::nullopt;
}

namespace {

// Microsecond precision is all a per-turn time can honestly claim.
double rounded_ms(double ms) { return std::round(ms * 1000.0) / 1000.0; }

json position_json(const Start& s) {
  return {{"row", s.square.row + 1}, {"col", s.square.col + 1}, {"dir", std::string(1, to_char(s.facing))}};
}

json optional_fault(const std::optional<FaultKind>& fault) {
  return fault ? json(std::string(fault_name(*fault))) : json(nullptr);
}

json turn_json(const TurnRecord& t) {
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
  return turn;
}

json outcome_json(const PlayerOutcome& o) {
  return {{"points", o.points},
          {"score", o.score},
          {"fault", optional_fault(o.fault)},
          {"fault_turn", o.fault_turn ? json(*o.fault_turn) : json(nullptr)},
          {"time_ms", rounded_ms(o.time_ms)},
          {"stderr", o.stderr_text},
          {"stderr_dropped", o.stderr_dropped},
          {"exit", o.exit}};
}

// Bytes a bot wrote need not be UTF-8; JSON text must be.
std::string dump(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

// Reading back -------------------------------------------------------------------------

[[noreturn]] void bad(const std::string& where, const std::string& what) {
  throw std::runtime_error("match log: " + where + ": " + what);
}

const json& field(const json& object, const char* key, const std::string& where) {
  if (!object.is_object()) bad(where, "expected an object");
  const auto it = object.find(key);
  if (it == object.end()) bad(where, std::string("missing field \"") + key + "\"");
  return *it;
}

template <typename T>
T get(const json& object, const char* key, const std::string& where) {
  try {
    return field(object, key, where).get<T>();
  } catch (const json::exception& error) {
    bad(where + "." + key, error.what());
  }
}

std::optional<FaultKind> fault_field(const json& object, const char* key, const std::string& where) {
  const json& value = field(object, key, where);
  if (value.is_null()) return std::nullopt;
  const auto kind = value.is_string() ? fault_from_name(value.get<std::string>()) : std::nullopt;
  if (!kind) bad(where + "." + key, "unknown fault " + value.dump());
  return kind;
}

Start position_from(const json& object, const std::string& where) {
  const auto dir = get<std::string>(object, "dir", where);
  const auto facing = dir.size() == 1 ? direction_from_char(dir[0]) : std::nullopt;
  if (!facing) bad(where + ".dir", "expected N, E, S or W");
  return {{get<int>(object, "row", where) - 1, get<int>(object, "col", where) - 1}, *facing};
}

Color color_from(const std::string& name, const std::string& where) {
  if (name == "red") return Color::Red;
  if (name == "blue") return Color::Blue;
  bad(where, "expected \"red\" or \"blue\", found \"" + name + "\"");
}

TurnRecord turn_from(const json& t, const std::string& where) {
  TurnRecord r;
  r.turn = get<int>(t, "turn", where);
  r.player = color_from(get<std::string>(t, "player", where), where + ".player");
  r.input = get<std::vector<std::string>>(t, "input", where);
  const json& output = field(t, "output", where);
  if (!output.is_null()) r.output = get<std::string>(t, "output", where);
  if (t.contains("unsolicited_output")) r.unsolicited_output = get<std::string>(t, "unsolicited_output", where);
  r.played = get<std::string>(t, "played", where);
  r.substituted = get<bool>(t, "substituted", where);
  r.fault = fault_field(t, "fault", where);
  r.steps_done = get<int>(t, "steps_done", where);
  r.extra_t = get<bool>(t, "extra_t", where);
  r.pos = position_from(field(t, "pos", where), where + ".pos");
  r.discovered = get<int>(t, "discovered", where);
  r.first = get<int>(t, "first", where);
  r.cost = t.value("cost", 0);
  r.caught = get<bool>(t, "catch", where);
  r.sudden_death = t.value("sudden_death", false);
  r.points = get<int>(t, "points", where);
  r.time_ms = get<double>(t, "time_ms", where);
  return r;
}

PlayerOutcome outcome_from(const json& o, const std::string& where) {
  PlayerOutcome r;
  r.points = get<int>(o, "points", where);
  r.score = get<int>(o, "score", where);
  r.fault = fault_field(o, "fault", where);
  const json& turn = field(o, "fault_turn", where);
  if (!turn.is_null()) r.fault_turn = get<int>(o, "fault_turn", where);
  r.time_ms = get<double>(o, "time_ms", where);
  r.stderr_text = get<std::string>(o, "stderr", where);
  r.stderr_dropped = get<std::uint64_t>(o, "stderr_dropped", where);
  r.exit = get<std::string>(o, "exit", where);
  return r;
}

}  // namespace

json match_log_json(const MatchRecord& record) {
  json turns = json::array();
  for (const auto& t : record.turns) turns.push_back(turn_json(t));
  const auto& s = record.settings;
  return {{"format", kMatchLogFormat},
          {"id", record.id},
          {"seed", record.seed ? json(*record.seed) : json(nullptr)},
          {"size", record.maze.size()},
          {"maze", maze_drawing_lines(record.maze)},
          {"players",
           {{"red", {{"name", record.players[0].name}, {"command", record.players[0].command}}},
            {"blue", {{"name", record.players[1].name}, {"command", record.players[1].command}}}}},
          {"start", {{"red", position_json(record.starts.red)}, {"blue", position_json(record.starts.blue)}}},
          {"settings",
           {{"turns", s.turns},
            {"time_ms", s.time_ms},
            {"clock", std::string(clock_name(s.clock))},
            {"wall_guard_factor", s.wall_guard_factor},
            {"wall_guard_extra_ms", s.wall_guard_extra_ms},
            {"grace_ms", s.grace_ms},
            {"stderr_limit", s.stderr_limit},
            {"sandbox", record.sandbox}}},
          {"turns", std::move(turns)},
          {"result",
           {{"end", record.end == GameEnd::Normal ? "normal" : "sudden_death"},
            {"red", outcome_json(record.outcome[0])},
            {"blue", outcome_json(record.outcome[1])}}}};
}

MatchRecord match_record_from_json(const json& log) {
  const std::string top = "log";
  if (get<std::string>(log, "format", top) != kMatchLogFormat) {
    bad("format", "expected \"" + std::string(kMatchLogFormat) + "\"");
  }
  MatchRecord r;
  r.id = get<std::string>(log, "id", top);
  if (!field(log, "seed", top).is_null()) r.seed = get<std::uint64_t>(log, "seed", top);
  std::string maze_text;
  for (const auto& line : get<std::vector<std::string>>(log, "maze", top)) maze_text += line + "\n";
  try {
    r.maze = parse_maze(maze_text, "maze").maze;
  } catch (const std::exception& error) {
    bad("maze", error.what());
  }
  if (get<int>(log, "size", top) != r.maze.size()) bad("size", "does not match the maze drawing");
  const json& players = field(log, "players", top);
  const json& start = field(log, "start", top);
  const json& result = field(log, "result", top);
  for (const Color c : {Color::Red, Color::Blue}) {
    const std::string name(color_name(c));
    const json& player = field(players, name.c_str(), "players");
    r.players[index_of(c)] = {get<std::string>(player, "name", "players." + name),
                              get<std::string>(player, "command", "players." + name)};
    r.outcome[index_of(c)] = outcome_from(field(result, name.c_str(), "result"), "result." + name);
  }
  r.starts = {position_from(field(start, "red", "start"), "start.red"),
              position_from(field(start, "blue", "start"), "start.blue")};
  const json& settings = field(log, "settings", top);
  r.settings.turns = get<int>(settings, "turns", "settings");
  r.settings.time_ms = get<double>(settings, "time_ms", "settings");
  const auto clock = clock_from_name(get<std::string>(settings, "clock", "settings"));
  if (!clock) bad("settings.clock", "expected \"cpu\" or \"wall\"");
  r.settings.clock = *clock;
  r.settings.wall_guard_factor = settings.value("wall_guard_factor", r.settings.wall_guard_factor);
  r.settings.wall_guard_extra_ms = settings.value("wall_guard_extra_ms", r.settings.wall_guard_extra_ms);
  r.settings.grace_ms = settings.value("grace_ms", r.settings.grace_ms);
  r.settings.stderr_limit = settings.value("stderr_limit", r.settings.stderr_limit);
  r.sandbox = settings.value("sandbox", std::string("none"));
  const json& turns = field(log, "turns", top);
  if (!turns.is_array()) bad("turns", "expected an array");
  for (std::size_t i = 0; i < turns.size(); ++i) r.turns.push_back(turn_from(turns[i], "turns[" + std::to_string(i) + "]"));
  const auto end = get<std::string>(result, "end", "result");
  if (end != "normal" && end != "sudden_death") bad("result.end", "expected \"normal\" or \"sudden_death\"");
  r.end = end == "normal" ? GameEnd::Normal : GameEnd::SuddenDeath;
  return r;
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
  write_file_atomically(path, text);
}

MatchRecord read_match_log(const std::filesystem::path& path) {
  const std::string text = read_text_file(path);
  json log;
  try {
    log = json::parse(text);
  } catch (const json::parse_error& error) {
    throw std::runtime_error(path.string() + ": not a JSON match log: " + error.what());
  }
  try {
    return match_record_from_json(log);
  } catch (const std::runtime_error& error) {
    throw std::runtime_error(path.string() + ": " + error.what());
  }
}

}  // namespace amazes::arbiter
