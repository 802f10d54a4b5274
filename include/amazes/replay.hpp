#pragma once
// Replays a recorded game through the rules engine: from the maze, the starts and what each
// turn played (a line, a fault or a substitute T) it rebuilds the whole game, and reports the
// first turn whose recorded outcome differs from what the rules give, a turn the engine cannot
// play as recorded (a taken-over player not substituted), or a log that ends before the game.
#include <functional>
#include <optional>
#include <span>
#include <string>

#include "amazes/game.hpp"

namespace amazes {

struct Replay {
  Game game;
  std::optional<std::string> mismatch;  // "turn 12 (blue): points 40, the rules give 41"
};

// Called after each replayed turn with the game as it stands then and the turn the rules
// engine recorded: for readers that need the state turn by turn (the HTML replay's knowledge
// per turn), not only at the end. Note that the game has already applied the information
// phase of the next player to move.
using ReplayedTurn = std::function<void(const Game& game, const TurnRecord& replayed)>;

Replay replay_game(const Maze& maze, const Starts& starts, const GameSettings& settings,
                   std::span<const TurnRecord> turns, const ReplayedTurn& after_turn = {});

}  // namespace amazes
