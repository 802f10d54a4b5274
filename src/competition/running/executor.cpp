#include "amazes/competition/executor.hpp"

#include <spdlog/spdlog.h>

#include "running/plan_executor.hpp"
#include "running/slurm_executor.hpp"

namespace amazes::competition {

Executed Executor::run(const Schedulers& schedulers) const {
  PreparedRun& run = schedulers.run;
  const int stored = store_finished_games(run.out, run.store);
  if (stored > 0) {
    spdlog::info("{} game{} that workers finished in {} stored first", stored, stored == 1 ? "" : "s",
                 (run.out / "finished").string());
  }
  return execute(schedulers);
}

Executed LocalExecutor::execute(const Schedulers& schedulers) const {
  PreparedRun& run = schedulers.run;
  const auto scheduler = schedulers.scheduler(schedulers.rounds, true);
  const DriverSummary driven = run_competition(*scheduler, run.store, {run.out, run.log_format}, play_, jobs_);
  return {.played = driven.played, .failed = driven.failed, .seconds = driven.seconds};
}

std::unique_ptr<Executor> make_executor(const CompetitionRequest& request, PlayMatch play, int jobs,
                                        ExecutorEvents events) {
  switch (request.executor) {
    case ExecutorKind::Plan: return std::make_unique<PlanExecutor>(request.chunk_size, std::move(events.plan_written));
    case ExecutorKind::Slurm:
      return std::make_unique<SlurmExecutor>(request.chunk_size, request.slurm, std::move(events));
    case ExecutorKind::Local: break;
  }
  return std::make_unique<LocalExecutor>(std::move(play), jobs);
}

}  // namespace amazes::competition
