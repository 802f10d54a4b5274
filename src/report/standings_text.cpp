// The standings as plain text, as printed on the terminal.
#include <fmt/format.h>

#include "amazes/competition/stages.hpp"
#include "amazes/report/standings_tables.hpp"
#include "standings_cells.hpp"
#include "text_table.hpp"

namespace amazes::report {

std::string standings_text(const StandingsReport& report) {
  const auto& standings = report.standings;
  std::string out = fmt::format("{}: {} players, {} games\n", report.title, standings.table.size(), standings.games);
  out += report.counts.empty() ? "\n" : report.counts + "\n\n";

  const auto header = standings_header(report);
  std::vector<TextTable::Align> align(header.size(), TextTable::Align::Right);
  align[1] = TextTable::Align::Left;
  TextTable table(header, align);
  for (std::size_t k = 0; k < standings.table.size(); ++k) table.add_row(standings_cells(report, k));
  out += table.render();
  if (report.certainty) out += fmt::format("{}\n", certainty_note());
  if (const auto more = more_games_note(report); !more.empty()) out += more + "\n";
  if (const auto note = absence_note(standings); !note.empty()) out += note + "\n";
  if (report.pairings) {
    out += fmt::format("\nPairings of {}:\n", competition::round_label(report.pairings->round));
    std::vector<TextTable::Align> pairing_align(pairing_header().size(), TextTable::Align::Right);
    pairing_align[1] = pairing_align[2] = TextTable::Align::Left;
    TextTable pairings(pairing_header(), pairing_align);
    for (auto& cells : pairing_cells(*report.pairings)) pairings.add_row(std::move(cells));
    out += pairings.render();
  }

  // The cross table numbers its columns by table position, so that it stays narrow.
  out += "\nScore of each player (row) against each opponent (column):\n";
  std::vector<std::string> cross_header = {"", "player"};
  for (std::size_t j = 0; j < standings.table.size(); ++j) cross_header.push_back(std::to_string(j + 1));
  std::vector<TextTable::Align> cross_align(cross_header.size(), TextTable::Align::Right);
  cross_align[1] = TextTable::Align::Left;
  TextTable cross(cross_header, cross_align);
  for (std::size_t i = 0; i < standings.table.size(); ++i) {
    std::vector<std::string> cells = {std::to_string(i + 1), standings.table[i].player};
    for (std::size_t j = 0; j < standings.table.size(); ++j) cells.push_back(cross_cell(standings, i, j));
    cross.add_row(std::move(cells));
  }
  out += cross.render();
  return out;
}

}  // namespace amazes::report
