#pragma once
// A referee game (MatchSettings::referee): the referee program plays the game and the judge plays
// caiaio's part for it (docs/referees.md, "The judge as caiaio"). run_match comes here when the
// settings name a referee.
#include "amazes/arbiter/match.hpp"

namespace amazes::arbiter {

class MatchObserver;

// As run_match: the record (its `referee` part set), or JudgeFailure when the referee did not
// play by caiaio's protocol (one line naming it and what it did); every process is ended and the
// game's folder removed either way. `observer` may be null.
MatchRecord play_referee_match(const MatchSpec& spec, MatchObserver* observer);

}  // namespace amazes::arbiter
