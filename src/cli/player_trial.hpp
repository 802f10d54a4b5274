#pragma once
// The one-turn trial: before the first game of a tournament or a versus run, each player is
// started in the contest's own sandbox with the contest's own settings and plays its first turn
// (a game of one turn per player against itself, on the run's first maze from its starts). A
// player that does not answer there with a line (it does not start, ends, hangs, writes before
// its input or a line too long) would fault in every game: it is refused with one line instead
// of losing the whole contest. A line the rules refuse (`illegal`) is an answer, and passes.
#include <string>
#include <string_view>
#include <vector>

#include "amazes/arbiter/match.hpp"

namespace amazes::cli {

// Plays the trial of every player, at most `jobs` at once; throws UsageError for the first
// player (in the order given) that faulted: "player 'x' (COMMAND): did not answer its first
// turn: WHY; exit 2; stderr: …". A referee game cannot be cut after one turn (its referee decides
// when it ends): there the trial is one whole game against itself under the contest's referee,
// and only a fault at its first answer refuses it.
void trial_first_turns(const arbiter::MatchSpec& first_game, const std::vector<arbiter::PlayerSpec>& players, int jobs);

// The line for a faulted trial, nothing when neither seat faulted.
std::string trial_fault(const arbiter::MatchRecord& record);

}  // namespace amazes::cli
