// Square names of the More board (docs/more-rules.md §1).
#include "amazes/more/square.hpp"

namespace amazes::more {

std::string square_name(Square s) { return {static_cast<char>('a' + s.row), static_cast<char>('1' + s.col)}; }

std::optional<Square> parse_square(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  const Square s{text[0] - 'a', text[1] - '1'};
  if (!on_board(s)) return std::nullopt;
  return s;
}

}  // namespace amazes::more
