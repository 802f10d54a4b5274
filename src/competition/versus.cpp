// The versus run: the missing games of undecided opponents in schedule order through the
// competition driver, counted per opponent as they are committed.
#include "amazes/competition/versus.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <optional>
#include <set>

#include "amazes/competition/competition_driver.hpp"
#include "amazes/competition/versus_schedule.hpp"

namespace amazes::competition {
namespace {

// Where the schedule is: pair, opponent, game (0: NEW red, 1: NEW blue).
struct Cursor {
  int pair = 1;
  std::size_t opponent = 0;
  int game = 0;
};

// The versus scheduler: the games of undecided opponents in schedule order, each committed game
// counted for its opponent, whose sequential test may stop handing out its games.
class VersusScheduler final : public Scheduler {
 public:
  // Hands out the games of pairs 1..last_pair.
  VersusScheduler(PreparedVersus& versus, const VersusHooks& hooks, VersusOutcome& outcome, int last_pair)
      : versus_(versus),
        last_pair_(last_pair),
        hooks_(hooks),
        new_player_(versus.competition.players.front()),
        tallies_(new_player_.name, player_names(versus.opponents), versus.pairs, versus.rule) {
    const auto& opponents = versus.opponents;
    // What the store has: its games counted first, exactly as a run that played them would.
    for (const auto& row : versus.store.matches()) {
      stored_ids_.insert(row.id);
      if (OpponentTally* tally = tallies_.tally_for(row)) {
        tally->add(row);
        if (row.round <= versus.pairs) ++outcome.already_played;
      }
    }
    for (const auto& round : versus.store.rounds()) stored_rounds_.insert(round.round);
    for (std::size_t k = 0; k < opponents.size(); ++k) {
      if (tallies_[k].finished()) continue;
      for (int pair = 1; pair <= last_pair; ++pair) {
        missing_ += (stored_ids_.count(versus_match_id(pair, new_player_.name, opponents[k].name)) == 0 ? 1 : 0) +
                    (stored_ids_.count(versus_match_id(pair, opponents[k].name, new_player_.name)) == 0 ? 1 : 0);
      }
    }
  }

  int missing() const override { return missing_; }

  std::optional<PoolMatch> next() override {
    std::lock_guard lock(state_);
    const auto& opponents = versus_.opponents;
    while (cursor_.pair <= last_pair_) {
      const Cursor at = cursor_;
      if (++cursor_.game == 2) {
        cursor_.game = 0;
        if (++cursor_.opponent == opponents.size()) {
          cursor_.opponent = 0;
          ++cursor_.pair;
        }
      }
      if (tallies_[at.opponent].finished()) continue;
      const PlayerSpec& opponent = opponents[at.opponent];
      const PlayerSpec& red = at.game == 0 ? new_player_ : opponent;
      const PlayerSpec& blue = at.game == 0 ? opponent : new_player_;
      if (stored_ids_.count(versus_match_id(at.pair, red.name, blue.name)) != 0) continue;
      if (!current_ || current_->pair != at.pair) {
        current_ = versus_pair(versus_.competition, versus_.maze_files, at.pair);
        if (stored_rounds_.count(at.pair) == 0) unstored_.emplace(at.pair, current_->stored_round());
      }
      return PoolMatch{versus_match_spec(versus_.competition, *current_, red, blue), at.pair, current_->maze_name};
    }
    return std::nullopt;
  }

  // The pair's maze goes in first: a game's row always has its pair's maze beside it.
  void before_insert(ResultsStore& store, const MatchRow& row) override {
    std::lock_guard lock(state_);
    if (const auto round = unstored_.find(row.round); round != unstored_.end()) {
      store.extend({}, {round->second});
      stored_rounds_.insert(row.round);
      unstored_.erase(round);
    }
  }

  void committed(const MatchRow& row, bool /*after_error*/) override {
    std::unique_lock lock(state_);
    OpponentTally* tally = tallies_.tally_for(row);
    const int counted = tally != nullptr ? tally->add(row) : 0;
    const std::optional<OpponentReport> report =
        counted > 0 ? std::optional<OpponentReport>(tally->report()) : std::nullopt;
    lock.unlock();
    if (hooks_.committed) hooks_.committed(row);
    if (report && hooks_.counted) hooks_.counted(*report);
  }

  std::vector<OpponentReport> reports() const { return tallies_.reports(); }

  // The mazes of the pairs handed out that the store does not have yet, stored now.
  void store_handed_out_pairs(ResultsStore& store) {
    std::lock_guard lock(state_);
    std::vector<StoredRound> rounds;
    for (auto& [pair, round] : unstored_) {
      rounds.push_back(std::move(round));
      stored_rounds_.insert(pair);
    }
    unstored_.clear();
    if (!rounds.empty()) store.extend({}, rounds);
  }

 private:
  PreparedVersus& versus_;
  int last_pair_;
  const VersusHooks& hooks_;
  const PlayerSpec& new_player_;
  VersusTallies tallies_;
  std::set<std::string> stored_ids_;
  std::set<int> stored_rounds_;
  int missing_ = 0;
  // Shared by the workers (next) and the committing thread (before_insert, committed).
  std::mutex state_;
  Cursor cursor_;
  std::optional<VersusPair> current_;    // the pair the cursor is in
  std::map<int, StoredRound> unstored_;  // pairs handed out whose maze is not in the store yet
};

}  // namespace

VersusOutcome run_versus(PreparedVersus& versus, const PlayMatch& play, int jobs, const VersusHooks& hooks) {
  VersusOutcome outcome;
  VersusScheduler scheduler(versus, hooks, outcome, versus.pairs);
  if (hooks.started) hooks.started(scheduler.missing(), outcome.already_played);
  const DriverSummary driven =
      run_competition(scheduler, versus.store, {versus.out, versus.log_format}, play, jobs, {hooks.before_commit});
  outcome.played = driven.played;
  outcome.seconds = driven.seconds;
  outcome.opponents = scheduler.reports();
  outcome.verdict = overall_verdict(outcome.opponents);
  return outcome;
}

std::vector<PoolMatch> versus_games_to_play(PreparedVersus& versus, int last_pair) {
  VersusOutcome unused;
  const VersusHooks none;
  VersusScheduler scheduler(versus, none, unused, std::clamp(last_pair, 0, versus.pairs));
  std::vector<PoolMatch> games;
  while (auto game = scheduler.next()) games.push_back(std::move(*game));
  scheduler.store_handed_out_pairs(versus.store);
  return games;
}

VersusOutcome versus_outcome_in_store(PreparedVersus& versus) {
  VersusOutcome outcome;
  const VersusHooks none;
  const VersusScheduler counted(versus, none, outcome, 0);  // counts the stored games, hands out none
  outcome.opponents = counted.reports();
  outcome.verdict = overall_verdict(outcome.opponents);
  return outcome;
}

}  // namespace amazes::competition
