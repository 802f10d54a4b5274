// The stones, the corners and the moves the rules allow (docs/more-rules.md §2, §3).
#include "amazes/more/position.hpp"

#include <algorithm>

namespace amazes::more {
namespace {

constexpr int kLast = kBoardSize - 1;

Stones corner_at(int top, int left) {
  return {Square{top, left}, Square{top, left + 1}, Square{top + 1, left}, Square{top + 1, left + 1}};
}

// The direction from `from` to `to` and how far, when they lie on one row or column.
struct Line {
  Direction direction = Direction::North;
  int distance = 0;
};

std::optional<Line> line_between(Square from, Square to) {
  const int dr = to.row - from.row;
  const int dc = to.col - from.col;
  if ((dr == 0) == (dc == 0)) return std::nullopt;  // the same square, or not in line
  if (dr != 0) return Line{dr < 0 ? Direction::North : Direction::South, dr < 0 ? -dr : dr};
  return Line{dc < 0 ? Direction::West : Direction::East, dc < 0 ? -dc : dc};
}

}  // namespace

std::string_view side_name(Side side) { return side == Side::White ? "white" : "black"; }
std::string_view move_kind_name(MoveKind kind) { return kind == MoveKind::Step ? "step" : "jump"; }

Stones start_corner(Side side) { return side == Side::White ? corner_at(kLast - 1, kLast - 1) : corner_at(0, 0); }
Stones target_corner(Side side) { return start_corner(other(side)); }

bool in_target_corner(Side side, Square s) {
  const Stones corner = target_corner(side);
  return std::find(corner.begin(), corner.end(), s) != corner.end();
}

Position::Position() {
  for (const Side side : kBothSides) {
    for (const Square s : start_corner(side)) stones_[static_cast<std::size_t>(index_of(s))] = side;
  }
}

Stones Position::stones(Side side) const {
  Stones found{};
  std::size_t n = 0;
  for (int i = 0; i < kSquareCount && n < found.size(); ++i) {
    if (stones_[static_cast<std::size_t>(i)] == side) found[n++] = square_at(i);
  }
  return found;
}

bool Position::arrived(Side side) const {
  const Stones corner = target_corner(side);
  return std::all_of(corner.begin(), corner.end(), [&](Square s) { return at(s) == side; });
}

void Position::move_stone(Move move) {
  auto& from = stones_[static_cast<std::size_t>(index_of(move.from))];
  stones_[static_cast<std::size_t>(index_of(move.to))] = from;
  from.reset();
}

MoveJudgement judge_move(const Board& board, const Position& position, Side side, Move move) {
  const std::string from = square_name(move.from);
  const std::string to = square_name(move.to);
  if (position.at(move.from) != side) return {std::nullopt, "no " + std::string(side_name(side)) + " stone on " + from};
  if (position.at(move.to)) return {std::nullopt, to + " is taken"};
  const auto line = line_between(move.from, move.to);
  if (!line || line->distance > 2) {
    return {std::nullopt, to + " is neither a neighbour of " + from + " nor 2 away in line"};
  }
  const Wall first = board.wall(move.from, line->direction);
  if (line->distance == 1) return {LegalMove{move, MoveKind::Step, penalty_of(first)}, {}};
  const Square over = step(move.from, line->direction);
  if (!position.at(over)) return {std::nullopt, "no stone on " + square_name(over) + " to jump over"};
  if (first != Wall::None || board.wall(over, line->direction) != Wall::None) {
    return {std::nullopt, "a jump from " + from + " to " + to + " crosses a wall"};
  }
  return {LegalMove{move, MoveKind::Jump, 0}, {}};
}

std::vector<LegalMove> legal_moves(const Board& board, const Position& position, Side side) {
  std::vector<LegalMove> moves;
  for (const Square from : position.stones(side)) {
    for (const int distance : {1, 2}) {
      for (const Direction d : kAllDirections) {
        Square to = step(from, d);
        if (distance == 2) to = step(to, d);
        if (!on_board(to)) continue;
        const MoveJudgement judged = judge_move(board, position, side, {from, to});
        if (judged.legal) moves.push_back(*judged.legal);
      }
    }
  }
  return moves;
}

}  // namespace amazes::more
