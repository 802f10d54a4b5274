#pragma once
// Replays a recorded game through the rules engine: from the maze, the starts and what each
// turn played (a line, a fault or a substitute T) it rebuilds the whole game, and reports the
// first turn whose recorded outcome differs from what the rules give.
#include <optional>
#include <span>
#include <string>

#include "amazes/game.hpp"

namespace amazes {

struct Replay {
  Game game;
  std::optional<std::string> mismatch;  // "turn 12 (blue): points 40, the rules give 41"
};

Replay replay_game(const Maze& maze, const Starts& starts, const GameSettings& settings,
                   std::span<const TurnRecord> turns);

}  // namespace amazes
