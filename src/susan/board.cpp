// The board's cells, names and neighbours (docs/susan-rules.md §1).
#include "amazes/susan/board.hpp"

#include <vector>

namespace amazes::susan {
namespace {

constexpr std::array<int, kRows + 1> row_starts() {
  std::array<int, kRows + 1> starts{};
  for (int r = 0; r < kRows; ++r) starts[r + 1] = starts[r] + kRowLengths[r];
  return starts;
}
constexpr std::array<int, kRows + 1> kRowStarts = row_starts();
static_assert(kRowStarts[kRows] == kCellCount);

struct NeighbourTable {
  std::array<std::vector<Cell>, kCellCount> of;
};

// The columns of row r±1 that a cell of row r in column c touches: the longer row's c and c+1,
// the shorter row's c−1 and c.
void add_row_neighbours(std::vector<Cell>& out, int row, int column, int other_row) {
  if (other_row < 0 || other_row >= kRows) return;
  const bool other_is_longer = kRowLengths[other_row] > kRowLengths[row];
  const int first = other_is_longer ? column : column - 1;
  for (const int c : {first, first + 1}) {
    if (const auto cell = cell_at(other_row, c)) out.push_back(*cell);
  }
}

NeighbourTable build_neighbours() {
  NeighbourTable table;
  for (int index = 0; index < kCellCount; ++index) {
    const Cell cell{index};
    const int row = row_of(cell);
    const int column = column_of(cell);
    auto& out = table.of[index];
    add_row_neighbours(out, row, column, row - 1);
    for (const int c : {column - 1, column + 1}) {
      if (const auto same = cell_at(row, c)) out.push_back(*same);
    }
    add_row_neighbours(out, row, column, row + 1);
  }
  return table;
}

}  // namespace

int row_of(Cell cell) {
  int row = 0;
  while (kRowStarts[row + 1] <= cell.index) ++row;
  return row;
}

int column_of(Cell cell) { return cell.index - kRowStarts[row_of(cell)] + 1; }

std::optional<Cell> cell_at(int row, int column) {
  if (row < 0 || row >= kRows || column < 1 || column > kRowLengths[row]) return std::nullopt;
  return Cell{kRowStarts[row] + column - 1};
}

std::string cell_name(Cell cell) {
  return std::string(1, static_cast<char>('a' + row_of(cell))) + std::to_string(column_of(cell));
}

std::optional<Cell> parse_cell(std::string_view text) {
  // The longest row has 9 cells: one digit, 1..9.
  if (text.size() != 2 || text[0] < 'a' || text[0] >= 'a' + kRows || text[1] < '1' || text[1] > '9') {
    return std::nullopt;
  }
  return cell_at(text[0] - 'a', text[1] - '0');
}

std::span<const Cell> neighbours(Cell cell) {
  static const NeighbourTable table = build_neighbours();
  return table.of[cell.index];
}

}  // namespace amazes::susan
