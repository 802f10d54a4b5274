#pragma once
// The game so far as SPEL.IN holds it (docs/susan-rules.md §3): a line with the number z of
// moves, then z lines of one move each. The referee sends these lines before each move.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/susan/move.hpp"

namespace amazes::susan {

std::vector<std::string> record_lines(std::span<const Move> moves);
// SPEL.IN's text back into its moves: nothing when the count is not a number, does not match
// the moves, or a line is not a move. Blank lines are passed over: the seed's page shows one
// between every two lines of its example, a matter of its layout.
std::optional<std::vector<Move>> parse_record(std::string_view text);

}  // namespace amazes::susan
