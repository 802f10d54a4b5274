// A Susan program (run once per move) whose MOVE-th move (default 2) breaks the rules, ONGELDIG,
// in the way KIND says: `occupied` (default) places a stone on a taken cell, `text` answers a
// cell that is not on the board (j1), `far` slides its stone two cells away; before that it
// plays a regular move.
//   susan_illegal [MOVE [KIND]]
#include <cstdlib>
#include <string>

#include "../../players/susan/susan_rules.hpp"

using namespace susan_bot;

namespace {

std::string illegal_move(const State& game, const std::string& kind) {
  if (kind == "text") return "j1";
  for (int cell = 0; cell < kCells; ++cell) {
    const int owner = game.stone[static_cast<std::size_t>(cell)];
    if (kind == "occupied" && owner != kEmpty) return cell_name(cell);
    // A slide from its stone to an empty cell that is not a neighbour.
    if (kind == "far" && owner == game.to_move) {
      for (int to = 0; to < kCells; ++to) {
        if (to != cell && game.stone[static_cast<std::size_t>(to)] == kEmpty && !game.legal({cell, to})) {
          return cell_name(cell) + "-" + cell_name(to);
        }
      }
    }
  }
  return "j1";  // nothing to break it with: a cell off the board
}

}  // namespace

int main(int argc, char** argv) {
  const int fault_at = argc > 1 ? std::atoi(argv[1]) : 2;
  const std::string kind = argc > 2 ? argv[2] : "occupied";
  const auto game = read_game();
  if (!game) return 1;
  const bool now = game->moves / 2 + 1 == fault_at;
  return write_move(now ? illegal_move(*game, kind) : move_text(regular_moves(*game).front())) ? 0 : 1;
}
