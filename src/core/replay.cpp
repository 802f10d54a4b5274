#include "amazes/replay.hpp"

#include <type_traits>
#include <utility>

namespace amazes {

namespace {

std::string turn_name(const TurnResult& t) {
  return "turn " + std::to_string(t.turn) + " (" + std::string(color_name(t.player)) + ")";
}

std::string fault_text(const std::optional<FaultKind>& fault) {
  return fault ? std::string(fault_name(*fault)) : std::string("none");
}

// The fields a replay must reproduce exactly: all of the rules'.
std::optional<std::string> difference(const TurnResult& logged, const TurnResult& replayed) {
  const auto field = [&](const char* name, const auto& a, const auto& b) -> std::optional<std::string> {
    if (a == b) return std::nullopt;
    const auto text = [](const auto& v) {
      if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::string>) {
        return "\"" + v + "\"";
      } else {
        return std::to_string(v);
      }
    };
    return turn_name(logged) + ": " + name + " " + text(a) + " in the log, the rules give " + text(b);
  };
  for (auto check :
       {field("played", logged.played, replayed.played),
        field("fault", fault_text(logged.fault), fault_text(replayed.fault)),
        field("substituted", int{logged.substituted}, int{replayed.substituted}),
        field("points", logged.points, replayed.points), field("discovered", logged.discovered, replayed.discovered),
        field("first", logged.first, replayed.first), field("steps_done", logged.steps_done, replayed.steps_done),
        field("extra_t", int{logged.extra_t}, int{replayed.extra_t}), field("cost", logged.cost, replayed.cost),
        field("row", logged.pos.square.row + 1, replayed.pos.square.row + 1),
        field("col", logged.pos.square.col + 1, replayed.pos.square.col + 1),
        field("dir", std::string(1, to_char(logged.pos.facing)), std::string(1, to_char(replayed.pos.facing))),
        field("catch", int{logged.caught}, int{replayed.caught})}) {
    if (check) return check;
  }
  return std::nullopt;
}

// A turn the engine cannot play as the log says, before it is played: the engine's
// preconditions are the log's consistency, not the caller's duty.
std::optional<std::string> unplayable(const Game& game, const TurnResult& logged) {
  const bool taken_over = game.taken_over(game.to_move());
  if (taken_over && (logged.fault || !logged.substituted)) {
    return turn_name(logged) + ": the player faulted before (turn " +
           std::to_string(game.fault_turn(game.to_move()).value_or(0)) +
           "), so the judge plays T for it: expected "
           "substituted true and no fault";
  }
  if (!taken_over && logged.substituted && !logged.fault) {
    return turn_name(logged) + ": substituted, but the player has no fault";
  }
  return std::nullopt;
}

}  // namespace

Replayer::Replayer(const Maze& maze, const Starts& starts, const GameSettings& settings)
    : replay_{Game(maze, starts, settings), std::nullopt}, turns_each_(settings.turns) {}

bool Replayer::play(const TurnResult& logged, const ReplayedTurn& after_turn) {
  Game& game = replay_.game;
  // The first mismatch is kept: later ones are its consequences.
  const auto stop = [&](std::string why) {
    if (!replay_.mismatch) replay_.mismatch = std::move(why);
    return false;
  };
  if (game.over()) return stop(turn_name(logged) + ": the game was already over");
  if (logged.player != game.to_move() || logged.turn != game.turn()) {
    return stop(turn_name(logged) + ": expected turn " + std::to_string(game.turn()) + " of " +
                std::string(color_name(game.to_move())));
  }
  if (auto why = unplayable(game, logged)) return stop(std::move(*why));
  const TurnResult& replayed = logged.fault         ? game.play_fault(*logged.fault)
                               : logged.substituted ? game.play_substitute()
                                                    : game.play(logged.played);
  if (!replay_.mismatch) replay_.mismatch = difference(logged, replayed);
  if (after_turn) after_turn(game, replayed);
  return true;
}

Replay Replayer::finish() && {
  const Game& game = replay_.game;
  if (!replay_.mismatch && !game.over()) {
    // A log cut short: the game went on after its last turn.
    replay_.mismatch = "the log ends before turn " + std::to_string(game.turn()) + " of " +
                       std::string(color_name(game.to_move())) + ", but the game is not over (" +
                       std::to_string(turns_each_) + " turns each)";
  }
  return std::move(replay_);
}

}  // namespace amazes
