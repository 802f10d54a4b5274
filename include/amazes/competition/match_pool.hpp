#pragma once
// The engine under tournaments and versus runs: a pool of worker threads playing matches and
// writing their logs, and one committing thread (the caller's) that sees every finished match.
// Workers take the next match from a source the caller supplies, so the caller can stop
// handing out games while the pool runs (a decided sequential test); the caller alone writes
// the results store, one transaction per match, after the match's log is on disk.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "amazes/arbiter/match.hpp"
#include "amazes/competition/match_row.hpp"

namespace amazes::competition {

// Plays one match to its end (arbiter::run_match in the judge; a fake in tests). Called from
// worker threads, several at once.
using PlayMatch = std::function<arbiter::MatchRecord(const arbiter::MatchSpec&)>;

// A match to play and where its row belongs.
struct PoolMatch {
  arbiter::MatchSpec spec;
  int round = 0;          // the round (tournament) or pair (versus) of the row
  std::string maze_name;  // the row's maze name
  // A game not to be played (player_policy.hpp): its row, stored as it is; no log is written.
  std::optional<MatchRow> forfeit;
};

// The next match to play; nothing when there is none left (the worker then ends). Called from
// the worker threads, one call at a time.
using NextMatch = std::function<std::optional<PoolMatch>()>;

// A finished match: its log is on disk. Called on the thread that called run_match_pool, one
// match at a time, in the order the matches finished. `after_error`: an earlier match, log or
// commit failed, and this is one of the matches that were in progress then.
using CommitMatch = std::function<void(const MatchRow& row, bool after_error)>;

// A game its referee failed (arbiter::RefereeFailure): it has no result and nothing of it is
// stored, so the same command run again plays it again.
struct FailedMatch {
  std::string id;
  int round = 0;
  std::string what;  // one line naming the referee and what it did
};
// Called on the committing thread, like CommitMatch, for each game its referee failed.
using FailMatch = std::function<void(const FailedMatch& failed)>;

// Where a competition's games go: the output folder, and the format of the match logs that are
// written to its matches/ (the rows name each log, so a folder may hold both formats).
struct OutputFolder {
  OutputFolder(std::filesystem::path folder,
               arbiter::LogFormat log_format = arbiter::LogFormat::Json)  // NOLINT: a path is a folder
      : dir(std::move(folder)), logs(log_format) {}
  std::filesystem::path dir;
  arbiter::LogFormat logs;
};

// Plays matches from `next` with `workers` threads (at least 1) until `next` has nothing left,
// writing each match's log to out.dir/<row.log> (in the format out.logs) before handing the row to `commit`. At most
// `workers` matches are handed out and not yet committed at any time: a worker waits for the
// committing thread to catch up before it takes another match.
// A game whose referee fails goes to `failed`, and the others go on. When `next`, `play`
// (otherwise), writing a log, `commit` or `failed` throws, no further match is handed out; the
// matches in progress still end and are committed; then the first exception is rethrown.
// `results_decide_games`: a game's result may give `next` more games (a Swiss round decided once
// the round before is complete), so a worker that `next` gave nothing waits while others still
// play and asks again after each game is committed or failed; it ends once nothing is in progress.
void run_match_pool(const NextMatch& next, const PlayMatch& play, const OutputFolder& out, int workers,
                    const CommitMatch& commit, const FailMatch& failed, bool results_decide_games = false);

}  // namespace amazes::competition
