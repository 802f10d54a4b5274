#pragma once
// Where a run's games are played (docs/formats.md §11): here, `jobs` at a time (local); written
// as a plan for workers that need nothing but the folder (plan: `amazes work`, `amazes
// collect`); or that plan played by Slurm job arrays of such workers, followed and collected
// (slurm). Every executor plays what a Scheduler (competition_driver.hpp) hands out, with the
// same rules and sandbox, so a run may switch between them.
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>

#include "amazes/competition/competition_driver.hpp"
#include "amazes/competition/competition_request.hpp"
#include "amazes/competition/game_plan.hpp"
#include "amazes/competition/match_pool.hpp"
#include "amazes/competition/prepared_run.hpp"

namespace amazes::competition {

// A run's games as executors take them: schedulers of what its store lacks, the stored games
// counted as if just played. A tournament and a versus run make theirs (tournament.cpp,
// versus.cpp).
struct Schedulers {
  PreparedRun& run;
  int rounds = 0;  // the run's rounds (a versus run: its pairs)
  // The fewest rounds after which results may stop the handing out of games (a versus
  // opponent's sequential test); nothing when every missing game is handed out whatever the
  // results.
  std::optional<int> decides_from;
  // The scheduler of the missing games of rounds 1..last. `decides`: it may decide rounds that
  // wait for results as games are committed to it (played here), rather than hand out only the
  // decided ones (a plan: the results come back through `amazes collect`).
  std::function<std::unique_ptr<Scheduler>(int last, bool decides)> scheduler;
  // Some rounds are decided only once the round before is complete (Swiss, a final): the plan
  // and Slurm executors hand out what is decided; this decides what the stored results allow
  // (stored, and scheduled in the run) and says whether anything was. Empty for other runs.
  bool rounds_wait_for_results = false;
  std::function<bool()> decide_ready_rounds;
};

struct Executed {
  int played = 0;                   // games stored by this run (played here, or by the workers it ran)
  std::vector<FailedMatch> failed;  // games their referee failed (played here)
  double seconds = 0.0;
  bool handed_out = false;  // the games were only handed to workers (a plan): nothing is played yet
};

class Executor {
 public:
  virtual ~Executor() = default;
  // Stores the games that workers finished and nobody collected, so that switching executors
  // never plays a game twice; then plays (or hands out) the games of `schedulers`. Throws what
  // playing, the store, the plan or Slurm threw; everything stored stays valid for a resume.
  Executed run(const Schedulers& schedulers) const;

 private:
  virtual Executed execute(const Schedulers& schedulers) const = 0;
};

// Plays here through the competition driver, `jobs` games at once.
class LocalExecutor final : public Executor {
 public:
  LocalExecutor(PlayMatch play, int jobs) : play_(std::move(play)), jobs_(jobs) {}

 private:
  Executed execute(const Schedulers& schedulers) const override;
  PlayMatch play_;
  int jobs_;
};

// How far a Slurm run is: of the plan being played, the games stored, and its array tasks
// still in the queue.
struct SlurmProgress {
  int stored = 0;
  int total = 0;
  int running = 0;
  int pending = 0;
};

// What the plan and Slurm executors tell as they go, for the user to see.
struct ExecutorEvents {
  // The plan is written to DIR/plan.json (the plan executor, which then stops).
  std::function<void(const std::filesystem::path& dir, const GamePlan& plan)> plan_written;
  // Slurm, after every look at the queue.
  std::function<void(const SlurmProgress& progress)> polled;
  // Slurm, after a look at the queue that stored games, and once at the end: the standings.
  std::function<void()> stored;
  // Slurm: every game of a wave is stored (a run that decides early plays in waves).
  std::function<void()> wave_stored;
};

// The executor `request.executor` names, with its chunk size and sbatch options; `play` and
// `jobs` are the local executor's.
std::unique_ptr<Executor> make_executor(const CompetitionRequest& request, PlayMatch play, int jobs,
                                        ExecutorEvents events = {});

}  // namespace amazes::competition
