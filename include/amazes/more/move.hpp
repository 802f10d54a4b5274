#pragma once
// A More move as the protocol writes it: the square a stone leaves and the square it lands
// on, "a1a3" (docs/more-rules.md §4).
#include <optional>
#include <string>
#include <string_view>

#include "amazes/more/square.hpp"

namespace amazes::more {

struct Move {
  Square from;
  Square to;
  friend constexpr bool operator==(Move, Move) = default;
};

std::string format_move(Move move);  // "a1a3"
// Four characters, two square names; a single '\r' at the end is tolerated (a bot written on
// Windows), anything else is not a move.
std::optional<Move> parse_move(std::string_view line);

}  // namespace amazes::more
