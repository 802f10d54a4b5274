#pragma once
// The cells of the standings and cross tables, shared by every output format so that they
// all say the same thing.
#include <string>
#include <vector>

#include "amazes/competition/standings.hpp"

namespace amazes::report {

// rank, player, total, round, games, mean, crash, timeout, illegal, too_long, unsolicited.
std::vector<std::string> standings_header();
std::vector<std::string> standings_cells(const competition::PlayerStanding& entry);
// The number of leading columns that hold text (the rest are numbers).
inline constexpr std::size_t kTextColumns = 2;

// Cell (i, j) of the cross table: the score, "" when the players have not met, "-" on the diagonal.
std::string cross_cell(const competition::Standings& standings, std::size_t i, std::size_t j);

}  // namespace amazes::report
