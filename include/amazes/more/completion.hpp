#pragma once
// The cut-off's completion (docs/more-rules.md §6): the fewest points (moves plus penalties) in
// which one side's four stones, alone on the board, reach its target corner. One search over
// every placement of four stones (C(36,4) = 58,905), from the target corner outwards: moves
// are reversible at the same cost, so the distance from the corner is the distance to it.
#include <cstdint>
#include <vector>

#include "amazes/more/board.hpp"
#include "amazes/more/position.hpp"

namespace amazes::more {

class CompletionTable {
 public:
  CompletionTable(const Board& board, Side side);

  // The fewest points that bring these four stones (any order, distinct squares) into the
  // side's target corner with no other stone on the board; 0 when they are there.
  int cost(const Stones& stones) const;

 private:
  std::vector<std::uint8_t> cost_;  // by the placement's combinatorial index
};

}  // namespace amazes::more
