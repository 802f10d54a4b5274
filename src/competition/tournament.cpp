// The tournament loop: the missing games in schedule order through the match pool.
#include "amazes/competition/tournament.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <map>
#include <optional>
#include <set>

namespace amazes::competition {

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

  // Workers take the missing games in schedule order; this thread commits them.
  std::size_t next_index = 0;
  const NextMatch next = [&]() -> std::optional<PoolMatch> {
    if (next_index >= pending.size()) return std::nullopt;
    const ScheduledMatch& match = *pending[next_index++];
    return PoolMatch{match_spec(competition, schedule, match), match.round,
                     schedule.rounds.at(static_cast<std::size_t>(match.round - 1)).name};
  };
  const CommitMatch commit = [&](const MatchRow& row, bool after_error) {
    if (hooks.before_commit) hooks.before_commit(row);
    store.insert_match(row);
    ++summary.played;
    ++done;
    if (hooks.committed) hooks.committed(row, done, summary.scheduled);
    --missing_in_round[row.round];
    // After a failure the run is ending: no more round reports.
    if (!after_error) report_complete_rounds(true);
  };
  const int workers = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(std::max(jobs, 1)), pending.size()));
  std::exception_ptr error;
  try {
    if (workers > 0) run_match_pool(next, play, out_dir, workers, commit);
  } catch (...) {
    error = std::current_exception();
  }
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  if (error) std::rethrow_exception(error);
  return summary;
}

}  // namespace amazes::competition
