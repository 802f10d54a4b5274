#pragma once
// Plays what is missing of a tournament: every scheduled match without a row in the store, in
// schedule order, through an executor (executor.hpp). Played here, workers play a match and
// write its log (atomically); the calling thread alone writes the store, one transaction per
// match, after the log is on disk. Results are keyed by match id, never by completion order, so
// -j 1 and -j N give the same store.
#include <functional>
#include <limits>
#include <string>

#include "amazes/competition/executor.hpp"
#include "amazes/competition/match_row.hpp"
#include "amazes/competition/prepared_run.hpp"

namespace amazes::competition {

// Observers of a run played here (the local executor), all called on the thread that called
// run_tournament but `handed_out`. An exception from one stops the tournament like a failed
// match does.
struct TournamentHooks {
  // A game is handed to a worker to be played (not a forfeit): called on that worker's thread.
  std::function<void(const std::string& id)> handed_out;
  // Before the first match: games in total once every round is decided, and how many the store
  // already has.
  std::function<void(int total, int already_played)> started;
  // A match ended and its log is on disk; its row is about to be committed.
  std::function<void(const MatchRow&)> before_commit;
  // A match's row is committed; `done` counts every game in the store, this run's and earlier.
  std::function<void(const MatchRow&, int done, int total)> committed;
  // Round `round` and every round before it are complete, in round order. Rounds complete
  // before this run are reported first, with completed_now = false.
  std::function<void(int round, bool completed_now)> round_complete;
  // The game's referee failed it: nothing is stored (its round stays incomplete), the run goes on.
  std::function<void(const FailedMatch&)> failed;
};

struct TournamentSummary {
  int scheduled = 0;  // once every round is decided
  int already_played = 0;
  int played = 0;                   // by this run
  std::vector<FailedMatch> failed;  // games their referee failed in this run: missing still
  double seconds = 0.0;
  bool handed_out = false;  // the executor only handed the games to workers (a plan)
};

// A `last` that takes every round of a tournament, however many its results decide.
inline constexpr int kEveryRound = std::numeric_limits<int>::max();

// Games of the first `last` rounds in play order once all are decided, as each round's format
// counts them (src/competition/formats/), before any result (an adaptive final: its first round).
int planned_games(const Competition& competition, int last);
// The same as far as the results in `state` tell (a Swiss stage pairs only the players still
// playing, player_policy.hpp; an adaptive final has the rounds decided so far and the next).
int planned_games(const Competition& competition, const PairingState& state, int last);
// Every round of the competition in play order as far as `state` tells: the first stage's, then
// the final's (an adaptive final's: those decided and the next, until it ends).
std::vector<int> rounds_in_play_order(const Competition& competition, const PairingState& state);
// Adds to the run's schedule the setups of the rounds `state` lists that it lacks, and stores
// them (an adaptive final's next round, once the round before it is decided).
void schedule_listed_rounds(PreparedRun& run, const PairingState& state);
// Some rounds are decided only once a round before is complete (a Swiss stage, a final).
bool rounds_wait_for_results(const Competition& competition);
// Decides what the results in `state` allow of `rounds` (in play order), applied to `state`.
std::vector<RoundDecision> decide_rounds(const Competition& competition, PairingState& state,
                                         const std::vector<int>& rounds);
// Adds to `schedule` the games of every round of `rounds` decided in `state` that it lacks.
void add_decided_games(const Competition& competition, const PairingState& state, const std::vector<int>& rounds,
                       Schedule& schedule);

// Decides and stores what the store's results allow, and schedules the games: true when a
// round was decided.
bool decide_stored_rounds(PreparedRun& run);

// Throws what the executor threw (a failed match after letting the matches in progress finish
// and committing them, the store, Slurm); everything committed before stays valid for a resume.
TournamentSummary run_tournament(PreparedRun& run, const Executor& executor, const TournamentHooks& hooks = {});

}  // namespace amazes::competition
