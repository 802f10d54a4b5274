#pragma once
// A More game in which white leaves black no legal move (docs/more-rules.md §5): black keeps its
// stones in its start corner a1 a2 b1 b2, one of them going back and forth between a2 and a3,
// while white brings its four to a3 b3 c1 c2, the four squares beside that corner. Single walls
// behind them (a3|a4, b3|b4, c1|d1, c2|d2) stop every jump out. White's 25th move, a4a3 (across
// the wall: 1 penalty), closes the ring; black has made 24 moves and passes.
#include <string>
#include <utility>
#include <vector>

#include "amazes/more/board.hpp"
#include "amazes/more/square.hpp"

namespace amazes::testing {

inline more::Board blockade_board() {
  more::Board board;
  for (const auto& [square, direction] : {std::pair{"a3", Direction::East}, std::pair{"b3", Direction::East},
                                          std::pair{"c1", Direction::South}, std::pair{"c2", Direction::South}}) {
    board.set_wall(more::parse_square(square).value(), direction, more::Wall::Single);
  }
  return board;
}

// The 49 moves in the order they are played: white's 25, black's 24 between them.
inline std::vector<std::string> blockade_moves() {
  const std::vector<std::string> white = {"e6e4", "e4d4", "d4d3", "d3c3", "c3c2", "c2c1",  // a jump over e5, then to c1
                                          "e5d5", "d5d4", "d4d3", "d3c3", "c3c2",          // to c2
                                          "f5e5", "e5d5", "d5d4", "d4d3", "d3c3", "c3b3",  // to b3
                                          "f6e6", "e6e5", "e5d5", "d5d4", "d4c4", "c4b4", "b4a4",  // to a4, beside a3
                                          "a4a3"};  // black is back on a2: the ring is closed
  std::vector<std::string> moves;
  for (std::size_t i = 0; i < white.size(); ++i) {
    moves.push_back(white[i]);
    if (i + 1 < white.size()) moves.push_back(i % 2 == 0 ? "a2a3" : "a3a2");
  }
  return moves;
}

}  // namespace amazes::testing
