#pragma once
// A Caia referee for Susan (NIO 2001; docs/referees.md, "The Susan referee"): before each move
// it writes the player to move the whole game so far as SPEL.IN's lines (the count, then one move
// a line), so that a program run once per move gets exactly its SPEL.IN, and reads its move.
// Player 1 is red (moves first), player 2 yellow. The first fault ends the game; nothing is
// written to the players after the end.
#include <iosfwd>
#include <string>

#include "amazes/referee/caia_channel.hpp"
#include "amazes/susan/game.hpp"

namespace amazes::referee {

// Plays one game over `caia` and returns it, over. `log` gets a human-readable account (the
// referee's log file of Caia). Throws CaiaClosed when caiaio stops answering.
susan::Game referee_susan(CaiaChannel& caia, std::ostream& log);

// The one-word message of the result line: how the game ended, `enclosed`, `self_enclosed`,
// `draw_slides`, `draw_99`, or the seed's word of the fault that ended it (`ONGELDIG`,
// `ONNODIG`, `BESTAND`, `TIJD_OP`; `CRASH`).
std::string susan_result_message(const susan::Game& game);

}  // namespace amazes::referee
