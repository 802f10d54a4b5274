// The versus run: the missing games of undecided opponents in schedule order, handed to an
// executor, counted per opponent as they are committed.
#include "amazes/competition/versus.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <optional>
#include <set>

#include "amazes/competition/competition_driver.hpp"
#include "amazes/competition/game_setups.hpp"
#include "amazes/competition/pairing.hpp"
#include "amazes/competition/schedule.hpp"
#include "amazes/competition/stats_sprt.hpp"
#include "amazes/competition/tournament.hpp"
#include "formats/gauntlet.hpp"

namespace amazes::competition {
namespace {

// Where the schedule is: the pair, and the next of its games in the gauntlet's order.
struct Cursor {
  int pair = 1;
  std::size_t game = 0;
};

// The versus scheduler: the games of undecided opponents in schedule order, each committed game
// counted for its opponent, whose sequential test may stop handing out its games.
class VersusScheduler final : public Scheduler {
 public:
  // Hands out the games of pairs 1..last_pair.
  VersusScheduler(const PreparedRun& run, const VersusHooks& hooks, int last_pair)
      : run_(run),
        last_pair_(last_pair),
        hooks_(hooks),
        new_player_(run.competition.players.front()),
        tallies_(new_player_.name, player_names(run.versus.opponents), run.versus.pairs, run.versus.rule),
        gauntlet_(run.competition, player_names(run.versus.opponents)) {
    // What the store has: its games counted first, exactly as a run that played them would.
    for (const auto& row : run.store.matches()) {
      stored_ids_.insert(row.id);
      if (OpponentTally* tally = tallies_.tally_for(row)) {
        tally->add(row);
        if (row.round <= run.versus.pairs) ++already_played_;
      }
    }
    for (const auto& round : run.store.rounds()) stored_rounds_.insert(round.round);
    for (int pair = 1; pair <= last_pair; ++pair) {
      for (const auto& game : gauntlet_.games_of(gauntlet_.pairings(pair))) {
        if (!tallies_[game.pairing].finished() && stored_ids_.count(game.id) == 0) ++missing_;
      }
    }
  }

  int missing() const override { return missing_; }
  int already_played() const { return already_played_; }

  void started() override {
    if (hooks_.started) hooks_.started(missing_, already_played_);
  }

  std::optional<PoolMatch> next() override {
    std::lock_guard lock(state_);
    while (cursor_.pair <= last_pair_) {
      if (cursor_games_.empty()) cursor_games_ = gauntlet_.games_of(gauntlet_.pairings(cursor_.pair));
      if (cursor_.game == cursor_games_.size()) {
        cursor_ = {cursor_.pair + 1, 0};
        cursor_games_.clear();
        continue;
      }
      const std::size_t at = cursor_.game++;
      const PairedGame& game = cursor_games_[at];
      // The gauntlet's pairing k is NEW against opponent k.
      if (tallies_[game.pairing].finished() || stored_ids_.count(game.id) != 0) continue;
      if (!current_ || current_->rounds.front().round != cursor_.pair) {
        current_ = pair_schedule(cursor_.pair);
        if (stored_rounds_.count(cursor_.pair) == 0)
          unstored_.emplace(cursor_.pair, stored_round(current_->rounds.front()));
      }
      // The pair's schedule holds the same games in the same order (add_round_games).
      const ScheduledMatch& match = current_->matches.at(at);
      return PoolMatch{match_spec(run_.competition, *current_, match), cursor_.pair, current_->rounds.front().name,
                       std::nullopt};
    }
    return std::nullopt;
  }

  // The pair's maze goes in first: a game's row always has its pair's maze beside it.
  void before_insert(ResultsStore& store, const MatchRow& row) override {
    if (hooks_.before_commit) hooks_.before_commit(row);
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

  void failed(const FailedMatch& match) override {
    if (hooks_.failed) hooks_.failed(match);
  }

  std::vector<OpponentReport> reports() const { return tallies_.reports(); }

  // The mazes of the pairs handed out that the store does not have yet, stored now.
  void handed_out_elsewhere(ResultsStore& store) override {
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
  // Pair p's setup and the games of every opponent of this run, as the one schedule makes them.
  Schedule pair_schedule(int pair) const {
    Schedule schedule;
    schedule.game = run_.versus.game;
    schedule.rounds.push_back(run_.versus.game->round(pair, pair));
    add_round_games(run_.competition, schedule, gauntlet_.pairings(pair));
    return schedule;
  }

  const PreparedRun& run_;
  int last_pair_;
  const VersusHooks& hooks_;
  const PlayerSpec& new_player_;
  VersusTallies tallies_;
  std::set<std::string> stored_ids_;
  std::set<int> stored_rounds_;
  int already_played_ = 0;  // games of this run's opponents in the store, pairs 1..pairs
  int missing_ = 0;
  // Shared by the workers (next) and the committing thread (before_insert, committed).
  std::mutex state_;
  GauntletStage gauntlet_;  // this run's opponents
  Cursor cursor_;
  std::vector<PairedGame> cursor_games_;  // the games of the cursor's pair
  std::optional<Schedule> current_;       // the pair the cursor is in
  std::map<int, StoredRound> unstored_;   // pairs handed out whose maze is not in the store yet
};

}  // namespace

VersusOutcome run_versus(PreparedRun& run, const Executor& executor, const VersusHooks& hooks) {
  const int pairs = run.versus.pairs;
  const Schedulers schedulers{
      .run = run,
      .rounds = pairs,
      .decides_from = run.versus.rule.sprt ? std::optional<int>(stats::kSprtMinPairs) : std::nullopt,
      .scheduler =
          [&](int last, bool /*decides*/) {
            return std::make_unique<VersusScheduler>(run, hooks, std::clamp(last, 0, pairs));
          },
      .rounds_wait_for_results = rounds_wait_for_results(run.competition),  // a gauntlet's: never
      .decide_ready_rounds = nullptr};
  const Executed executed = executor.run(schedulers);
  if (executed.handed_out) {
    VersusOutcome nothing_counted;
    nothing_counted.handed_out = true;
    return nothing_counted;
  }
  // Counted from the store, whichever executor stored the games: tallies count in pair order,
  // whatever order the games came in.
  VersusOutcome outcome = versus_outcome_in_store(run);
  outcome.already_played -= executed.played;  // those found stored, not this run's
  outcome.played = executed.played;
  outcome.failed = executed.failed;
  outcome.seconds = executed.seconds;
  return outcome;
}

VersusOutcome versus_outcome_in_store(const PreparedRun& run) {
  const VersusHooks none;
  const VersusScheduler counted(run, none, 0);  // counts the stored games, hands out none
  VersusOutcome outcome;
  outcome.opponents = counted.reports();
  outcome.verdict = overall_verdict(outcome.opponents);
  outcome.already_played = counted.already_played();
  return outcome;
}

}  // namespace amazes::competition
