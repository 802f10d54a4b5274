#include "running/plan_executor.hpp"

#include <spdlog/spdlog.h>

namespace amazes::competition {

GamePlan plan_of(Scheduler& scheduler, PreparedRun& run, int chunk_size) {
  GamePlan plan;
  plan.chunk_size = chunk_size;
  plan.log_format = run.log_format;
  while (auto game = scheduler.next()) {
    plan.games.push_back({std::move(game->spec), game->round, std::move(game->maze_name)});
  }
  scheduler.handed_out_elsewhere(run.store);
  return plan;
}

Executed PlanExecutor::execute(const Schedulers& schedulers) const {
  // Workers cannot stop at a decision, so the plan holds every round (pair) up to the last; a
  // sequential test still decides at the same pair, as pairs are counted in order. Only a versus
  // run decides early, hence its words.
  PreparedRun& run = schedulers.run;
  if (schedulers.decides_from) {
    spdlog::info(
        "the plan holds every pair up to --games: workers cannot stop at a decision (the test still "
        "decides at the same pair; --executor slurm plays in waves and stops)");
  }
  if (schedulers.rounds_wait_for_results) {
    spdlog::info(
        "the plan holds the rounds decided so far: once its games are collected (`amazes collect`), the same "
        "command plans the rounds their results decide");
  }
  const auto scheduler = schedulers.scheduler(schedulers.rounds, false);
  const GamePlan plan = plan_of(*scheduler, run, chunk_size_);
  write_game_plan(run.out, plan);
  if (written_) written_(run.out, plan);
  return {.played = 0, .failed = {}, .seconds = 0.0, .handed_out = true};
}

}  // namespace amazes::competition
