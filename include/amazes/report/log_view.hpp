#pragma once
// `amazes log show`: a match log as the seed rules' sample table (red and blue side by side,
// input and output per turn) and the final board with each player's discovered squares.
#include <string>

#include "amazes/arbiter/match_record.hpp"
#include "amazes/report/maze_drawing.hpp"

namespace amazes::report {

std::string render_match_log(const arbiter::MatchRecord& record, const DrawingStyle& style);

}  // namespace amazes::report
