#include "match/referee_log.hpp"

#include <array>
#include <climits>
#include <optional>
#include <utility>

#include "amazes/arbiter/game_setup.hpp"
#include "amazes/arbiter/match_log.hpp"
#include "amazes/maze_io.hpp"
#include "match/log_fields.hpp"
#include "match/time_control.hpp"

namespace amazes::arbiter {

namespace {

using namespace log_fields;

// A line's route as the log's "from" and "to" (a player as its number).
struct RouteNames {
  RefereeRoute route;
  const char* from;
  const char* to;
};
constexpr std::array kRoutes = {
    RouteNames{RefereeRoute::RefereeToJudge, "referee", "judge"},
    RouteNames{RefereeRoute::JudgeToReferee, "judge", "referee"},
    RouteNames{RefereeRoute::RefereeToPlayer, "referee", "player"},
    RouteNames{RefereeRoute::PlayerToReferee, "player", "referee"},
    RouteNames{RefereeRoute::RefereeToManager, "referee", "manager"},
};

const RouteNames& names_of(RefereeRoute route) {
  for (const RouteNames& names : kRoutes) {
    if (names.route == route) return names;
  }
  return kRoutes[0];
}

json end_json(const char* name, int player) {
  return std::string(name) == "player" ? json(std::to_string(player)) : json(name);
}

json line_json(const RefereeLine& line) {
  const RouteNames& names = names_of(line.route);
  json entry = {
      {"from", end_json(names.from, line.player)}, {"to", end_json(names.to, line.player)}, {"line", line.text}};
  if (line.route == RefereeRoute::PlayerToReferee) {
    entry["listen"] = line.listen;
    entry["time_ms"] = rounded_ms(line.time_ms);
    entry["budget_ms"] = rounded_ms(line.budget_ms);
    entry["limit_ms"] = rounded_ms(line.limit_ms);
    if (line.limit_hit) entry["limit_hit"] = limit_hit_name(*line.limit_hit);
    if (line.marker) entry["marker"] = true;
  }
  if (line.dropped) entry["dropped"] = true;
  if (line.fault) entry["fault"] = optional_fault(line.fault);
  if (line.output) entry["output"] = *line.output;
  if (line.why) entry["why"] = *line.why;
  return entry;
}

// "referee", "judge", "manager", or a player's number: which, and the player.
std::pair<std::string, int> end_from(const json& entry, const char* key, const std::string& where) {
  const std::string name = string_field(entry, key, where);
  if (name == "1" || name == "2") return {"player", name[0] - '0'};
  if (name == "referee" || name == "judge" || name == "manager") return {name, 0};
  wrong(where + "/" + key, "\"referee\", \"judge\", \"manager\", \"1\" or \"2\"", entry.at(key));
}

RefereeLine line_from(const json& entry, const std::string& where) {
  const auto [from, from_player] = end_from(entry, "from", where);
  const auto [to, to_player] = end_from(entry, "to", where);
  RefereeLine line;
  bool known = false;
  for (const RouteNames& names : kRoutes) {
    if (from == names.from && to == names.to) {
      line.route = names.route;
      known = true;
    }
  }
  if (!known) bad(where, "no line goes from " + from + " to " + to);
  line.player = from_player + to_player;
  line.text = string_field(entry, "line", where);
  if (line.route == RefereeRoute::PlayerToReferee) {
    line.listen = int_field(entry, "listen", where, 1, INT_MAX);
    line.time_ms = number_field(entry, "time_ms", where);
    if (entry.contains("budget_ms") || entry.contains("limit_ms")) {
      line.budget_ms = number_field(entry, "budget_ms", where);
      line.limit_ms = number_field(entry, "limit_ms", where);
    } else {
      line.limit_ms = -1;  // an older log's: worked out from the settings once all lines are read
    }
    line.limit_hit = limit_hit_field(entry, where);
    if (entry.contains("marker")) line.marker = bool_field(entry, "marker", where);
  }
  if (entry.contains("dropped")) line.dropped = bool_field(entry, "dropped", where);
  if (entry.contains("fault")) line.fault = fault_field(entry, "fault", where);
  if (entry.contains("output")) line.output = string_field(entry, "output", where);
  if (entry.contains("why")) line.why = string_field(entry, "why", where);
  return line;
}

json referee_json(const RefereeRecord& referee) {
  return {{"command", referee.command},    {"exit", referee.exit},
          {"stderr", referee.stderr_text}, {"stderr_dropped", referee.stderr_dropped},
          {"log", referee.log_text},       {"log_dropped", referee.log_dropped}};
}

}  // namespace

json referee_log_json(const MatchRecord& record, const RefereeRecord& referee) {
  json transcript = json::array();
  for (const RefereeLine& line : referee.transcript) transcript.push_back(line_json(line));
  json log = {{"format", kRefereeMatchLogFormat},
              {"id", record.id},
              {"seed", record.seed ? json(*record.seed) : json(nullptr)},
              {"players",
               {{"1", {{"name", record.players[0].name}, {"command", record.players[0].command}}},
                {"2", {{"name", record.players[1].name}, {"command", record.players[1].command}}}}},
              {"settings", settings_json(record)},
              {"referee", referee_json(referee)}};
  if (referee.board) {  // the {maze} file's: what the referee played
    const AmazesBoard& board = *referee.board;
    log["size"] = board.maze.size();
    log["maze"] = maze_drawing_lines(board.maze);
    log["start"] = {{"red", position_json(board.starts.red)}, {"blue", position_json(board.starts.blue)}};
  }
  log["transcript"] = std::move(transcript);
  log["report"] = referee.report;
  log["result"] = {{"1", outcome_json(record.outcome[0])}, {"2", outcome_json(record.outcome[1])}};
  return log;
}

MatchRecord referee_record_from_json(const json& log) {
  const std::string top;
  MatchRecord r;
  RefereeRecord referee;
  r.id = string_field(log, "id", top);
  if (!field(log, "seed", top).is_null()) r.seed = unsigned_field(log, "seed", top);
  read_settings(field(log, "settings", top), r.settings);
  const json& settings = log.at("settings");
  r.sandbox = string_field(settings, "sandbox", "/settings");
  r.sandbox_used = sandbox_used_from(field(settings, "sandbox_used", "/settings"), "/settings/sandbox_used");
  const json& players = field(log, "players", top);
  const json& result = field(log, "result", top);
  for (const std::string name : {"1", "2"}) {
    const json& player = field(players, name.c_str(), "/players");
    const std::size_t i = name == "1" ? 0 : 1;
    r.players[i] = {string_field(player, "name", "/players/" + name),
                    string_field(player, "command", "/players/" + name)};
    r.outcome[i] = outcome_from(field(result, name.c_str(), "/result"), "/result/" + name, INT_MAX, r.settings.scores);
  }
  const json& about = field(log, "referee", top);
  const json& command = field(about, "command", "/referee");
  if (!command.is_array()) wrong("/referee/command", "an array of strings", command);
  for (std::size_t i = 0; i < command.size(); ++i) {
    if (!command[i].is_string()) wrong("/referee/command/" + std::to_string(i), "a string", command[i]);
    referee.command.push_back(command[i].get<std::string>());
  }
  referee.exit = string_field(about, "exit", "/referee");
  referee.stderr_text = string_field(about, "stderr", "/referee");
  referee.stderr_dropped = unsigned_field(about, "stderr_dropped", "/referee");
  // A log written before the referee's own log was kept has neither.
  if (about.contains("log")) referee.log_text = string_field(about, "log", "/referee");
  if (about.contains("log_dropped")) referee.log_dropped = unsigned_field(about, "log_dropped", "/referee");
  std::optional<AmazesBoard> board;
  if (log.contains("maze")) {
    board.emplace();
    board->maze = maze_field(log);
    const json& start = field(log, "start", top);
    board->starts = {position_from(field(start, "red", "/start"), "/start/red", board->maze.size()),
                     position_from(field(start, "blue", "/start"), "/start/blue", board->maze.size())};
  }
  // A board exactly when the settings' referee takes {maze}: such a game's log without one reads as
  // the default maze; the board in the log of a game on no maze is checked, not kept.
  if (r.settings.game.on_maze()) {
    if (!board) board.emplace();
    referee.board = std::move(board);
  }
  const json& transcript = field(log, "transcript", top);
  if (!transcript.is_array()) wrong("/transcript", "an array", transcript);
  for (std::size_t i = 0; i < transcript.size(); ++i) {
    referee.transcript.push_back(line_from(transcript[i], "/transcript/" + std::to_string(i)));
  }
  referee.report = string_field(log, "report", top);
  r.game = std::move(referee);
  fill_older_allowances(r);
  return r;
}

}  // namespace amazes::arbiter
