#include "running/slurm_executor.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "running/plan_executor.hpp"
#include "running/slurm_jobs.hpp"

namespace amazes::competition {
namespace {

// The last round of each wave of job arrays. A run that decides early, from round d on (a
// versus run's sequential test), is handed out in waves of rounds 1..2d, then 1..4d, 1..8d, … up
// to the last, each stored before the next is planned: an opponent decided at pair p gets no
// array task beyond the wave that holds p, at most twice the pairs it needed (a local run wastes
// only the games in progress). Any other run goes in one wave.
std::vector<int> waves(const Schedulers& schedulers) {
  const int rounds = schedulers.rounds;
  const auto from = schedulers.decides_from;
  std::vector<int> lasts;
  for (int last = from ? std::min(rounds, 2 * std::max(*from, 1)) : rounds;; last = std::min(rounds, 2 * last)) {
    lasts.push_back(last);
    if (last >= rounds) return lasts;
  }
}

}  // namespace

Executed SlurmExecutor::execute(const Schedulers& schedulers) const {
  PreparedRun& run = schedulers.run;
  const auto began = std::chrono::steady_clock::now();
  const std::size_t before = run.store.match_ids().size();
  // A killed coordinator's array still in the queue plays the plan it was given: followed first.
  if (slurm_job_in_queue(run.out)) play(run, read_game_plan(run.out));
  for (const int last : waves(schedulers)) {
    // A round that waits for results is planned once the wave before it is stored: a wave per
    // such round, until a wave has nothing new.
    while (true) {
      const auto scheduler = schedulers.scheduler(last, false);
      const GamePlan plan = plan_of(*scheduler, run, chunk_size_);
      play(run, plan);
      if (!plan.games.empty() && events_.wave_stored) events_.wave_stored();
      if (!schedulers.decide_ready_rounds || !schedulers.decide_ready_rounds()) break;
    }
  }
  if (events_.stored) events_.stored();
  return {.played = static_cast<int>(run.store.match_ids().size() - before),
          .failed = {},
          .seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count(),
          .handed_out = false};
}

void SlurmExecutor::play(PreparedRun& run, const GamePlan& plan) const {
  // Written even when empty (it then says that nothing is left), and a followed job's again,
  // unchanged: `amazes collect DIR` always finds the plan of the last wave.
  write_game_plan(run.out, plan);
  if (plan.games.empty()) return;
  int shown = -1;
  play_plan_on_slurm(run.out, plan, run.store, settings_, [&](const SlurmProgress& progress) {
    if (events_.polled) events_.polled(progress);
    if (progress.stored != shown && events_.stored) events_.stored();
    shown = progress.stored;
  });
}

}  // namespace amazes::competition
