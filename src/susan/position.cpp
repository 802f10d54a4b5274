// Legal moves and enclosed stones (docs/susan-rules.md §2).
#include "amazes/susan/position.hpp"

#include <algorithm>

namespace amazes::susan {

std::string_view side_name(Side side) { return side == Side::Red ? "red" : "yellow"; }

std::optional<std::string> Position::refusal(Side side, const Move& move) const {
  if (!move.from) {
    if (!empty(move.to)) return cell_name(move.to) + " is not empty";
    return std::nullopt;
  }
  const Cell from = *move.from;
  if (empty(from)) return "no stone on " + cell_name(from) + " to slide";
  if (at(from) != side) return "the stone on " + cell_name(from) + " is not " + std::string(side_name(side)) + "'s";
  const auto next = neighbours(from);
  if (std::find(next.begin(), next.end(), move.to) == next.end()) {
    return cell_name(move.to) + " is not next to " + cell_name(from);
  }
  if (!empty(move.to)) return cell_name(move.to) + " is not empty";
  return std::nullopt;
}

std::vector<Move> Position::legal_moves(Side side) const {
  std::vector<Move> moves;
  for (int i = 0; i < kCellCount; ++i) {
    if (empty(Cell{i})) moves.push_back(Move{std::nullopt, Cell{i}});
  }
  for (int i = 0; i < kCellCount; ++i) {
    if (at(Cell{i}) != side) continue;
    for (const Cell to : neighbours(Cell{i})) {
      if (empty(to)) moves.push_back(Move{Cell{i}, to});
    }
  }
  return moves;
}

void Position::apply(Side side, const Move& move) {
  if (move.from) stones_[move.from->index].reset();
  stones_[move.to.index] = side;
}

bool Position::enclosed(Cell cell) const {
  if (empty(cell)) return false;
  const auto next = neighbours(cell);
  return std::none_of(next.begin(), next.end(), [this](Cell c) { return empty(c); });
}

bool Position::has_enclosed_stone(Side side) const {
  for (int i = 0; i < kCellCount; ++i) {
    if (at(Cell{i}) == side && enclosed(Cell{i})) return true;
  }
  return false;
}

bool Position::encloses_own_stone(Side side, const Move& move) const {
  Position after = *this;
  after.apply(side, move);
  return after.has_enclosed_stone(side);
}

}  // namespace amazes::susan
