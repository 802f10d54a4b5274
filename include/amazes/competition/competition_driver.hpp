#pragma once
// The one driver under tournaments and versus runs (as fastchess's Scheduler and its runner):
// a Scheduler says which game comes next and what a finished game means; the driver plays the
// games through the match pool (`jobs` at a time, each log on disk before its row), commits each
// game's row to the results store on the calling thread, one transaction per game, and tells the
// scheduler. Tournament (tournament.hpp) and versus (versus.hpp) are two schedulers; the local
// executor runs them through this driver, the plan and Slurm executors hand their games to
// workers elsewhere (executor.hpp).
#include <filesystem>
#include <optional>
#include <vector>

#include "amazes/competition/match_pool.hpp"
#include "amazes/competition/match_row.hpp"
#include "amazes/competition/results_store.hpp"

namespace amazes::competition {

class Scheduler {
 public:
  virtual ~Scheduler() = default;
  // The games this run may play at most, for the worker count (0: nothing to do).
  virtual int missing() const = 0;
  // The driver is about to play: what is known before the first game (rounds complete already).
  virtual void started() {}
  // A committed game may give next() more games (a Swiss round decided once the round before
  // it is complete): workers wait for it rather than end while games are in progress.
  virtual bool results_decide_games() const { return false; }
  // The next game; nothing when none is left (a versus opponent may be decided meanwhile).
  // Called from the workers, one call at a time, while the committing thread may be in the
  // methods below: state shared with them is the scheduler's to protect.
  virtual std::optional<PoolMatch> next() = 0;
  // Called on the committing thread once the game's log is on disk, just before its row is
  // inserted: what the store needs first (a versus pair's maze), what goes beside the log.
  virtual void before_insert(ResultsStore& /*store*/, const MatchRow& /*row*/) {}
  // The row is committed. `after_error`: an earlier game failed and the run is ending.
  virtual void committed(const MatchRow& row, bool after_error) = 0;
  // The game's referee failed it: nothing is stored, the run goes on.
  virtual void failed(const FailedMatch& /*match*/) {}
  // The games handed out so far are played elsewhere and stored without this scheduler
  // (`amazes collect`): what their rows will need goes into the store now (a versus pair's maze).
  virtual void handed_out_elsewhere(ResultsStore& /*store*/) {}
};

// Plays what `scheduler` hands out until it has nothing left; returns the games committed and
// the seconds it took. Throws what `play`, a log write, the store or a hook threw, after letting
// the games in progress finish and committing them: everything committed stays valid for a
// resume.
struct DriverSummary {
  int played = 0;
  std::vector<FailedMatch> failed;  // games their referee failed, in the order they ended
  double seconds = 0.0;
};
DriverSummary run_competition(Scheduler& scheduler, ResultsStore& store, const OutputFolder& out, const PlayMatch& play,
                              int jobs);

}  // namespace amazes::competition
