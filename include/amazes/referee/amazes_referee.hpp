#pragma once
// A Caia referee for Amazes (docs/referees.md §3): the built-in rules (amazes::Game) over
// caiaio instead of the judge's own pipes, so that the same maze, starts and answers give the
// same game and scores as `amazes match`. Player 1 is red, player 2 blue.
#include <iosfwd>
#include <string>

#include "amazes/game.hpp"
#include "amazes/maze.hpp"
#include "amazes/referee/caia_channel.hpp"

namespace amazes::referee {

// Plays one game over `caia` and returns it, over. `log` gets a human-readable account.
// Throws CaiaClosed when caiaio stops answering.
Game referee_amazes(const Maze& maze, const Starts& starts, GameSettings settings, CaiaChannel& caia,
                    std::ostream& log);

// The one-word message of the result line: "normal;red:123points;blue:45points(crash_at_turn_7)".
std::string amazes_result_message(const Game& game);

}  // namespace amazes::referee
