// A Susan program (run once per move) that encloses its own stone while it has other moves:
// ONNODIG. It fills the three neighbours of an empty corner, then places a stone in the corner.
// While the corner is empty none of those stones can be enclosed, and the other side cannot take
// the corner without enclosing its own stone there. A corner the other side has a neighbour of
// is given up for the next; with none left it plays a regular move.
#include <vector>

#include "../../players/susan/susan_rules.hpp"

using namespace susan_bot;

namespace {

// a1, a5, e1, e9, i1, i5.
std::vector<int> corners() {
  std::vector<int> out;
  for (int cell = 0; cell < kCells; ++cell) {
    if (neighbours()[static_cast<std::size_t>(cell)].size() == 3) out.push_back(cell);
  }
  return out;
}

std::string needless_move(const State& game) {
  const int me = game.to_move;
  for (const int corner : corners()) {
    if (game.stone[static_cast<std::size_t>(corner)] != kEmpty) continue;
    int empty_neighbour = -1;
    bool theirs = false;
    for (const int n : neighbours()[static_cast<std::size_t>(corner)]) {
      const int owner = game.stone[static_cast<std::size_t>(n)];
      if (owner == kEmpty && empty_neighbour < 0) empty_neighbour = n;
      if (owner != kEmpty && owner != me) theirs = true;
    }
    if (theirs) continue;
    return cell_name(empty_neighbour < 0 ? corner : empty_neighbour);
  }
  return move_text(regular_moves(game).front());
}

}  // namespace

int main() {
  const auto game = read_game();
  if (!game) return 1;
  return write_move(needless_move(*game)) ? 0 : 1;
}
