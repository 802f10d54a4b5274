#include "standings_cells.hpp"

#include <string_view>

#include "amazes/game.hpp"

namespace amazes::report {

std::vector<std::string> standings_header() {
  std::vector<std::string> header = {"rank", "player", "total", "round", "games", "mean"};
  for (const auto kind : kAllFaultKinds) header.emplace_back(fault_name(kind));
  return header;
}

std::vector<std::string> standings_cells(const competition::PlayerStanding& entry) {
  std::vector<std::string> cells = {std::to_string(entry.rank),  entry.player,
                                    std::to_string(entry.total), std::to_string(entry.round_score),
                                    std::to_string(entry.games), competition::format_hundredths(entry.mean_hundredths)};
  for (const int count : entry.faults) cells.push_back(std::to_string(count));
  return cells;
}

std::string cross_cell(const competition::Standings& standings, std::size_t i, std::size_t j) {
  if (i == j) return "-";
  const auto& cell = standings.cross[i][j];
  return cell ? std::to_string(*cell) : std::string();
}

}  // namespace amazes::report
