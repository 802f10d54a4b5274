#pragma once
// The cells of the standings and cross tables, shared by every output format so that they
// all say the same thing.
#include <string>
#include <vector>

#include "amazes/competition/standings.hpp"
#include "amazes/report/standings_tables.hpp"

namespace amazes::report {

// rank, player, total, round, one column per tie-break, games, mean, crash, timeout, illegal,
// too_long, unsolicited, no_output; with the certainty: rating, rating_low, rating_high, ranks, sure_ahead.
std::vector<std::string> standings_header(const StandingsReport& report);
std::vector<std::string> standings_cells(const StandingsReport& report, std::size_t k);

// What the certainty columns mean, one line under the table.
std::string certainty_note();

// What more games would settle, one line under the table: for the first places that are not
// surely ahead of the next, about how many more pairings between the two would tell them apart
// (rank_certainty.hpp); empty when every place is sure or there is no certainty.
std::string more_games_note(const StandingsReport& report);

// The players that no longer play, one line under the table: "Excluded: x (N games in a row
// crashed or timed out). Withdrawn: y. Their games since are forfeits, lost with 0."; empty
// when there are none.
std::string absence_note(const competition::Standings& standings);

// The pairing table's header and rows (a bye last).
std::vector<std::string> pairing_header();
std::vector<std::vector<std::string>> pairing_cells(const PairingTable& table);
// The number of leading columns that hold text (the rest are numbers).
inline constexpr std::size_t kTextColumns = 2;

// Cell (i, j) of the cross table: the score, "" when the players have not met, "-" on the diagonal.
std::string cross_cell(const competition::Standings& standings, std::size_t i, std::size_t j);

}  // namespace amazes::report
