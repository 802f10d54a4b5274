#pragma once
// Plays a versus run: the games of every opponent in schedule order (pair 1 of every opponent,
// then pair 2, …; within a pair NEW red first) that the store does not have yet, `jobs` at a
// time through the match pool, and counts them per opponent (versus_stats.hpp).
//
// Stopping. With a sequential test, an opponent's test is evaluated on its pairs in pair order
// (a prefix of the schedule: pair p counts once pairs 1..p are complete), so its decision does
// not depend on which game finished first: the same for -j 1 and -j 8 with deterministic bots.
// Once an opponent is decided no more of its games are handed out; games already in progress
// finish and are stored (a later run with a larger --games, or without --sprt, uses them), but
// the statistics and the decision stay those of the prefix up to the deciding pair. A run
// continued from a store evaluates the stored games the same way, so it reaches the same decision
// at the same pair and plays nothing more when that is decided already.
#include <functional>
#include <vector>

#include "amazes/competition/match_pool.hpp"
#include "amazes/competition/versus_setup.hpp"
#include "amazes/competition/versus_stats.hpp"

namespace amazes::competition {

// Observers, all called on the thread that called run_versus. An exception from one stops the
// run like a failed match does.
struct VersusHooks {
  // Before the first game: the most games this run may need (every missing game of every
  // undecided opponent), and the games of this run's opponents already in the store.
  std::function<void(int most, int already_played)> started;
  // A game ended and its log is on disk; its row is about to be committed.
  std::function<void(const MatchRow& row)> before_commit;
  // A game's row is committed.
  std::function<void(const MatchRow& row)> committed;
  // An opponent's counted pairs grew (by one or more); `report` is its state now.
  std::function<void(const OpponentReport& report)> counted;
};

struct VersusOutcome {
  std::vector<OpponentReport> opponents;  // this run's, in the order given
  VersusVerdict verdict = VersusVerdict::Undecided;
  int already_played = 0;  // games of this run's opponents in the store before the run
  int played = 0;          // by this run
  double seconds = 0.0;
};

// Throws what `play` or the store threw (after letting the games in progress finish and
// committing them); everything committed stays valid for a later run.
VersusOutcome run_versus(PreparedVersus& versus, const PlayMatch& play, int jobs, const VersusHooks& hooks = {});

}  // namespace amazes::competition
