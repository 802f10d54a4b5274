#pragma once
// Slurm's client commands for the slurm executor (slurm_executor.hpp): a plan's chunks
// (game_plan.hpp) as one job array whose tasks run `amazes work DIR --chunk
// $SLURM_ARRAY_TASK_ID`, followed until it leaves the queue while the finished games are
// stored; chunks that did not finish (a failed, cancelled or timed-out task) are submitted
// again, for their missing games only.
#include <filesystem>
#include <functional>
#include <stdexcept>

#include "amazes/competition/competition_request.hpp"
#include "amazes/competition/executor.hpp"
#include "amazes/competition/game_plan.hpp"
#include "amazes/competition/results_store.hpp"

namespace amazes::competition {

// A Slurm command that failed (sbatch refused the job, squeue not found, …); what() is one line.
class SlurmError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Whether DIR/slurm/job names a job array that still has tasks in the queue.
bool slurm_job_in_queue(const std::filesystem::path& dir);

// Plays every chunk of `plan` (written to `dir`) through Slurm and stores its games in `store`
// as they finish; `progress` is called after every look at the queue. Returns when every game
// of the plan is stored. A job of an earlier, killed coordinator that is still in the queue
// (DIR/slurm/job) is followed instead of submitting another. Throws SlurmError when the chunks
// still fail after three submissions.
void play_plan_on_slurm(const std::filesystem::path& dir, const GamePlan& plan, ResultsStore& store,
                        const SlurmSettings& settings, const std::function<void(const SlurmProgress&)>& progress);

}  // namespace amazes::competition
