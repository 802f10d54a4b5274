#pragma once
// The 61 cells of Susan's hexagonal board and their names (docs/susan-rules.md §1): nine rows
// a..i of 5, 6, 7, 8, 9, 8, 7, 6, 5 cells, each numbered from 1. A row above the middle (a..d)
// touches the next row at c and c+1, a row below it (f..i) touches the row before at c and c+1:
// the reading of the seed's missing figure that makes its example's slide f2-e3 a step.
#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace amazes::susan {

inline constexpr int kRows = 9;
inline constexpr int kCellCount = 61;
inline constexpr std::array<int, kRows> kRowLengths = {5, 6, 7, 8, 9, 8, 7, 6, 5};

// A cell by its index in reading order: a1 = 0, a5 = 4, b1 = 5, …, i5 = 60.
struct Cell {
  int index = 0;
  friend constexpr bool operator==(Cell, Cell) = default;
};

int row_of(Cell cell);     // 0 for row a
int column_of(Cell cell);  // 1-based, as in the name
std::optional<Cell> cell_at(int row, int column);

std::string cell_name(Cell cell);  // "e3"
// A lower-case row letter a..i and a column number of the row, without a leading zero.
std::optional<Cell> parse_cell(std::string_view text);

// The cells next to `cell`: 6 inside the board, 4 on an edge, 3 at a corner.
std::span<const Cell> neighbours(Cell cell);

}  // namespace amazes::susan
