// The standings as one self-contained HTML page: the table, the cross table and every game
// counted, each linked to its replay when it has one, else to its match log.
#include <fmt/format.h>

#include "amazes/competition/player_policy.hpp"
#include "amazes/competition/stages.hpp"
#include "amazes/report/replay_page.hpp"
#include "amazes/report/standings_tables.hpp"
#include "html_escape.hpp"
#include "standings_cells.hpp"

namespace amazes::report {
namespace {

constexpr const char* kStyle = R"css(
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
@media (max-width: 600px) { body { margin: 0.75em; } }
.scroll { overflow-x: auto; margin: 1em 0 2em; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
th { background: #f0f0f0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.fault { color: #b00; }
)css";

std::string side_text(const competition::MatchSide& side) {
  std::string text = fmt::format("{} ({})", side.score, side.points);
  if (side.fault) text += fmt::format(" {}", fault_name(*side.fault));
  if (side.fault_turn) text += fmt::format(" @{}", *side.fault_turn);  // a referee's fault may come without
  if (side.exit == competition::kExcludedExit || side.exit == competition::kWithdrawnExit) text += " " + side.exit;
  return text;
}

}  // namespace

std::string standings_html(const StandingsReport& report) {
  const auto& standings = report.standings;
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += fmt::format("<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n", escape_html(report.title), kStyle);
  out += report.html_header;
  out +=
      fmt::format("<h1>{}</h1>\n<p>{} players, {} games.{}{}</p>\n", escape_html(report.title), standings.table.size(),
                  standings.games, report.counts.empty() ? "" : " ", escape_html(report.counts));

  out += "<div class=\"scroll\"><table class=\"standings\">\n<tr>";
  for (const auto& name : standings_header(report)) out += fmt::format("<th>{}</th>", escape_html(name));
  out += "</tr>\n";
  for (std::size_t k = 0; k < standings.table.size(); ++k) {
    out += "<tr>";
    const auto cells = standings_cells(report, k);
    for (std::size_t c = 0; c < cells.size(); ++c) {
      out += c < kTextColumns && c > 0 ? fmt::format("<td>{}</td>", escape_html(cells[c]))
                                       : fmt::format("<td class=\"num\">{}</td>", escape_html(cells[c]));
    }
    out += "</tr>\n";
  }
  out += "</table></div>\n";
  if (report.certainty) out += fmt::format("<p>{}</p>\n", escape_html(certainty_note()));
  if (const auto more = more_games_note(report); !more.empty()) out += fmt::format("<p>{}</p>\n", escape_html(more));
  if (const auto note = absence_note(standings); !note.empty()) out += fmt::format("<p>{}</p>\n", escape_html(note));
  if (report.pairings) {
    out += fmt::format("<h2>Pairings of {}</h2>\n<div class=\"scroll\"><table class=\"pairings\">\n<tr>",
                       escape_html(competition::round_label(report.pairings->round)));
    for (const auto& name : pairing_header()) out += fmt::format("<th>{}</th>", escape_html(name));
    out += "</tr>\n";
    for (const auto& cells : pairing_cells(*report.pairings)) {
      out += "<tr>";
      for (std::size_t c = 0; c < cells.size(); ++c) {
        // The board and the points are numbers; the players and the result are words.
        const bool number = c == 0 || c == 3 || c == 4;
        out += fmt::format("<td{}>{}</td>", number ? " class=\"num\"" : "", escape_html(cells[c]));
      }
      out += "</tr>\n";
    }
    out += "</table></div>\n";
  }

  out += "<h2>Cross table</h2>\n<p>Score of each player (row) against each opponent (column).</p>\n";
  out += "<div class=\"scroll\"><table class=\"cross\">\n<tr><th>player</th>";
  for (const auto& entry : standings.table) out += fmt::format("<th>{}</th>", escape_html(entry.player));
  out += "</tr>\n";
  for (std::size_t i = 0; i < standings.table.size(); ++i) {
    out += fmt::format("<tr><th>{}</th>", escape_html(standings.table[i].player));
    for (std::size_t j = 0; j < standings.table.size(); ++j) {
      out += fmt::format("<td class=\"num\">{}</td>", escape_html(cross_cell(standings, i, j)));
    }
    out += "</tr>\n";
  }
  out += "</table></div>\n";

  out += "<h2>Games</h2>\n<p>Score (points) of each colour; a fault with the turn it happened on.";
  if (!report.replays.empty()) out += " A match links to its replay when it has one, else to its log.";
  out += "</p>\n";
  out +=
      "<div class=\"scroll\"><table class=\"games\">\n<tr><th>round</th><th>match</th><th>maze</th><th>red</th><th>red "
      "score</th>"
      "<th>blue</th><th>blue score</th><th>end</th></tr>\n";
  for (const auto& row : report.matches) {
    const std::string link = report.replays.count(row.id) != 0U ? replay_path_for(row.log).string() : row.log;
    const auto side_class = [](const competition::MatchSide& side) { return side.fault ? "num fault" : "num"; };
    // A forfeit has no log to link to.
    const std::string match_cell =
        row.log.empty()
            ? escape_html(row.id)
            : fmt::format("<a href=\"{}\">{}</a>", escape_html(report.log_prefix + link), escape_html(row.id));
    out += fmt::format(
        "<tr><td class=\"num\">{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"{}\">{}</td>"
        "<td>{}</td><td class=\"{}\">{}</td><td>{}</td></tr>\n",
        row.round, match_cell, escape_html(row.maze), escape_html(row.side[0].player), side_class(row.side[0]),
        escape_html(side_text(row.side[0])), escape_html(row.side[1].player), side_class(row.side[1]),
        escape_html(side_text(row.side[1])),
        row.status == competition::kForfeitStatus ? "forfeit"
        : row.end == GameEnd::SuddenDeath         ? "sudden death"
                                                  : "normal");
  }
  out += "</table></div>\n</body>\n</html>\n";
  return out;
}

}  // namespace amazes::report
