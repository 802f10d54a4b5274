// The tournament's scheduler: the missing games of the decided rounds in schedule order; a
// round that waits for results (Swiss, the final) decided as soon as the round before it is
// complete, its games then handed out too; rounds reported complete in play order.
#include "amazes/competition/tournament.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <mutex>
#include <set>

#include "amazes/competition/competition_driver.hpp"
#include "amazes/competition/player_policy.hpp"
#include "formats/stage.hpp"

namespace amazes::competition {
namespace {

// The first `last` rounds in play order (the final's after the first stage's), as far as the
// decisions in `state` tell.
std::vector<int> rounds_up_to(const Competition& competition, const PairingState& state, int last) {
  auto rounds = StageSequence(competition).rounds(state);
  if (static_cast<int>(rounds.size()) > last) rounds.resize(static_cast<std::size_t>(std::max(last, 0)));
  return rounds;
}

class TournamentScheduler final : public Scheduler {
 public:
  // Hands out the missing games of the first `last` rounds in play order.
  TournamentScheduler(PreparedRun& run, const TournamentHooks& hooks, int last, bool decides)
      : run_(run),
        hooks_(hooks),
        decides_(decides && rounds_wait_for_results(run.competition)),
        state_(pairing_state(run.store)),
        presence_(run.competition.policy, player_names(run.competition.players)),
        last_(last) {
    list_rounds();
    for (const auto& row : state_.rows) {
      presence_.stored(row);
      played_.insert(row.id);
      if (missing_in_round_.count(row.round) != 0) ++stored_;
    }
    for (const auto& match : run_.schedule.matches) take(match);
    planned_ = planned_games(run.competition, state_, last);
  }

  int missing() const override { return planned_ - stored_; }
  // An exclusion waits for the games that decide it: a worker that finds only such games waits
  // for results like one waiting for the next Swiss round.
  bool results_decide_games() const override { return decides_ || run_.competition.policy.exclude_after > 0; }

  // Rounds complete before this run are reported first, with completed_now = false.
  void started() override {
    if (hooks_.started) hooks_.started(planned_, planned_ - missing());
    report_complete_rounds(false);
  }

  // The first pending game whose players' presence is known: played when both are there, else
  // handed out as a forfeit (its row only).
  std::optional<PoolMatch> next() override {
    std::lock_guard lock(mutex_);
    for (auto it = pending_.begin(); it != pending_.end(); ++it) {
      const std::array<std::string, 2> players = {run_.competition.players[static_cast<std::size_t>(it->red)].name,
                                                  run_.competition.players[static_cast<std::size_t>(it->blue)].name};
      const std::array<Presence, 2> presence = {presence_.presence(players[0], it->round),
                                                presence_.presence(players[1], it->round)};
      if (presence[0] == Presence::Unknown || presence[1] == Presence::Unknown) continue;
      const ScheduledMatch match = *it;
      pending_.erase(it);
      PoolMatch pool{match_spec(run_.competition, run_.schedule, match), match.round,
                     run_.schedule.setup_of(match.round).name, std::nullopt};
      const std::array<std::string, 2> absent = {absence_exit(presence[0]), absence_exit(presence[1])};
      if (!absent[0].empty() || !absent[1].empty()) {
        pool.forfeit = forfeit_row(match.id, match.round, pool.maze_name, players,
                                   {match.starts.value_or(Starts{}).red, match.starts.value_or(Starts{}).blue},
                                   match.seed, absent, utc_timestamp_now());
      } else if (hooks_.handed_out) {
        hooks_.handed_out(match.id);
      }
      return pool;
    }
    return std::nullopt;
  }

  void before_insert(ResultsStore& /*store*/, const MatchRow& row) override {
    if (hooks_.before_commit) hooks_.before_commit(row);
  }

  void committed(const MatchRow& row, bool after_error) override {
    {
      std::lock_guard lock(mutex_);
      presence_.stored(row);
    }
    ++stored_;
    if (hooks_.committed) hooks_.committed(row, stored_, planned_);
    --missing_in_round_[row.round];
    state_.rows.push_back(row);
    if (after_error) return;  // after a failure the run is ending
    // Only a round's last game can let the next round be decided.
    if (decides_ && missing_in_round_[row.round] == 0) decide_ready_rounds();
    report_complete_rounds(true);
  }

  void failed(const FailedMatch& match) override {
    if (hooks_.failed) hooks_.failed(match);
  }

 private:
  // A scheduled game of one of this scheduler's rounds: pending when not stored.
  void take(const ScheduledMatch& match) {
    {
      std::lock_guard lock(mutex_);
      presence_.scheduled(match.id, match.round, run_.competition.players[static_cast<std::size_t>(match.red)].name,
                          run_.competition.players[static_cast<std::size_t>(match.blue)].name);
    }
    const auto round = missing_in_round_.find(match.round);
    if (round == missing_in_round_.end()) return;
    decided_.insert(match.round);
    if (played_.count(match.id) != 0) return;
    std::lock_guard lock(mutex_);
    pending_.push_back(match);
    ++round->second;
  }

  // The rounds handed out as far as the decisions tell (an adaptive final's grow as it goes).
  void list_rounds() {
    rounds_ = rounds_up_to(run_.competition, state_, last_);
    for (const int round : rounds_) missing_in_round_.try_emplace(round, 0);
  }

