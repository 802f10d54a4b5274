// The tournament's scheduler: the missing games in schedule order, rounds reported complete in
// round order as their last game is committed.
#include "amazes/competition/tournament.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "amazes/competition/competition_driver.hpp"

namespace amazes::competition {
namespace {

class TournamentScheduler final : public Scheduler {
 public:
  // Hands out the missing games of rounds 1..last_round.
  TournamentScheduler(const PreparedRun& run, const TournamentHooks& hooks, int last_round)
      : competition_(run.competition), schedule_(run.schedule), hooks_(hooks) {
    const auto stored = run.store.match_ids();
    const std::set<std::string> played(stored.begin(), stored.end());
    for (const auto& round : schedule_.rounds) {
      if (round.round <= last_round) missing_in_round_[round.round] = 0;
    }
    for (const auto& match : schedule_.matches) {
      if (played.count(match.id) != 0 || match.round > last_round) continue;
      pending_.push_back(&match);
      ++missing_in_round_[match.round];
    }
    next_round_ = missing_in_round_.begin();
  }

  int missing() const override { return static_cast<int>(pending_.size()); }

  // Rounds complete before this run are reported first, with completed_now = false.
  void started() override {
    if (hooks_.started) hooks_.started(scheduled(), scheduled() - missing());
    report_complete_rounds(false);
  }

  std::optional<PoolMatch> next() override {
    if (next_index_ >= pending_.size()) return std::nullopt;
    const ScheduledMatch& match = *pending_[next_index_++];
    return PoolMatch{match_spec(competition_, schedule_, match), match.round,
                     schedule_.rounds.at(static_cast<std::size_t>(match.round - 1)).name};
  }

  void before_insert(ResultsStore& /*store*/, const MatchRow& row) override {
    if (hooks_.before_commit) hooks_.before_commit(row);
  }

  void committed(const MatchRow& row, bool after_error) override {
    ++done_;
    if (hooks_.committed) hooks_.committed(row, scheduled() - missing() + done_, scheduled());
    --missing_in_round_[row.round];
    if (!after_error) report_complete_rounds(true);  // after a failure the run is ending
  }

  void failed(const FailedMatch& match) override {
    if (hooks_.failed) hooks_.failed(match);
  }

 private:
  int scheduled() const { return static_cast<int>(schedule_.matches.size()); }

  void report_complete_rounds(bool completed_now) {
    while (next_round_ != missing_in_round_.end() && next_round_->second == 0) {
      if (hooks_.round_complete) hooks_.round_complete(next_round_->first, completed_now);
      ++next_round_;
    }
  }

  const Competition& competition_;
  const Schedule& schedule_;
  const TournamentHooks& hooks_;
  std::vector<const ScheduledMatch*> pending_;  // what is missing, in schedule order
  std::size_t next_index_ = 0;                  // the workers' (next)
  std::map<int, int> missing_in_round_;         // the committing thread's, like what follows
  std::map<int, int>::iterator next_round_;
  int done_ = 0;
};

}  // namespace

TournamentSummary run_tournament(PreparedRun& run, const Executor& executor, const TournamentHooks& hooks) {
  const Schedulers schedulers{run, run.competition.rounds, std::nullopt,
                              [&](int last) { return std::make_unique<TournamentScheduler>(run, hooks, last); }};
  const Executed executed = executor.run(schedulers);
  TournamentSummary summary;
  summary.scheduled = static_cast<int>(run.schedule.matches.size());
  // Those this run found stored (workers' games it collected first included): the schedule's
  // games in the store now, but for the ones it stored.
  summary.already_played =
      summary.scheduled - TournamentScheduler(run, {}, run.competition.rounds).missing() - executed.played;
  summary.played = executed.played;
  summary.failed = executed.failed;
  summary.seconds = executed.seconds;
  summary.handed_out = executed.handed_out;
  return summary;
}

}  // namespace amazes::competition
