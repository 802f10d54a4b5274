#pragma once
// A match log checked against the rules engine as a whole: every turn (replay_game), and then
// what the log says of the end, both players' points, scores and faults. What `amazes log show`
// and `amazes replay` do before they show anything: a log is shown only when the engine agrees.
#include "amazes/arbiter/match_record.hpp"
#include "amazes/replay.hpp"
#include "amazes/report/replay_data.hpp"

namespace amazes::report {

// The replayed game of an Amazes game's record (std::bad_variant_access for a referee game's,
// which the rules engine cannot replay). Throws ReplayMismatch with one line naming the turn or
// the field (a JSON pointer such as /result/red/score) and both values, e.g.
// "/result/red/score: 900 in the log, the rules give 51".
Replay checked_replay(const arbiter::MatchRecord& record, const ReplayedTurn& after_turn = {});

}  // namespace amazes::report
