#pragma once
// A Caia referee for More (docs/referees.md §2): sends each player the board line, "Start"
// to white, every move to the other player, "Nil" to a player whose opponent has arrived or
// passed (it had no legal move), "Quit" at the end, plays the substitute for a player that
// faulted, and reports the scores to the manager. Player 1 is white, player 2 black.
#include <iosfwd>
#include <string>

#include "amazes/more/board.hpp"
#include "amazes/more/game.hpp"
#include "amazes/referee/caia_channel.hpp"

namespace amazes::referee {

// Plays one game over `caia` and returns it, over. `log` gets a human-readable account (the
// referee's log file of Caia). Throws CaiaClosed when caiaio stops answering.
more::Game referee_more(const more::Board& board, CaiaChannel& caia, std::ostream& log);

// The one-word message of the result line: how the game ended and each side's points, with
// its fault: "arrived;white:55moves+4penalties=59;black:60moves+2penalties=62".
std::string more_result_message(const more::Game& game);

}  // namespace amazes::referee
