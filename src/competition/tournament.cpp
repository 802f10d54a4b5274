// The tournament's scheduler: the missing games in schedule order, rounds reported complete in
// round order as their last game is committed.
#include "amazes/competition/tournament.hpp"

#include <map>
#include <set>

#include "amazes/competition/competition_driver.hpp"

namespace amazes::competition {
namespace {

class TournamentScheduler final : public Scheduler {
 public:
  TournamentScheduler(const Competition& competition, const Schedule& schedule, const ResultsStore& store,
                      const TournamentHooks& hooks)
      : competition_(competition), schedule_(schedule), hooks_(hooks) {
    const auto stored = store.match_ids();
    const std::set<std::string> played(stored.begin(), stored.end());
    for (const auto& round : schedule.rounds) missing_in_round_[round.round] = 0;
    for (const auto& match : schedule.matches) {
      if (played.count(match.id) != 0) continue;
      pending_.push_back(&match);
      ++missing_in_round_[match.round];
    }
    next_round_ = missing_in_round_.begin();
  }

  int scheduled() const { return static_cast<int>(schedule_.matches.size()); }
  int missing() const override { return static_cast<int>(pending_.size()); }

  // Rounds complete before this run, reported first with completed_now = false.
  void report_complete_rounds(bool completed_now) {
    while (next_round_ != missing_in_round_.end() && next_round_->second == 0) {
      if (hooks_.round_complete) hooks_.round_complete(next_round_->first, completed_now);
      ++next_round_;
    }
  }

  std::optional<PoolMatch> next() override {
    if (next_index_ >= pending_.size()) return std::nullopt;
    const ScheduledMatch& match = *pending_[next_index_++];
    return PoolMatch{match_spec(competition_, schedule_, match), match.round,
                     schedule_.rounds.at(static_cast<std::size_t>(match.round - 1)).name};
  }

  void committed(const MatchRow& row, bool after_error) override {
    ++done_;
    if (hooks_.committed) hooks_.committed(row, scheduled() - missing() + done_, scheduled());
    --missing_in_round_[row.round];
    if (!after_error) report_complete_rounds(true);  // after a failure the run is ending
  }

 private:
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

std::vector<PoolMatch> missing_games(const Competition& competition, const Schedule& schedule,
                                     const ResultsStore& store) {
  const TournamentHooks no_hooks;
  TournamentScheduler scheduler(competition, schedule, store, no_hooks);
  std::vector<PoolMatch> games;
  while (auto game = scheduler.next()) games.push_back(std::move(*game));
  return games;
}

TournamentSummary run_tournament(const Competition& competition, const Schedule& schedule, ResultsStore& store,
                                 const OutputFolder& out, const PlayMatch& play, int jobs,
                                 const TournamentHooks& hooks) {
  TournamentScheduler scheduler(competition, schedule, store, hooks);
  TournamentSummary summary;
  summary.scheduled = scheduler.scheduled();
  summary.already_played = summary.scheduled - scheduler.missing();
  if (hooks.started) hooks.started(summary.scheduled, summary.already_played);
  scheduler.report_complete_rounds(false);
  const DriverSummary driven = run_competition(scheduler, store, out, play, jobs, {hooks.before_commit});
  summary.played = driven.played;
  summary.seconds = driven.seconds;
  return summary;
}

}  // namespace amazes::competition
