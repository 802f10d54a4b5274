#pragma once
// Plays a versus run: the games of every opponent in schedule order (pair 1 of every opponent,
// then pair 2, …; within a pair NEW red first) that the store does not have yet, through an
// executor (executor.hpp), and counts them per opponent (versus_stats.hpp).
//
// Stopping. With a sequential test, an opponent's test is evaluated on its pairs in pair order
// (a prefix of the schedule: pair p counts once pairs 1..p are complete), so its decision does
// not depend on which game finished first: the same for -j 1 and -j 8 with deterministic bots.
// Once an opponent is decided no more of its games are handed out; games already in progress
// finish and are stored (a later run with a larger --games, or without --sprt, uses them), but
// the statistics and the decision stay those of the prefix up to the deciding pair. A run
// continued from a store evaluates the stored games the same way, so it reaches the same decision
// at the same pair and plays nothing more when that is decided already. Workers elsewhere cannot
// stop at a decision: the plan executor hands out every pair up to --games, the Slurm executor
// waves of pairs (Schedulers::decides_from).
#include <functional>
#include <vector>

#include "amazes/competition/executor.hpp"
#include "amazes/competition/prepared_run.hpp"
#include "amazes/competition/versus_stats.hpp"

namespace amazes::competition {

// Observers of a run played here (the local executor), all called on the thread that called
// run_versus. An exception from one stops the run like a failed match does.
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
  // The game's referee failed it: nothing is stored (its pair is not counted, nor any after it),
  // the run goes on.
  std::function<void(const FailedMatch&)> failed;
};

struct VersusOutcome {
  std::vector<OpponentReport> opponents;  // this run's, in the order given
  VersusVerdict verdict = VersusVerdict::Undecided;
  int already_played = 0;           // games of this run's opponents in the store before the run
  int played = 0;                   // by this run
  std::vector<FailedMatch> failed;  // games their referee failed in this run: missing still
  double seconds = 0.0;
  bool handed_out = false;  // the executor only handed the games to workers (a plan): nothing counted
};

// Throws what the executor threw (a failed game after letting the games in progress finish and
// committing them, the store, Slurm); everything committed stays valid for a later run.
VersusOutcome run_versus(PreparedRun& run, const Executor& executor, const VersusHooks& hooks = {});

// The opponents' tests and the verdict from the games in the store now, counted as run_versus
// counts them (pairs in pair order, a decided test stays decided at its pair); already_played
// is the stored games of this run's opponents, played and seconds are 0.
VersusOutcome versus_outcome_in_store(const PreparedRun& run);

}  // namespace amazes::competition
