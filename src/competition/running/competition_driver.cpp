#include "amazes/competition/competition_driver.hpp"

#include <algorithm>
#include <chrono>
#include <exception>

namespace amazes::competition {

DriverSummary run_competition(Scheduler& scheduler, ResultsStore& store, const OutputFolder& out, const PlayMatch& play,
                              int jobs) {
  scheduler.started();
  const auto began = std::chrono::steady_clock::now();
  DriverSummary summary;
  const NextMatch next = [&] { return scheduler.next(); };
  const CommitMatch commit = [&](const MatchRow& row, bool after_error) {
    scheduler.before_insert(store, row);
    store.insert_match(row);
    ++summary.played;
    scheduler.committed(row, after_error);
  };
  const FailMatch failed = [&](const FailedMatch& match) {
    summary.failed.push_back(match);
    scheduler.failed(match);
  };
  const int workers = std::min(std::max(jobs, 1), scheduler.missing());
  std::exception_ptr error;
  try {
    if (workers > 0) run_match_pool(next, play, out, workers, commit, failed, scheduler.results_decide_games());
  } catch (...) {
    error = std::current_exception();
  }
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  if (error) std::rethrow_exception(error);
  return summary;
}

}  // namespace amazes::competition
