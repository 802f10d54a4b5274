#pragma once
// A player whose stderr goes beyond the match's stderr_limit has the rest dropped (the log
// counts it in `stderr_dropped`). Its author would never know from the standings, and the
// organiser only from the logs: the judge says it once per run and player, at the first game
// it happens in, and then keeps quiet, however many games follow.
#include "amazes/arbiter/match_record.hpp"

namespace amazes::competition {

// Warns (spdlog) for each player of `record` whose stderr was cut in this game, unless that
// player was already named in this run: "player 'x' wrote more than 10,000 bytes on stderr in
// game ID; the rest is dropped (said once)". Safe to call from any worker thread.
void say_stderr_dropped_once(const arbiter::MatchRecord& record);

}  // namespace amazes::competition
