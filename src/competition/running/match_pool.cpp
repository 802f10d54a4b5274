// Worker threads playing matches, the calling thread committing them.
#include "amazes/competition/match_pool.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "amazes/arbiter/match.hpp"
#include "amazes/arbiter/match_log.hpp"
#include "amazes/competition/stderr_notice.hpp"

namespace amazes::competition {
namespace {

// What a worker hands to the committing thread: a row whose log is on disk, a game its referee
// failed, or an error.
struct Finished {
  std::optional<MatchRow> row;
  std::optional<FailedMatch> failed;
  std::exception_ptr error;
};

class FinishedQueue {
 public:
  explicit FinishedQueue(int workers) : workers_(workers) {}
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

// At most `limit` matches are handed out and not yet committed: a worker whose finished match
// still waits for the committing thread does not take another. So the committing thread (which
// may decide to stop handing out games) is never more than `limit` games behind, however fast
// the games are.
class HandOut {
 public:
  explicit HandOut(int limit) : limit_(limit) {}
  // Waits for room for one more match; false once halted.
  bool take() {
    std::unique_lock lock(mutex_);
    room_.wait(lock, [&] { return outstanding_ < limit_ || stopped_; });
    if (stopped_) return false;
    ++outstanding_;
    return true;
  }
  void release() {
    {
      std::lock_guard lock(mutex_);
      --outstanding_;
      ++settled_;
    }
    room_.notify_all();
  }
  // How many matches were settled (committed or failed) so far.
  long settled() {
    std::lock_guard lock(mutex_);
    return settled_;
  }
  // Gives up this worker's room, then waits until a match settles after `seen` (its results may
  // decide more games: true) or nothing is left in progress, or the pool halted (false).
  bool release_and_wait_for_results(long seen) {
    std::unique_lock lock(mutex_);
    --outstanding_;
    room_.notify_all();
    room_.wait(lock, [&] { return settled_ != seen || outstanding_ == 0 || stopped_; });
    return settled_ != seen && !stopped_;
  }
  void halt() {
    {
      std::lock_guard lock(mutex_);
      stopped_ = true;
    }
    room_.notify_all();
  }
  bool halted() {
    std::lock_guard lock(mutex_);
    return stopped_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable room_;
  int outstanding_ = 0;
  long settled_ = 0;
  const int limit_;
  bool stopped_ = false;
};

void check_record(const arbiter::MatchRecord& record, const arbiter::MatchSpec& spec) {
  if (record.id != spec.id || record.players[0].name != spec.players[0].name ||
      record.players[1].name != spec.players[1].name) {
    throw std::logic_error(fmt::format("match {} came back as {} ({} vs {})", spec.id, record.id,
                                       record.players[0].name, record.players[1].name));
  }
}

// Plays the match and writes its log; the row that points to it.
MatchRow played_row(const PoolMatch& match, const PlayMatch& play, const OutputFolder& out) {
  if (match.forfeit) return *match.forfeit;
  const auto t0 = std::chrono::steady_clock::now();
  const arbiter::MatchRecord record = play(match.spec);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  check_record(record, match.spec);
  say_stderr_dropped_once(record);
  MatchRow row = match_row(record, match.round, match.maze_name, ms, utc_timestamp_now(), out.logs);
  // The log first: a row never points to a log that is not there.
  write_game_log(out.dir, row.log, record);
  return row;
}

}  // namespace

void run_match_pool(const NextMatch& next, const PlayMatch& play, const OutputFolder& out, int workers,
                    const CommitMatch& commit, const FailMatch& failed, bool results_decide_games) {
  workers = std::max(workers, 1);
  std::mutex next_mutex;  // `next` is called by one worker at a time
  HandOut hand_out(workers);
  FinishedQueue queue(workers);

  const auto work = [&] {
    while (hand_out.take()) {
      Finished finished;
      try {
        std::optional<PoolMatch> match;
        long seen = 0;
        {
          std::lock_guard lock(next_mutex);
          seen = hand_out.settled();
          if (!hand_out.halted()) match = next();
        }
        if (!match) {
          // Nothing now; a game in progress may decide more (the next Swiss round).
          if (results_decide_games && hand_out.release_and_wait_for_results(seen)) continue;
          if (!results_decide_games) hand_out.release();
          break;
        }
        try {
          finished.row = played_row(*match, play, out);
        } catch (const arbiter::RefereeFailure& failure) {
          finished.failed = FailedMatch{match->spec.id, match->round, failure.what()};
        }
      } catch (...) {
        finished.error = std::current_exception();
        hand_out.halt();
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
      if (finished->failed) {
        failed(*finished->failed);
      } else {
        commit(*finished->row, first_error != nullptr);
      }
    } catch (...) {
      // Stop handing out matches; the ones in progress still end and are committed.
      if (!first_error) first_error = std::current_exception();
      hand_out.halt();
    }
    hand_out.release();
  }
  for (auto& thread : threads) thread.join();
  if (first_error) std::rethrow_exception(first_error);
}

}  // namespace amazes::competition
