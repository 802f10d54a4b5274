#include "amazes/arbiter/match_log.hpp"

#include <cmath>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <variant>

#include "amazes/arbiter/match_settings.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/files/zstd_text.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/overloaded.hpp"
#include "match/log_fields.hpp"
#include "match/referee_log.hpp"
#include "match/time_control.hpp"

namespace amazes::arbiter {

// ordered_json keeps the fields in the order of docs/formats.md.
using json = nlohmann::ordered_json;

namespace {

using namespace log_fields;

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
               {"time_ms", rounded_ms(t.time_ms)},
               {"budget_ms", rounded_ms(t.budget_ms)},
               {"limit_ms", rounded_ms(t.limit_ms)}};
  if (t.limit_hit) turn["limit_hit"] = limit_hit_name(*t.limit_hit);
  if (t.unsolicited_output) turn["unsolicited_output"] = *t.unsolicited_output;
  if (t.more_output) turn["more_output"] = *t.more_output;
  return turn;
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
  if (t.contains("budget_ms") || t.contains("limit_ms")) {
    r.budget_ms = number_field(t, "budget_ms", where);
    r.limit_ms = number_field(t, "limit_ms", where);
  } else {
    r.limit_ms = -1;  // an older log's: worked out from the settings once all turns are read
  }
  r.limit_hit = limit_hit_field(t, where);
  return r;
}

// The log of `record`, whose game part is `played`.
json amazes_log_json(const MatchRecord& record, const AmazesRecord& played) {
  json turns = json::array();
  for (const auto& t : played.turns) turns.push_back(turn_json(t));
  const AmazesBoard& board = played.board;
  return {{"format", kMatchLogFormat},
          {"id", record.id},
          {"seed", record.seed ? json(*record.seed) : json(nullptr)},
          {"size", board.maze.size()},
          {"maze", maze_drawing_lines(board.maze)},
          {"players",
           {{"red", {{"name", record.players[0].name}, {"command", record.players[0].command}}},
            {"blue", {{"name", record.players[1].name}, {"command", record.players[1].command}}}}},
          {"start", {{"red", position_json(board.starts.red)}, {"blue", position_json(board.starts.blue)}}},
          {"settings", settings_json(record)},
          {"turns", std::move(turns)},
          {"result",
           {{"end", record.end == GameEnd::Normal ? "normal" : "sudden_death"},
            {"red", outcome_json(record.outcome[0])},
            {"blue", outcome_json(record.outcome[1])}}}};
}

}  // namespace

json match_log_json(const MatchRecord& record) {
  return std::visit(overloaded{[&](const AmazesRecord& played) { return amazes_log_json(record, played); },
                               [&](const RefereeRecord& referee) { return referee_log_json(record, referee); }},
                    record.game);
}

MatchRecord match_record_from_json(const json& log) {
  const std::string top;  // the JSON pointer of the whole document is ""
  const json& format = field(log, "format", top);
  if (format == kRefereeMatchLogFormat) return referee_record_from_json(log);
  if (format != kMatchLogFormat) {
    wrong("/format", "\"" + std::string(kMatchLogFormat) + "\" or \"" + kRefereeMatchLogFormat + "\"", format);
  }
  MatchRecord r;
  AmazesRecord played;
  r.id = string_field(log, "id", top);
  if (!field(log, "seed", top).is_null()) r.seed = unsigned_field(log, "seed", top);
  played.board.maze = maze_field(log);
  const int size = played.board.maze.size();
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
    r.outcome[index_of(c)] = outcome_from(field(result, name.c_str(), "/result"), "/result/" + name, r.settings.turns,
                                          ScoreRange{0, kMaxScore});
  }
  played.board.starts = {position_from(field(start, "red", "/start"), "/start/red", size),
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
    played.turns.push_back(turn_from(turns[i], "/turns/" + std::to_string(i), size, r.settings.turns));
  }
  const json& end = field(result, "end", "/result");
  if (end != "normal" && end != "sudden_death") wrong("/result/end", "\"normal\" or \"sudden_death\"", end);
  r.end = end == "normal" ? GameEnd::Normal : GameEnd::SuddenDeath;
  r.game = std::move(played);
  fill_older_allowances(r);
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
    if (key == "turns" || key == "maze" || key == "transcript") {
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
