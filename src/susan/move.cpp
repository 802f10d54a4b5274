// The text of a Susan move (docs/susan-rules.md §3).
#include "amazes/susan/move.hpp"

namespace amazes::susan {

std::string format_move(const Move& move) {
  if (move.from) return cell_name(*move.from) + "-" + cell_name(move.to);
  return cell_name(move.to);
}

std::optional<Move> parse_move(std::string_view line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
  const auto dash = line.find('-');
  if (dash == std::string_view::npos) {
    const auto to = parse_cell(line);
    if (!to) return std::nullopt;
    return Move{std::nullopt, *to};
  }
  const auto from = parse_cell(line.substr(0, dash));
  const auto to = parse_cell(line.substr(dash + 1));
  if (!from || !to) return std::nullopt;
  return Move{*from, *to};
}

}  // namespace amazes::susan
