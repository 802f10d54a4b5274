// The data of an HTML replay, from a match log and the rules engine's replay of it.
#include "amazes/report/replay_data.hpp"

#include <array>
#include <stdexcept>
#include <string>
#include <variant>

#include "amazes/replay.hpp"
#include "amazes/report/log_check.hpp"
#include "amazes/view.hpp"

namespace amazes::report {

namespace {

using json = nlohmann::ordered_json;
using arbiter::MatchRecord;

// What each line of a turn's input says, in the order the judge writes them (after "Start" on
// red's first turn): for the page's captions, which must not know the order itself.
json input_line_names() {
  json names = json::array();
  for (const Relative r : kCorridorOrder) {
    names.push_back(r == Relative::Ahead    ? "ahead"
                    : r == Relative::Right  ? "right"
                    : r == Relative::Behind ? "behind"
                                            : "left");
  }
  names.push_back("distance\u00b2");
  return names;
}

json start_json(const Maze& maze, const Start& start) {
  return {{"at", maze.index_of(start.square)}, {"facing", std::string(1, to_char(start.facing))}};
}

// One character per edge id: '1' a wall, '0' an opening. 1,300 characters for 25×25: smaller
// than any list, and the page needs every edge anyway.
std::string wall_string(const Maze& maze) {
  std::string walls(static_cast<std::size_t>(maze.edge_count()), '1');
  for (int id = 0; id < maze.edge_count(); ++id) {
    const auto side = maze.edge_side(id);
    if (maze.is_open(side.square, side.direction)) walls[static_cast<std::size_t>(id)] = '0';
  }
  return walls;
}

// The squares the mover entered this turn, in order: the steps the record says moved, then the
// free extra T. Traced from the record, not judged: the final square is checked against the
// engine's position, so a trace that disagreed with the rules could not go unnoticed.
std::vector<int> walked_path(const Maze& maze, Start from, const TurnResult& turn) {
  std::vector<int> path;
  const auto enter = [&](Direction d) {
    from = {step(from.square, d), d};
    path.push_back(maze.index_of(from.square));
  };
  for (int i = 0; i < turn.steps_done; ++i)
    enter(*apply_move_letter(from.facing, turn.played[static_cast<std::size_t>(i)]));
  if (turn.extra_t) enter(reverse(from.facing));
  if (from != turn.pos) {
    throw std::logic_error("replay data: the path traced for turn " + std::to_string(turn.turn) + " of " +
                           std::string(color_name(turn.player)) + " does not end where the rules engine put it");
  }
  return path;
}

json delta_json(const KnowledgeDelta& delta) {
  json learnt = json::object();
  const auto add = [&](const char* key, const std::vector<int>& list) {
    if (!list.empty()) learnt[key] = list;  // most turns learn few kinds of fact: absent means none
  };
  add("discovered", delta.discovered);
  add("first", delta.first);
  add("exists", delta.exists);
  add("dead_ends", delta.dead_ends);
  add("walls", delta.walls);
  add("openings", delta.openings);
  return learnt;
}

json outcome_json(const arbiter::PlayerOutcome& o) {
  return {{"points", o.points},
          {"score", o.score},
          {"fault", o.fault ? json(std::string(fault_name(*o.fault))) : json(nullptr)},
          {"fault_turn", o.fault_turn ? json(*o.fault_turn) : json(nullptr)},
          {"exit", o.exit}};
}

json turn_json(const arbiter::LoggedTurn& logged, std::vector<int> path, const KnowledgeDelta& delta,
               const Maze& maze) {
  json turn = {{"player", std::string(color_name(logged.player))},
               {"turn", logged.turn},
               {"input", logged.input},
               {"output", logged.output ? json(*logged.output) : json(nullptr)},
               {"played", logged.played},
               {"substituted", logged.substituted},
               {"fault", logged.fault ? json(std::string(fault_name(*logged.fault))) : json(nullptr)},
               {"cost", logged.cost},
               {"discovered", logged.discovered},
               {"first", logged.first},
               {"catch", logged.caught},
               {"sudden_death", logged.sudden_death},
               {"points", logged.points},
               {"time_ms", logged.time_ms},
               {"at", maze.index_of(logged.pos.square)},
               {"facing", std::string(1, to_char(logged.pos.facing))},
               {"path", std::move(path)},
               {"learnt", delta_json(delta)}};
  if (logged.unsolicited_output) turn["unsolicited_output"] = *logged.unsolicited_output;
  if (logged.more_output) turn["more_output"] = *logged.more_output;
  return turn;
}

}  // namespace

KnowledgeDelta knowledge_delta(const Knowledge& before, const Knowledge& after, const Knowledge& opponent) {
  KnowledgeDelta delta;
  const int size = after.size();
  for (int index = 0; index < after.square_count(); ++index) {
    const Square s{index / size, index % size};
    if (after.discovered(s) && !before.discovered(s)) {
      delta.discovered.push_back(index);
      if (!opponent.discovered(s)) delta.first.push_back(index);
    }
    if (after.exists(s) && !before.exists(s)) delta.exists.push_back(index);
    if (after.dead_end(s) && !before.dead_end(s)) delta.dead_ends.push_back(index);
  }
  for (int edge = 0; edge < after.edge_count(); ++edge) {
    if (before.edge(edge) != EdgeState::Unknown) continue;
    if (after.edge(edge) == EdgeState::Wall) delta.walls.push_back(edge);
    if (after.edge(edge) == EdgeState::Opening) delta.openings.push_back(edge);
  }
  return delta;
}

json replay_data(const MatchRecord& record) {
  const arbiter::AmazesRecord& played = std::get<arbiter::AmazesRecord>(record.game);
  const Maze& maze = played.board.maze;
  const Starts& starts = played.board.starts;
  // Each player's knowledge and position as of the end of its last turn. The game itself has
  // moved on by then: after a turn it has already applied the next player's information
  // phase, which belongs to that player's next turn.
  std::array<Knowledge, 2> known{Knowledge(maze.size()), Knowledge(maze.size())};
  std::array<Start, 2> at{starts.red, starts.blue};
  json turns = json::array();
  std::size_t next = 0;  // the logged turn being replayed
  const ReplayedTurn collect = [&](const Game& game, const TurnResult& replayed) {
    const int me = index_of(replayed.player);
    const Knowledge& now = game.knowledge(replayed.player);
    // The opponent's knowledge as it was during this turn: the engine counts a discovery as
    // first against exactly that.
    const KnowledgeDelta delta = knowledge_delta(known[me], now, known[1 - me]);
    if (static_cast<int>(delta.first.size()) != replayed.first ||
        static_cast<int>(delta.discovered.size()) != replayed.discovered) {
      throw std::logic_error("replay data: the discoveries of turn " + std::to_string(replayed.turn) + " of " +
                             std::string(color_name(replayed.player)) + " do not add up to the engine's count");
    }
    turns.push_back(turn_json(played.turns[next], walked_path(maze, at[me], replayed), delta, maze));
    known[me] = now;
    at[me] = replayed.pos;
    ++next;
  };
  checked_replay(record, collect);

  json players = json::object();
  json start = json::object();
  json result = {{"end", record.end == GameEnd::Normal ? "normal" : "sudden_death"}};
  for (const Color c : {Color::Red, Color::Blue}) {
    const std::string name(color_name(c));
    players[name] = {{"name", record.players[index_of(c)].name}, {"command", record.players[index_of(c)].command}};
    start[name] = start_json(maze, c == Color::Red ? starts.red : starts.blue);
    result[name] = outcome_json(record.outcome[index_of(c)]);
  }
  return {{"format", kReplayDataFormat},
          {"id", record.id},
          {"seed", record.seed ? json(std::to_string(*record.seed)) : json(nullptr)},
          {"size", maze.size()},
          {"walls", wall_string(maze)},
          {"players", std::move(players)},
          {"start", std::move(start)},
          {"turns_per_player", record.settings.turns},
          {"input_lines", input_line_names()},
          {"turns", std::move(turns)},
          {"result", std::move(result)}};
}

}  // namespace amazes::report
