// The standings as plain text, as printed on the terminal.
#include <fmt/format.h>

#include "amazes/report/standings_tables.hpp"
#include "standings_cells.hpp"
#include "text_table.hpp"

namespace amazes::report {

std::string standings_text(const StandingsReport& report) {
  const auto& standings = report.standings;
  std::string out = fmt::format("{}: {} players, {} games\n\n", report.title, standings.table.size(), standings.games);

  std::vector<TextTable::Align> align(standings_header().size(), TextTable::Align::Right);
  align[1] = TextTable::Align::Left;
  TextTable table(standings_header(), align);
  for (const auto& entry : standings.table) table.add_row(standings_cells(entry));
  out += table.render();

  // The cross table numbers its columns by table position, so that it stays narrow.
  out += "\nScore of each player (row) against each opponent (column):\n";
  std::vector<std::string> header = {"", "player"};
  for (std::size_t j = 0; j < standings.table.size(); ++j) header.push_back(std::to_string(j + 1));
  std::vector<TextTable::Align> cross_align(header.size(), TextTable::Align::Right);
  cross_align[1] = TextTable::Align::Left;
  TextTable cross(header, cross_align);
  for (std::size_t i = 0; i < standings.table.size(); ++i) {
    std::vector<std::string> cells = {std::to_string(i + 1), standings.table[i].player};
    for (std::size_t j = 0; j < standings.table.size(); ++j) cells.push_back(cross_cell(standings, i, j));
    cross.add_row(std::move(cells));
  }
  out += cross.render();
  return out;
}

}  // namespace amazes::report
