#pragma once
// A Caia referee for Lamistra (docs/referees.md, "The Lamistra referee"): "Start" to red, every
// move to the other side, after an attack the attacker's role line and the defender's role
// passed to the other side, "X" to both on an irregularity, and the match points to the
// manager. Player 1 is red, player 2 blue.
#include <iosfwd>
#include <string>

#include "amazes/lamistra/game.hpp"
#include "amazes/referee/caia_channel.hpp"

namespace amazes::referee {

// Plays one game over `caia` and returns it, over. `log` gets a human-readable account (the
// referee's log file of Caia). Throws CaiaClosed when caiaio stops answering.
lamistra::Game referee_lamistra(CaiaChannel& caia, std::ostream& log, const lamistra::GameSettings& settings = {});

// The one-word message of the result line: how the game ended ("flag_captured", "no_move",
// "move_limit", or the fault: "illegal_move", "false_claim", "timeout", "crash").
std::string lamistra_result_message(const lamistra::Game& game);

}  // namespace amazes::referee
