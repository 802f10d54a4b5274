#pragma once
// `amazes log show`: a match log as the seed rules' sample table (red and blue side by side,
// input and output per turn) and the final board with each player's discovered squares.
#include <string>

#include "amazes/arbiter/match_record.hpp"
#include "amazes/report/maze_drawing.hpp"

namespace amazes::report {

// Both take an Amazes game's record (a referee game's: referee_log_view.hpp).
// A log whose players wrote to stderr gets one line saying how to see it (`log_name` in it).
std::string render_match_log(const arbiter::MatchRecord& record, const DrawingStyle& style,
                             const std::string& log_name = "LOG");

// `amazes log show --stderr`: each player's stderr and every unsolicited output it wrote,
// escaped, whole (as far as the log kept them).
std::string render_player_streams(const arbiter::MatchRecord& record);

}  // namespace amazes::report
