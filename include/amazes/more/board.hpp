#pragma once
// The walls of a More board (docs/more-rules.md §1): between two neighbouring squares there is
// no wall, a single wall or a double wall. A wall never blocks a step, it costs penalty points
// (one per single wall, two per double), and no jump may cross one.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "amazes/direction.hpp"
#include "amazes/more/square.hpp"

namespace amazes::more {

enum class Wall : std::uint8_t { None = 0, Single = 1, Double = 2 };

// The penalty points of a step across the wall.
constexpr int penalty_of(Wall wall) { return static_cast<int>(wall); }

// The board line of the protocol: one digit per edge between neighbouring squares.
inline constexpr int kBoardTextLength = 60;

class Board {
 public:
  Board() = default;  // no walls

  // The wall on the edge of s in direction d; None for an edge on the border (there is no
  // square beyond it, which the rules check apart).
  Wall wall(Square s, Direction d) const;
  // Sets the wall between s and its neighbour in direction d; throws std::out_of_range when
  // that neighbour is off the board.
  void set_wall(Square s, Direction d, Wall wall);

  int count(Wall wall) const;  // edges with that wall

  friend bool operator==(const Board&, const Board&) = default;

 private:
  // The edge right of row r, column c (c < 5) is vertical_[r·5 + c]; the edge below row r
  // (r < 5), column c is horizontal_[r·6 + c].
  std::array<Wall, kBoardSize*(kBoardSize - 1)> vertical_{};
  std::array<Wall, (kBoardSize - 1) * kBoardSize> horizontal_{};
};

// The 60 digits of the board line, in the order of the original rules: for each row from the
// top, the 5 edges between its squares from left to right, then (except after the last row)
// the 6 edges between it and the row below, from left to right. '0' no wall, '1' single,
// '2' double. So "00102…" puts a single wall between a3 and a4 and a double one between a5
// and a6.
std::string format_board(const Board& board);
// Throws std::invalid_argument, one line naming the first problem: not 60 characters, or a
// character other than 0, 1 and 2 (with its position, 1-based).
Board parse_board(std::string_view text);

}  // namespace amazes::more
