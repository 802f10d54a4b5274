#pragma once
// A Susan move as SPEL.IN and SPEL.UIT write it (docs/susan-rules.md §3): a placement names the
// empty cell ("e3"), a slide the stone's cell, a minus sign and the cell it moves to ("e3-f2").
#include <optional>
#include <string>
#include <string_view>

#include "amazes/susan/board.hpp"

namespace amazes::susan {

struct Move {
  std::optional<Cell> from;  // set for a slide
  Cell to;
  bool is_slide() const { return from.has_value(); }
  friend bool operator==(const Move&, const Move&) = default;
};

std::string format_move(const Move& move);  // "e3", "e3-f2"
// A placement or a slide as above; blanks and a '\r' at the end of the line are tolerated (a
// program written on DOS or in Pascal), anything else is not a move.
std::optional<Move> parse_move(std::string_view line);

}  // namespace amazes::susan
