// The tournament loop: a pool of workers playing matches, one thread committing results.
#include "amazes/competition/tournament.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "amazes/arbiter/match_log.hpp"

namespace amazes::competition {
namespace {

// What a worker hands to the committing thread: a row whose log is on disk, or an error.
struct Finished {
  std::optional<MatchRow> row;
  std::exception_ptr error;
};

class FinishedQueue {
 public:
  void push(Finished item) {
    {
      std::lock_guard lock(mutex_);
      items_.push_back(std::move(item));
    }
    ready_.notify_one();
  }
  void worker_done() {
    {
      std::lock_guard lock(mutex_);
      --workers_;
    }
    ready_.notify_one();
  }
  void set_workers(int n) { workers_ = n; }
  // The next item; nothing once every worker has finished and everything was taken.
  std::optional<Finished> pop() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return !items_.empty() || workers_ == 0; });
    if (items_.empty()) return std::nullopt;
    Finished item = std::move(items_.front());
    items_.pop_front();
    return item;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Finished> items_;
  int workers_ = 0;
};

void check_record(const arbiter::MatchRecord& record, const arbiter::MatchSpec& spec) {
  if (record.id != spec.id || record.players[0].name != spec.players[0].name ||
      record.players[1].name != spec.players[1].name) {
    throw std::logic_error(fmt::format("match {} came back as {} ({} vs {})", spec.id, record.id,
                                       record.players[0].name, record.players[1].name));
  }
}

}  // namespace

TournamentSummary run_tournament(const Competition& competition, const Schedule& schedule, ResultsStore& store,
                                 const std::filesystem::path& out_dir, const PlayMatch& play, int jobs,
                                 const TournamentHooks& hooks) {
  const auto began = std::chrono::steady_clock::now();
  const auto stored = store.match_ids();
  const std::set<std::string> played(stored.begin(), stored.end());

  // What is missing, in schedule order; and per round how many games are still to come.
  std::vector<const ScheduledMatch*> pending;
  std::map<int, int> missing_in_round;
  for (const auto& round : schedule.rounds) missing_in_round[round.round] = 0;
  for (const auto& match : schedule.matches) {
    if (played.count(match.id) == 0) {
      pending.push_back(&match);
      ++missing_in_round[match.round];
    }
  }

  TournamentSummary summary;
  summary.scheduled = static_cast<int>(schedule.matches.size());
  summary.already_played = summary.scheduled - static_cast<int>(pending.size());
  int done = summary.already_played;
  if (hooks.started) hooks.started(summary.scheduled, summary.already_played);

  auto next_round = missing_in_round.begin();
  const auto report_complete_rounds = [&](bool completed_now) {
    while (next_round != missing_in_round.end() && next_round->second == 0) {
      if (hooks.round_complete) hooks.round_complete(next_round->first, completed_now);
      ++next_round;
    }
  };
  report_complete_rounds(false);

  std::atomic<std::size_t> next_index{0};
  std::atomic<bool> stop{false};
  FinishedQueue queue;
  const int workers = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(std::max(jobs, 1)), pending.size()));
  queue.set_workers(workers);

  const auto work = [&] {
    while (!stop.load()) {
      const std::size_t i = next_index.fetch_add(1);
      if (i >= pending.size()) break;
      const ScheduledMatch& match = *pending[i];
      Finished finished;
      try {
        const auto spec = match_spec(competition, schedule, match);
        const auto t0 = std::chrono::steady_clock::now();
        const arbiter::MatchRecord record = play(spec);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        check_record(record, spec);
        MatchRow row = match_row(record, match.round, schedule.rounds.at(static_cast<std::size_t>(match.round - 1)).name,
                                 ms, utc_timestamp_now());
        // The log first: a row never points to a log that is not there.
        arbiter::write_match_log(out_dir / row.log, record);
        finished.row = std::move(row);
      } catch (...) {
        finished.error = std::current_exception();
        stop = true;
      }
      queue.push(std::move(finished));
    }
    queue.worker_done();
  };

  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(workers));
  for (int w = 0; w < workers; ++w) threads.emplace_back(work);

  std::exception_ptr first_error;
  while (auto finished = queue.pop()) {
    try {
      if (finished->error) std::rethrow_exception(finished->error);
      const MatchRow& row = *finished->row;
      if (hooks.before_commit) hooks.before_commit(row);
      store.insert_match(row);
      ++summary.played;
      ++done;
      if (hooks.committed) hooks.committed(row, done, summary.scheduled);
      --missing_in_round[row.round];
      if (!first_error) report_complete_rounds(true);
    } catch (...) {
      // Stop handing out matches; the ones in progress still end and are committed.
      if (!first_error) first_error = std::current_exception();
      stop = true;
    }
  }
  for (auto& thread : threads) thread.join();
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  if (first_error) std::rethrow_exception(first_error);
  return summary;
}

}  // namespace amazes::competition
