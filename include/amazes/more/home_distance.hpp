#pragma once
// How far one side's four stones, alone on the board, are from its target corner: for every
// placement of four stones (C(36,4) = 58,905), from one search from the corner outwards (moves
// are reversible at the same cost, so the distance from the corner is the distance to it).
// The cut-off's completion counts moves (docs/more-rules.md §6); the substitute weighs a way
// home by the points it costs, as a side is charged for it (§8).
#include <cstdint>
#include <vector>

#include "amazes/more/board.hpp"
#include "amazes/more/position.hpp"

namespace amazes::more {

enum class Counting : std::uint8_t {
  Moves,   // every move 1
  Points,  // every move 1 plus its penalty: a step across a single wall 2, a double 3
};

class HomeDistance {
 public:
  HomeDistance(const Board& board, Side side, Counting counting);

  // The fewest moves (or points) that bring these four stones (any order, distinct squares)
  // into the side's target corner with no other stone on the board; 0 when they are there.
  int of(const Stones& stones) const;

 private:
  std::vector<std::uint8_t> distance_;  // by the placement's combinatorial index
};

}  // namespace amazes::more
