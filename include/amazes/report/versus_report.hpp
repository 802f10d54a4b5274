#pragma once
// What `amazes versus` prints and writes: a table per run on stdout, the JSON of docs/formats.md
// ("amazes versus JSON") for --json FILE, and one progress line per counted pair.
#include <cstdint>
#include <string>
#include <vector>

#include "amazes/competition/results_store.hpp"
#include "amazes/competition/versus_stats.hpp"

namespace amazes::report {

struct VersusReport {
  std::string new_player;
  int max_pairs = 0;  // --games
  std::uint64_t seed = 0;
  std::string out;  // the output directory
  competition::VersusRule rule;
  std::vector<competition::OpponentReport> opponents;
  competition::VersusVerdict verdict = competition::VersusVerdict::Undecided;
};

// A heading, one row per opponent and a line per opponent saying how it was decided, then the
// verdict, with `amazes versus`'s exit status for it unless `with_exit_status` is false (collect).
std::string versus_text(const VersusReport& report, bool with_exit_status = true);

// The docs/formats.md fields (new, opponents[].name, pairs, new_mean, old_mean, diff_mean, diff_sd,
// ci95, wins, draws, losses, faults.new/old by kind, sprt) plus format, verdict, max_pairs, seed,
// margin and per opponent new_points_mean, old_points_mean, games and verdict. Numbers are rounded
// to 4 decimals; means are null without pairs, diff_sd and ci95 with fewer than 2.
std::string versus_json(const VersusReport& report);

// The report of the versus run stored in `store` (of output directory `out`) as its last run
// asked it (competition/versus_question.hpp): what `versus --report` and `collect` print.
// Throws StoreError when the store is damaged.
VersusReport stored_versus_report(const competition::ResultsStore& store, const std::string& out);

// "random: 12 pairs, diff +44.4 [+28.1, +60.7], LLR 1.84 (-2.94, 2.94)".
std::string versus_progress_line(const competition::OpponentReport& opponent);

}  // namespace amazes::report
