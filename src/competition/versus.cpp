// The versus loop: the missing games of undecided opponents in schedule order through the match
// pool, counted per opponent as they are committed.
#include "amazes/competition/versus.hpp"

#include <chrono>
#include <exception>
#include <map>
#include <mutex>
#include <set>

#include "amazes/competition/versus_schedule.hpp"

namespace amazes::competition {
namespace {

// Where the schedule is: pair, opponent, game (0: NEW red, 1: NEW blue).
struct Cursor {
  int pair = 1;
  std::size_t opponent = 0;
  int game = 0;
};

}  // namespace

VersusOutcome run_versus(PreparedVersus& versus, const PlayMatch& play, int jobs, const VersusHooks& hooks) {
  const auto began = std::chrono::steady_clock::now();
  const Competition& competition = versus.competition;
  const PlayerSpec& new_player = competition.players.front();
  const auto& opponents = versus.opponents;

  std::vector<OpponentTally> tallies;
  for (const auto& opponent : opponents) tallies.emplace_back(new_player.name, opponent.name, versus.pairs, versus.rule);
  std::map<std::string, std::size_t> tally_of;
  for (std::size_t k = 0; k < opponents.size(); ++k) tally_of.emplace(opponents[k].name, k);
  const auto tally_for = [&](const MatchRow& row) -> OpponentTally* {
    const auto& other = row.side[0].player == new_player.name ? row.side[1].player : row.side[0].player;
    const auto found = tally_of.find(other);
    return found == tally_of.end() ? nullptr : &tallies[found->second];
  };

  // What the store has: its games counted first, exactly as a run that played them would.
  VersusOutcome outcome;
  std::set<std::string> stored_ids;
  for (const auto& row : versus.store.matches()) {
    stored_ids.insert(row.id);
    if (OpponentTally* tally = tally_for(row)) {
      tally->add(row);
      if (row.round <= versus.pairs) ++outcome.already_played;
    }
  }
  std::set<int> stored_rounds;
  for (const auto& round : versus.store.rounds()) stored_rounds.insert(round.round);

  int most = 0;
  for (std::size_t k = 0; k < opponents.size(); ++k) {
    if (tallies[k].finished()) continue;
    for (int pair = 1; pair <= versus.pairs; ++pair) {
      most += (stored_ids.count(versus_match_id(pair, new_player.name, opponents[k].name)) == 0 ? 1 : 0) +
              (stored_ids.count(versus_match_id(pair, opponents[k].name, new_player.name)) == 0 ? 1 : 0);
    }
  }
  if (hooks.started) hooks.started(most, outcome.already_played);

  // Shared by the workers (through `next`) and this thread (through `commit`).
  std::mutex state;
  Cursor cursor;
  std::optional<VersusPair> current;     // the pair the cursor is in
  std::map<int, StoredRound> unstored;   // pairs handed out whose maze is not in the store yet

  const NextMatch next = [&]() -> std::optional<PoolMatch> {
    std::lock_guard lock(state);
    while (cursor.pair <= versus.pairs) {
      const Cursor at = cursor;
      if (++cursor.game == 2) {
        cursor.game = 0;
        if (++cursor.opponent == opponents.size()) {
          cursor.opponent = 0;
          ++cursor.pair;
        }
      }
      if (tallies[at.opponent].finished()) continue;
      const PlayerSpec& opponent = opponents[at.opponent];
      const PlayerSpec& red = at.game == 0 ? new_player : opponent;
      const PlayerSpec& blue = at.game == 0 ? opponent : new_player;
      if (stored_ids.count(versus_match_id(at.pair, red.name, blue.name)) != 0) continue;
      if (!current || current->pair != at.pair) {
        current = versus_pair(competition, versus.maze_files, at.pair);
        if (stored_rounds.count(at.pair) == 0) unstored.emplace(at.pair, current->stored_round());
      }
      return PoolMatch{versus_match_spec(competition, *current, red, blue), at.pair, current->maze_name};
    }
    return std::nullopt;
  };

  const CommitMatch commit = [&](const MatchRow& row, bool /*after_error*/) {
    if (hooks.before_commit) hooks.before_commit(row);
    std::unique_lock lock(state);
    // The pair's maze goes in first: a game's row always has its pair's maze beside it.
    if (const auto round = unstored.find(row.round); round != unstored.end()) {
      versus.store.extend({}, {round->second});
      stored_rounds.insert(row.round);
      unstored.erase(round);
    }
    versus.store.insert_match(row);
    ++outcome.played;
    OpponentTally* tally = tally_for(row);
    const int counted = tally != nullptr ? tally->add(row) : 0;
    const std::optional<OpponentReport> report =
        counted > 0 ? std::optional<OpponentReport>(tally->report()) : std::nullopt;
    lock.unlock();
    if (hooks.committed) hooks.committed(row);
    if (report && hooks.counted) hooks.counted(*report);
  };

  const int workers = std::min(std::max(jobs, 1), std::max(most, 1));
  std::exception_ptr error;
  try {
    if (most > 0) run_match_pool(next, play, versus.out, workers, commit);
  } catch (...) {
    error = std::current_exception();
  }
  outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  if (error) std::rethrow_exception(error);
  for (const auto& tally : tallies) outcome.opponents.push_back(tally.report());
  outcome.verdict = overall_verdict(outcome.opponents);
  return outcome;
}

}  // namespace amazes::competition
