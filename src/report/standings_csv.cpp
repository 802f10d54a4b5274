// The standings as CSV: the columns of docs/formats.md first, then points and the cross table.
// Player names never need quoting (competition/players.hpp restricts them).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "amazes/report/standings_tables.hpp"
#include "standings_cells.hpp"

namespace amazes::report {

std::string standings_csv(const StandingsReport& report) {
  const auto& standings = report.standings;
  auto header = standings_header(report);
  header.emplace_back("points");
  for (const auto& entry : standings.table) header.push_back("vs_" + entry.player);
  std::string out = fmt::format("{}\n", fmt::join(header, ","));
  for (std::size_t i = 0; i < standings.table.size(); ++i) {
    auto cells = standings_cells(report, i);
    cells.push_back(std::to_string(standings.table[i].points));
    for (std::size_t j = 0; j < standings.table.size(); ++j) cells.push_back(i == j ? "" : cross_cell(standings, i, j));
    out += fmt::format("{}\n", fmt::join(cells, ","));
  }
  return out;
}

std::string pairings_csv(const PairingTable& table) {
  std::string out = fmt::format("{}\n", fmt::join(pairing_header(), ","));
  for (const auto& cells : pairing_cells(table)) out += fmt::format("{}\n", fmt::join(cells, ","));
  return out;
}

}  // namespace amazes::report
