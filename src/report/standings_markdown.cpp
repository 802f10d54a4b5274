// The standings as Markdown (GitHub tables).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "amazes/competition/stages.hpp"
#include "amazes/report/standings_tables.hpp"
#include "standings_cells.hpp"

namespace amazes::report {
namespace {

std::string row(const std::vector<std::string>& cells) { return fmt::format("| {} |\n", fmt::join(cells, " | ")); }

std::string rule(std::size_t text_columns, std::size_t columns) {
  std::vector<std::string> cells;
  for (std::size_t c = 0; c < columns; ++c) cells.emplace_back(c < text_columns ? "---" : "---:");
  return fmt::format("|{}|\n", fmt::join(cells, "|"));
}

}  // namespace

std::string standings_markdown(const StandingsReport& report) {
  const auto& standings = report.standings;
  std::string out = fmt::format("# {}\n\n{} players, {} games.{}{}\n\n", report.title, standings.table.size(),
                                standings.games, report.counts.empty() ? "" : " ", report.counts);
  const auto header = standings_header(report);
  out += row(header);
  out += rule(kTextColumns, header.size());
  for (std::size_t k = 0; k < standings.table.size(); ++k) out += row(standings_cells(report, k));
  if (report.certainty) out += fmt::format("\n{}\n", certainty_note());
  if (const auto more = more_games_note(report); !more.empty()) out += fmt::format("\n{}\n", more);
  if (const auto note = absence_note(standings); !note.empty()) out += fmt::format("\n{}\n", note);
  if (report.pairings) {
    out += fmt::format("\n## Pairings of {}\n\n", competition::round_label(report.pairings->round));
    out += row(pairing_header());
    out += rule(3, pairing_header().size());
    for (const auto& cells : pairing_cells(*report.pairings)) out += row(cells);
  }

  out += "\n## Cross table\n\nScore of each player (row) against each opponent (column).\n\n";
  std::vector<std::string> cross_header = {"player"};
  for (const auto& entry : standings.table) cross_header.push_back(entry.player);
  out += row(cross_header);
  out += rule(1, cross_header.size());
  for (std::size_t i = 0; i < standings.table.size(); ++i) {
    std::vector<std::string> cells = {standings.table[i].player};
    for (std::size_t j = 0; j < standings.table.size(); ++j) cells.push_back(cross_cell(standings, i, j));
    out += row(cells);
  }
  return out;
}

}  // namespace amazes::report
