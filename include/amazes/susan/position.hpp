#pragma once
// The stones on the board and what the rules say of one move in it (docs/susan-rules.md §2):
// a legal move, and the stones it leaves enclosed. Which side moves, the counts and the end are
// the game's.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/susan/board.hpp"
#include "amazes/susan/move.hpp"

namespace amazes::susan {

enum class Side : std::uint8_t { Red, Yellow };  // red moves first
inline constexpr std::array<Side, 2> kBothSides = {Side::Red, Side::Yellow};
constexpr int index_of(Side side) { return static_cast<int>(side); }
constexpr Side other(Side side) { return side == Side::Red ? Side::Yellow : Side::Red; }
std::string_view side_name(Side side);  // "red", "yellow"

class Position {
 public:
  std::optional<Side> at(Cell cell) const { return stones_[cell.index]; }
  bool empty(Cell cell) const { return !stones_[cell.index].has_value(); }

  // Why `side` may not make `move` here, or nothing when it may: a placement needs an empty
  // cell, a slide one of the side's own stones and an empty neighbour of it.
  std::optional<std::string> refusal(Side side, const Move& move) const;
  // Every legal move of `side`: the placements in cell order, then the slides.
  std::vector<Move> legal_moves(Side side) const;
  // Makes a legal move (refusal() says none). No check here.
  void apply(Side side, const Move& move);

  // A stone whose every neighbour holds a stone, of either side: the edge encloses too.
  bool enclosed(Cell cell) const;
  bool has_enclosed_stone(Side side) const;
  // Whether `move`, legal, would leave one of the mover's own stones enclosed.
  bool encloses_own_stone(Side side, const Move& move) const;

 private:
  std::array<std::optional<Side>, kCellCount> stones_{};
};

}  // namespace amazes::susan
