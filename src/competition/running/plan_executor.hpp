#pragma once
// The plan executor: the games still to play written as DIR/plan.json for workers (`amazes work
// DIR --chunk I` anywhere, then `amazes collect DIR`), and nothing played here.
#include <filesystem>
#include <functional>

#include "amazes/competition/executor.hpp"

namespace amazes::competition {

// Every game `scheduler` hands out, in its order, as a plan of `chunk_size` games per chunk in
// the run's log format. What the games' rows will need is stored now: they come back through
// `amazes collect`, which no scheduler sees.
GamePlan plan_of(Scheduler& scheduler, PreparedRun& run, int chunk_size);

class PlanExecutor final : public Executor {
 public:
  PlanExecutor(int chunk_size, std::function<void(const std::filesystem::path&, const GamePlan&)> written)
      : chunk_size_(chunk_size), written_(std::move(written)) {}

 private:
  Executed execute(const Schedulers& schedulers) const override;
  int chunk_size_;
  std::function<void(const std::filesystem::path&, const GamePlan&)> written_;
};

}  // namespace amazes::competition
