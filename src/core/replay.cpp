#include "amazes/replay.hpp"

namespace amazes {

namespace {

// The fields a replay must reproduce exactly (input, output and time are the driver's).
std::optional<std::string> difference(const TurnRecord& logged, const TurnRecord& replayed) {
  const auto field = [&](const char* name, auto a, auto b) -> std::optional<std::string> {
    if (a == b) return std::nullopt;
    return "turn " + std::to_string(logged.turn) + " (" + std::string(color_name(logged.player)) + "): " + name +
           " " + std::to_string(a) + " in the log, the rules give " + std::to_string(b);
  };
  for (auto check : {field("points", logged.points, replayed.points),
                     field("discovered", logged.discovered, replayed.discovered),
                     field("first", logged.first, replayed.first),
                     field("steps_done", logged.steps_done, replayed.steps_done),
                     field("row", logged.pos.square.row + 1, replayed.pos.square.row + 1),
                     field("col", logged.pos.square.col + 1, replayed.pos.square.col + 1),
                     field("catch", int{logged.caught}, int{replayed.caught})}) {
    if (check) return check;
  }
  return std::nullopt;
}

}  // namespace

Replay replay_game(const Maze& maze, const Starts& starts, const GameSettings& settings,
                   std::span<const TurnRecord> turns, const ReplayedTurn& after_turn) {
  Replay replay{Game(maze, starts, settings), std::nullopt};
  Game& game = replay.game;
  for (const TurnRecord& logged : turns) {
    if (game.over()) {
      replay.mismatch = "turn " + std::to_string(logged.turn) + " (" + std::string(color_name(logged.player)) +
                        "): the game was already over";
      break;
    }
    if (logged.player != game.to_move() || logged.turn != game.turn()) {
      replay.mismatch = "turn " + std::to_string(logged.turn) + " (" + std::string(color_name(logged.player)) +
                        "): expected turn " + std::to_string(game.turn()) + " of " +
                        std::string(color_name(game.to_move()));
      break;
    }
    const auto& fault_output = logged.fault == FaultKind::Unsolicited ? logged.unsolicited_output : logged.output;
    const TurnRecord& replayed = logged.fault       ? game.play_fault(*logged.fault, fault_output)
                                 : logged.substituted ? game.play_substitute()
                                                      : game.play(logged.played);
    if (!replay.mismatch) replay.mismatch = difference(logged, replayed);
    if (after_turn) after_turn(game, replayed);
  }
  return replay;
}

}  // namespace amazes
