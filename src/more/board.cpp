// The walls of a More board and its 60-character line (docs/more-rules.md §1).
#include "amazes/more/board.hpp"

#include <algorithm>
#include <stdexcept>

namespace amazes::more {
namespace {

constexpr int kEdgesPerRow = kBoardSize - 1;

// The square of an edge that lies left of it or above it, and whether it is vertical
// (between two squares of a row); nothing for a border edge.
struct EdgeRef {
  Square left_or_top;
  bool vertical = false;
};

std::optional<EdgeRef> edge_of(Square s, Direction d) {
  const Square n = step(s, d);
  if (!on_board(s) || !on_board(n)) return std::nullopt;
  switch (d) {
    case Direction::East: return EdgeRef{s, true};
    case Direction::West: return EdgeRef{n, true};
    case Direction::South: return EdgeRef{s, false};
    case Direction::North: return EdgeRef{n, false};
  }
  return std::nullopt;
}

std::size_t vertical_index(Square left) { return static_cast<std::size_t>(left.row * kEdgesPerRow + left.col); }
std::size_t horizontal_index(Square top) { return static_cast<std::size_t>(top.row * kBoardSize + top.col); }

char digit(Wall wall) { return static_cast<char>('0' + static_cast<int>(wall)); }

}  // namespace

Wall Board::wall(Square s, Direction d) const {
  const auto edge = edge_of(s, d);
  if (!edge) return Wall::None;
  return edge->vertical ? vertical_[vertical_index(edge->left_or_top)]
                        : horizontal_[horizontal_index(edge->left_or_top)];
}

void Board::set_wall(Square s, Direction d, Wall wall) {
  const auto edge = edge_of(s, d);
  if (!edge) throw std::out_of_range("no edge beyond the border of the board");
  (edge->vertical ? vertical_[vertical_index(edge->left_or_top)] : horizontal_[horizontal_index(edge->left_or_top)]) =
      wall;
}

int Board::count(Wall wall) const {
  return static_cast<int>(std::count(vertical_.begin(), vertical_.end(), wall) +
                          std::count(horizontal_.begin(), horizontal_.end(), wall));
}

std::string format_board(const Board& board) {
  std::string text;
  text.reserve(kBoardTextLength);
  for (int row = 0; row < kBoardSize; ++row) {
    for (int col = 0; col < kEdgesPerRow; ++col) text += digit(board.wall({row, col}, Direction::East));
    if (row == kBoardSize - 1) break;
    for (int col = 0; col < kBoardSize; ++col) text += digit(board.wall({row, col}, Direction::South));
  }
  return text;
}

Board parse_board(std::string_view text) {
  if (text.size() != kBoardTextLength) {
    throw std::invalid_argument("a board is 60 digits 0, 1 or 2; got " + std::to_string(text.size()) + " characters");
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '2') {
      throw std::invalid_argument("a board is 60 digits 0, 1 or 2; character " + std::to_string(i + 1) + " is not one");
    }
  }
  Board board;
  std::size_t next = 0;
  const auto read = [&] { return static_cast<Wall>(text[next++] - '0'); };
  for (int row = 0; row < kBoardSize; ++row) {
    for (int col = 0; col < kEdgesPerRow; ++col) board.set_wall({row, col}, Direction::East, read());
    if (row == kBoardSize - 1) break;
    for (int col = 0; col < kBoardSize; ++col) board.set_wall({row, col}, Direction::South, read());
  }
  return board;
}

}  // namespace amazes::more
