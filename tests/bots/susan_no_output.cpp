// A Susan program (run once per move) that writes no SPEL.UIT at its MOVE-th move (default 1),
// the seed's BESTAND; before that it plays a regular move.
//   susan_no_output [MOVE]
#include <cstdlib>

#include "../../players/susan/susan_rules.hpp"

using namespace susan_bot;

int main(int argc, char** argv) {
  const int fault_at = argc > 1 ? std::atoi(argv[1]) : 1;
  const auto game = read_game();
  if (!game) return 1;
  if (game->moves / 2 + 1 >= fault_at) return 0;  // exits normally, having written nothing
  return write_move(move_text(regular_moves(*game).front())) ? 0 : 1;
}
