#pragma once
// A referee game as people read it: its transcript, line by line (`amazes log show`, `amazes match
// --debug`), and why a player faulted in it.
#include <string>

#include "amazes/arbiter/match_record.hpp"

namespace amazes::report {

// One line of the transcript, the bytes of the referee and the players escaped:
//   referee → 1: Start
//   1 → referee: a1b2 (12.3 ms)
//   1: <caiaio:_player_timeout> (timeout, 5000.2 ms)
//   referee → judge: I request_time 1        judge → referee: time 12 12
//   referee → manager: report 20 0 cut_off
std::string referee_line_text(const arbiter::RefereeLine& line);

// The whole log of a referee game: the referee and the players, the transcript, the report, and
// each player's result with its fault and why.
std::string render_referee_log(const arbiter::MatchRecord& record);

// What the players and the referee wrote besides the game (`amazes log show --stderr`): each
// player's stderr, what it wrote out of turn, the referee's stderr and its own log, escaped.
std::string render_referee_streams(const arbiter::MatchRecord& record);

// Why the player (red: player 1) faulted in a referee game, on one line; empty when it did not.
std::string referee_fault_why(const arbiter::MatchRecord& record, Color color);

// The player's fault in a referee game, "-" when none: the judge's at a listen (`crash at listen
// 2`), or the referee's, reported, at the move it named (`illegal at move 3 (the referee's)`).
std::string referee_fault_text(const arbiter::MatchRecord& record, Color color);

// The values the referee reported for the player, each after two blanks: "  move_points 163";
// empty when it reported none.
std::string referee_values_text(const arbiter::PlayerOutcome& outcome);

}  // namespace amazes::report