  // Decides every round whose results are in, stores the decision and schedules its games.
  void decide_ready_rounds() {
    const std::size_t before = run_.schedule.matches.size();
    for (const auto& decision : decide_rounds(run_.competition, state_, rounds_)) {
      save_decision(run_.store, decision);
    }
    list_rounds();
    schedule_listed_rounds(run_, state_);
    add_decided_games(run_.competition, state_, rounds_, run_.schedule);
    for (std::size_t k = before; k < run_.schedule.matches.size(); ++k) take(run_.schedule.matches[k]);
    planned_ = planned_games(run_.competition, state_, last_);
  }

  // Rounds in play order, each once it is decided and all its games are stored.
  void report_complete_rounds(bool completed_now) {
    for (auto next = missing_in_round_.upper_bound(reported_); next != missing_in_round_.end(); ++next) {
      if (next->second != 0 || decided_.count(next->first) == 0) break;
      if (hooks_.round_complete) hooks_.round_complete(next->first, completed_now);
      reported_ = next->first;
    }
  }

  PreparedRun& run_;
  const TournamentHooks& hooks_;
  // Decides the rounds that wait for results as they come in (played here, a Swiss stage or a
  // final); else hands out what is decided.
  const bool decides_;
  PairingState state_;  // the committing thread's, like what follows
  // Who plays each round (player_policy.hpp); under mutex_, as the workers ask it (next).
  PresenceTracker presence_;
  const int last_;           // the rounds handed out: the first last_ in play order
  std::vector<int> rounds_;  // those rounds as far as the decisions tell
  std::set<std::string> played_;
  std::set<int> decided_;
  std::map<int, int> missing_in_round_;  // in play order: round numbers sort so
  int reported_ = 0;                     // the last round reported complete
  int planned_ = 0;                      // their games once all are decided, as far as the results tell
  int stored_ = 0;                       // games of these rounds in the store
  std::mutex mutex_;                     // pending_ and presence_ are shared with the workers (next)
  std::deque<ScheduledMatch> pending_;
};

}  // namespace

// Each round's games as its stage counts them.
int planned_games(const Competition& competition, int last) {
  const StageSequence stages(competition);
  int games = 0;
  for (const int round : rounds_up_to(competition, PairingState{}, last)) {
    games += stages.of_round(round).planned_games(round);
  }
  return games;
}

int planned_games(const Competition& competition, const PairingState& state, int last) {
  const StageSequence stages(competition);
  int games = 0;
  for (const int round : rounds_up_to(competition, state, last)) games += stages.of_round(round).games(state, round);
  return games;
}

std::vector<int> rounds_in_play_order(const Competition& competition, const PairingState& state) {
  return StageSequence(competition).rounds(state);
}

void schedule_listed_rounds(PreparedRun& run, const PairingState& state) {
  std::vector<StoredRound> added;
  for (const auto& setup : add_round_setups(run.competition, state, run.schedule)) added.push_back(stored_round(setup));
  if (!added.empty()) run.store.extend({}, added);
}

bool rounds_wait_for_results(const Competition& competition) { return StageSequence(competition).waits_for_results(); }

std::vector<RoundDecision> decide_rounds(const Competition& competition, PairingState& state,
                                         const std::vector<int>& rounds) {
  std::vector<RoundDecision> decisions;
  for (const int round : rounds) {
    if (auto decision = decide_round(competition, state, round)) {
      apply_decision(*decision, state);
      decisions.push_back(std::move(*decision));
    }
  }
  return decisions;
}

void add_decided_games(const Competition& competition, const PairingState& state, const std::vector<int>& rounds,
                       Schedule& schedule) {
  std::set<int> scheduled;
  for (const auto& match : schedule.matches) scheduled.insert(match.round);
  for (const int round : rounds) {
    if (scheduled.count(round) != 0) continue;
    if (const auto pairings = decided_pairings(competition, state, round))
      add_round_games(competition, schedule, *pairings);
  }
}

bool decide_stored_rounds(PreparedRun& run) {
  PairingState state = pairing_state(run.store);
  const auto decisions = decide_rounds(run.competition, state, rounds_in_play_order(run.competition, state));
  for (const auto& decision : decisions) save_decision(run.store, decision);
  schedule_listed_rounds(run, state);
  add_decided_games(run.competition, state, rounds_in_play_order(run.competition, state), run.schedule);
  return !decisions.empty();
}

TournamentSummary run_tournament(PreparedRun& run, const Executor& executor, const TournamentHooks& hooks) {
  const bool waits = rounds_wait_for_results(run.competition);
  const Schedulers schedulers{
      .run = run,
      .rounds = kEveryRound,
      .decides_from = std::nullopt,
      .scheduler = [&](int last,
                       bool decides) { return std::make_unique<TournamentScheduler>(run, hooks, last, decides); },
      .rounds_wait_for_results = waits,
      .decide_ready_rounds = waits ? std::function<bool()>([&run] { return decide_stored_rounds(run); }) : nullptr};
  const Executed executed = executor.run(schedulers);
  TournamentSummary summary;
  summary.scheduled = planned_games(run.competition, pairing_state(run.store), kEveryRound);
  summary.already_played = static_cast<int>(run.store.match_ids().size()) - executed.played;
  summary.played = executed.played;
  summary.failed = executed.failed;
  summary.seconds = executed.seconds;
  summary.handed_out = executed.handed_out;
  return summary;
}

}  // namespace amazes::competition
