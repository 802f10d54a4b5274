#pragma once
// The slurm executor: the plan executor's plan played by Slurm job arrays (slurm_jobs.hpp),
// followed and collected here until every game is stored.
#include "amazes/competition/executor.hpp"

namespace amazes::competition {

class SlurmExecutor final : public Executor {
 public:
  SlurmExecutor(int chunk_size, SlurmSettings settings, ExecutorEvents events)
      : chunk_size_(chunk_size), settings_(std::move(settings)), events_(std::move(events)) {}

 private:
  Executed execute(const Schedulers& schedulers) const override;
  void play(PreparedRun& run, const GamePlan& plan) const;
  int chunk_size_;
  SlurmSettings settings_;
  ExecutorEvents events_;
};

}  // namespace amazes::competition
