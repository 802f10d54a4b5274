#pragma once
// A random More board for each game (docs/more-rules.md §1.2): the original rules only say
// that the judge generates one per game. Deterministic per seed on every platform.
#include <cstdint>

#include "amazes/more/board.hpp"

namespace amazes::more {

// Each of the 60 edges on its own: no wall 70 %, a single wall 25 %, a double wall 5 %
// (about 15 single and 3 double walls; the board of the rules' figure 1 has 16 and 1).
Board generate_board(std::uint64_t seed);

}  // namespace amazes::more
