// The text of a More move (docs/more-rules.md §4).
#include "amazes/more/move.hpp"

namespace amazes::more {

std::string format_move(Move move) { return square_name(move.from) + square_name(move.to); }

std::optional<Move> parse_move(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.size() != 4) return std::nullopt;
  const auto from = parse_square(line.substr(0, 2));
  const auto to = parse_square(line.substr(2, 2));
  if (!from || !to) return std::nullopt;
  return Move{*from, *to};
}

}  // namespace amazes::more
