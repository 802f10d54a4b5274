// A random board per game (docs/more-rules.md §1.2). The original rules do not say how CodeCup
// drew its walls; the density here follows the board of their figure 1 (16 single walls and
// 1 double wall on 60 edges), with doubles a little more frequent so that they matter.
#include "amazes/more/board_generator.hpp"

#include "amazes/random.hpp"

namespace amazes::more {

Board generate_board(std::uint64_t seed) {
  Rng rng(seed);
  Board board;
  // The edges in the order of the board line, so that the same seed gives the same line.
  const auto draw = [&] {
    const int roll = rng.below(20);  // 14 of 20 none, 5 single, 1 double
    return roll < 14 ? Wall::None : roll < 19 ? Wall::Single : Wall::Double;
  };
  for (int row = 0; row < kBoardSize; ++row) {
    for (int col = 0; col + 1 < kBoardSize; ++col) board.set_wall({row, col}, Direction::East, draw());
    if (row + 1 == kBoardSize) break;
    for (int col = 0; col < kBoardSize; ++col) board.set_wall({row, col}, Direction::South, draw());
  }
  return board;
}

}  // namespace amazes::more
