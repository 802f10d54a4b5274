#pragma once
// Plays what is missing of a competition: every scheduled match without a row in the store,
// `jobs` at a time. Workers play a match and write its log (atomically); the calling thread
// alone writes the store, one transaction per match, after the log is on disk. Results are
// keyed by match id, never by completion order, so -j 1 and -j N give the same store.
#include <filesystem>
#include <functional>

#include "amazes/arbiter/match.hpp"
#include "amazes/competition/competition.hpp"
#include "amazes/competition/match_pool.hpp"
#include "amazes/competition/match_row.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/competition/schedule.hpp"

namespace amazes::competition {

// Observers, all called on the thread that called run_tournament. An exception from one stops
// the tournament like a failed match does.
struct TournamentHooks {
  // Before the first match: scheduled games in total, and how many the store already has.
  std::function<void(int total, int already_played)> started;
  // A match ended and its log is on disk; its row is about to be committed.
  std::function<void(const MatchRow&)> before_commit;
  // A match's row is committed; `done` counts every game in the store, this run's and earlier.
  std::function<void(const MatchRow&, int done, int total)> committed;
  // Round `round` and every round before it are complete, in round order. Rounds complete
  // before this run are reported first, with completed_now = false.
  std::function<void(int round, bool completed_now)> round_complete;
};

struct TournamentSummary {
  int scheduled = 0;
  int already_played = 0;
  int played = 0;  // by this run
  double seconds = 0.0;
};

// Throws what `play` or the store threw (after letting the matches in progress finish and
// committing them); everything committed before stays valid for a resume.
// The games of `schedule` not in `store` yet, in schedule order, as run_tournament would hand
// them to its workers (for a plan of games played elsewhere: game_plan.hpp).
std::vector<PoolMatch> missing_games(const Competition& competition, const Schedule& schedule,
                                     const ResultsStore& store);

TournamentSummary run_tournament(const Competition& competition, const Schedule& schedule, ResultsStore& store,
                                 const OutputFolder& out, const PlayMatch& play, int jobs,
                                 const TournamentHooks& hooks = {});

}  // namespace amazes::competition
