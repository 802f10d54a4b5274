#pragma once
// The squares of the 6×6 More board and their names (docs/more-rules.md §1): a letter for the
// row, counted from the top (a..f), and a digit for the column, counted from the left (1..6).
// So a1 is the top-left square and f6 the bottom-right one.
#include <optional>
#include <string>
#include <string_view>

#include "amazes/direction.hpp"

namespace amazes::more {

inline constexpr int kBoardSize = 6;
inline constexpr int kSquareCount = kBoardSize * kBoardSize;

// 0-based: row 0 is row a (the top), column 0 is column 1 (the left).
struct Square {
  int row = 0;
  int col = 0;
  friend constexpr bool operator==(Square, Square) = default;
};

constexpr bool on_board(Square s) { return s.row >= 0 && s.col >= 0 && s.row < kBoardSize && s.col < kBoardSize; }
// Squares in reading order: a1 = 0, a2 = 1, …, f6 = 35.
constexpr int index_of(Square s) { return s.row * kBoardSize + s.col; }
constexpr Square square_at(int index) { return {index / kBoardSize, index % kBoardSize}; }
constexpr Square step(Square s, Direction d) { return {s.row + row_step(d), s.col + col_step(d)}; }

std::string square_name(Square s);  // "a1"
// Exactly two characters, a lower-case row letter and a column digit; nothing otherwise.
std::optional<Square> parse_square(std::string_view text);

}  // namespace amazes::more
