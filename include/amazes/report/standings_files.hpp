#pragma once
// The standings files of a tournament output directory (docs/formats.md): round-NN/standings.* after
// each round (cumulative) and standings.* for the whole competition, each written atomically
// and always computed from the results store (the HTML also links the replays found beside the
// logs), so `amazes standings DIR` rebuilds them exactly.
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "amazes/competition/match_row.hpp"
#include "amazes/competition/pairing.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/report/standings_tables.hpp"

namespace amazes::report {

// What the standings are computed from.
struct StoreSnapshot {
  std::vector<std::string> players;  // in order of entry
  int rounds = 0;                    // of the first stage
  std::vector<competition::MatchRow> matches;
  competition::Competition competition;  // its stages and ranking rules
  competition::PairingState pairing;     // the decided Swiss rounds and the finalists
};
StoreSnapshot read_snapshot(const competition::ResultsStore& store);

// "round-01", "final-round-01"
std::string round_directory_name(int round);

// The games of rounds 1..round in schedule order (round, then pair, red-first game first).
std::vector<competition::MatchRow> games_up_to(const StoreSnapshot& snapshot, int round);

StandingsReport round_report(const StoreSnapshot& snapshot, int round);
StandingsReport final_report(const StoreSnapshot& snapshot);

// standings.{txt,md,csv,html} in `dir` (created when missing).
void write_standings_files(const std::filesystem::path& dir, const StandingsReport& report);

// Writes out_dir/round-NN/standings.* and returns what it wrote.
StandingsReport write_round_standings(const std::filesystem::path& out_dir, const StoreSnapshot& snapshot, int round);
// Writes out_dir/standings.* and returns what it wrote.
StandingsReport write_final_standings(const std::filesystem::path& out_dir, const StoreSnapshot& snapshot);

// A tournament's round_complete hook (competition/tournament.hpp) that writes a round's
// standings from the store as the round completes, then hands them to `written` (the command
// line prints them). Rounds complete before the run are rewritten too: the run may follow a
// crash.
using RoundWritten = std::function<void(const StandingsReport& report, bool completed_now)>;
std::function<void(int round, bool completed_now)> round_standings_writer(const std::filesystem::path& out_dir,
                                                                          const competition::ResultsStore& store,
                                                                          RoundWritten written = {});

// The standings of the whole competition so far, read from DIR/results.sqlite; writes nothing.
StandingsReport current_standings(const std::filesystem::path& out_dir);

// `amazes standings DIR`: reads DIR/results.sqlite (read-only), writes the standings of every
// complete round and of the whole competition, returns the latter, handing each round's to
// `written` (completed_now false) as it goes. Throws StoreError.
StandingsReport rebuild_standings(const std::filesystem::path& out_dir, const RoundWritten& written = {});

}  // namespace amazes::report
