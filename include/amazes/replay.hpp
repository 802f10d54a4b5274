#pragma once
// Replays a recorded game through the rules engine: from the maze, the starts and what each
// turn played (a line, a fault or a substitute T) it rebuilds the whole game, and reports the
// first turn whose recorded outcome differs from what the rules give, a turn the engine cannot
// play as recorded (a taken-over player not substituted), or a log that ends before the game.
#include <concepts>
#include <functional>
#include <optional>
#include <ranges>
#include <string>
#include <utility>

#include "amazes/game.hpp"

namespace amazes {

struct Replay {
  Game game;
  std::optional<std::string> mismatch;  // "turn 12 (blue): points 40, the rules give 41"
};

// Called after each replayed turn with the game as it stands then and what the rules made of
// the turn: for readers that need the state turn by turn (the HTML replay's knowledge per
// turn), not only at the end. Note that the game has already applied the information phase of
// the next player to move.
using ReplayedTurn = std::function<void(const Game& game, const TurnResult& replayed)>;

// The replay one turn at a time; replay_game runs it over a whole log.
class Replayer {
 public:
  Replayer(const Maze& maze, const Starts& starts, const GameSettings& settings);
  // Plays the logged turn; false once a mismatch has stopped the replay.
  bool play(const TurnResult& logged, const ReplayedTurn& after_turn);
  // The game as replayed, and the first mismatch (or a log that ends before the game).
  Replay finish() &&;

 private:
  Replay replay_;
  int turns_each_;
};

// `turns`: the log's turns, of any type that holds the rules' TurnResult (the arbiter's logged
// turn adds what went over the pipes, which a replay does not check).
template <std::ranges::input_range Turns>
requires std::derived_from<std::ranges::range_value_t<Turns>, TurnResult> Replay
replay_game(const Maze& maze, const Starts& starts, const GameSettings& settings, const Turns& turns,
            const ReplayedTurn& after_turn = {}) {
  Replayer replayer(maze, starts, settings);
  for (const TurnResult& logged : turns) {
    if (!replayer.play(logged, after_turn)) break;
  }
  return std::move(replayer).finish();
}

}  // namespace amazes
