#pragma once
// The one driver under tournaments and versus runs (as fastchess's Scheduler and its runner):
// a Scheduler says which game comes next and what a finished game means; the driver plays the
// games through the match pool (`jobs` at a time, each log on disk before its row), commits each
// game's row to the results store on the calling thread, one transaction per game, and tells the
// scheduler. Tournament (tournament.hpp) and versus (versus.hpp) are two schedulers.
#include <filesystem>
#include <functional>
#include <optional>

#include "amazes/competition/match_pool.hpp"
#include "amazes/competition/match_row.hpp"
#include "amazes/competition/results_store.hpp"

namespace amazes::competition {

class Scheduler {
 public:
  virtual ~Scheduler() = default;
  // The games this run may play at most, for the worker count (0: nothing to do).
  virtual int missing() const = 0;
  // The next game; nothing when none is left (a versus opponent may be decided meanwhile).
  // Called from the workers, one call at a time, while the committing thread may be in the
  // methods below: state shared with them is the scheduler's to protect.
  virtual std::optional<PoolMatch> next() = 0;
  // Called on the committing thread just before the row is inserted: what the store needs
  // first (a versus pair's maze).
  virtual void before_insert(ResultsStore& /*store*/, const MatchRow& /*row*/) {}
  // The row is committed. `after_error`: an earlier game failed and the run is ending.
  virtual void committed(const MatchRow& row, bool after_error) = 0;
};

struct DriverHooks {
  // A game ended and its log is on disk; its row is about to be committed.
  std::function<void(const MatchRow& row)> before_commit;
};

// Plays what `scheduler` hands out until it has nothing left; returns the games committed and
// the seconds it took. Throws what `play`, a log write, the store or a hook threw, after letting
// the games in progress finish and committing them: everything committed stays valid for a
// resume.
struct DriverSummary {
  int played = 0;
  double seconds = 0.0;
};
DriverSummary run_competition(Scheduler& scheduler, ResultsStore& store, const OutputFolder& out, const PlayMatch& play,
                              int jobs, const DriverHooks& hooks = {});

}  // namespace amazes::competition
