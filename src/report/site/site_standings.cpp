// A standings page of the contest site (standings/round-NN.html, standings/final.html): the
// same cells as standings.txt (standings_cells.hpp), in the site's frame, with headers in words
// and every contestant and game linked to its page.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "../html_escape.hpp"
#include "../standings_cells.hpp"
#include "amazes/competition/stages.hpp"
#include "site_state.hpp"

namespace amazes::report::site {
namespace {

// A column of the standings files as a reader says it; a tie-break on a referee's value keeps
// its name.
std::string column_words(const std::string& column) {
  static const std::map<std::string, std::string, std::less<>> kWords = {{"rank", "place"},
                                                                         {"player", "contestant"},
                                                                         {"total", "total"},
                                                                         {"round", "this round"},
                                                                         {"games", "games"},
                                                                         {"mean", "mean a game"},
                                                                         {"crash", "crashed"},
                                                                         {"timeout", "timed out"},
                                                                         {"illegal", "illegal"},
                                                                         {"too_long", "line too long"},
                                                                         {"unsolicited", "wrote unasked"},
                                                                         {"no_output", "no output"},
                                                                         {"rating", "rating (Elo)"},
                                                                         {"rating_low", "rating from"},
                                                                         {"rating_high", "rating to"},
                                                                         {"ranks", "places (95 %)"},
                                                                         {"sure_ahead", "surely ahead of the next"},
                                                                         {"faults", "faults"},
                                                                         {"buchholz", "Buchholz"},
                                                                         {"sonneborn_berger", "Sonneborn-Berger"},
                                                                         {"head_to_head", "head-to-head"},
                                                                         {"wins", "wins"},
                                                                         {"board", "board"},
                                                                         {"first", "first"},
                                                                         {"second", "second"},
                                                                         {"first_points", "first's points"},
                                                                         {"second_points", "second's points"},
                                                                         {"result", "result"}};
  const auto found = kWords.find(column);
  return found == kWords.end() ? column : found->second;
}

// The certainty columns' note, in the headers' words.
std::string certainty_words() {
  return "rating: a Bradley-Terry rating made from each pairing's result, in Elo, with its 95 % interval (from, to); "
         "places: the places it may hold at 95 % (each contestant's own); surely ahead of the next: ahead of the next "
         "contestant, every yes of the table holding together at 95 %.";
}

// A contestant linked from standings/; a bye's missing opponent is no one.
std::string contestant(const std::string& name) { return name.empty() ? "" : player_link(name, 1); }

std::string header_row(const std::vector<std::string>& columns) {
  std::string row = "<tr>";
  for (const auto& column : columns) row += fmt::format("<th>{}</th>", escape_html(column_words(column)));
  return row + "</tr>\n";
}

std::string standings_table(const StandingsReport& report) {
  std::string out = "<div class=\"scroll\"><table>\n" + header_row(standings_header(report));
  for (std::size_t k = 0; k < report.standings.table.size(); ++k) {
    const auto cells = standings_cells(report, k);
    out += "<tr>";
    for (std::size_t c = 0; c < cells.size(); ++c) {
      out += c == 1 ? "<td>" + contestant(cells[c]) + "</td>"
                    : fmt::format("<td class=\"num\">{}</td>", escape_html(cells[c]));
    }
    out += "</tr>\n";
  }
  return out + "</table></div>\n";
}

std::string pairings_table(const PairingTable& table) {
  std::string out = fmt::format("<h2>Pairings of {}</h2>\n<div class=\"scroll\"><table>\n",
                                escape_html(competition::round_label(table.round)));
  out += header_row(pairing_header());
  for (const auto& cells : pairing_cells(table)) {
    out += fmt::format(
        "<tr><td class=\"num\">{}</td><td>{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
        "<td>{}</td></tr>\n",
        escape_html(cells[0]), contestant(cells[1]), contestant(cells[2]), escape_html(cells[3]), escape_html(cells[4]),
        escape_html(cells[5]));
  }
  return out + "</table></div>\n";
}

// A cross table has a cell per two contestants: beyond this many it is a page of megabytes that
// nobody reads (4 million cells at 2,000), and each contestant's page lists their games instead.
constexpr std::size_t kCrossTableContestants = 100;

std::string cross_table(const competition::Standings& standings) {
  if (standings.table.size() > kCrossTableContestants) {
    return fmt::format(
        "<h2>Cross table</h2>\n<p class=\"note\">Not shown for more than {} contestants: each contestant's page "
        "lists their games and results.</p>\n",
        kCrossTableContestants);
  }
  std::string out =
      "<h2>Cross table</h2>\n<p class=\"note\">What each contestant (row) scored against each opponent "
      "(column, by place).</p>\n<div class=\"scroll\"><table>\n<tr><th>contestant</th>";
  for (std::size_t j = 0; j < standings.table.size(); ++j) out += fmt::format("<th class=\"num\">{}</th>", j + 1);
  out += "</tr>\n";
  for (std::size_t i = 0; i < standings.table.size(); ++i) {
    out += fmt::format("<tr><td>{}. {}</td>", i + 1, contestant(standings.table[i].player));
    for (std::size_t j = 0; j < standings.table.size(); ++j) {
      out += fmt::format("<td class=\"num\">{}</td>", escape_html(cross_cell(standings, i, j)));
    }
    out += "</tr>\n";
  }
  return out + "</table></div>\n";
}

// The games of the table's last round (every game so far made each round's page grow with the
// contest: 10,000 rows after five rounds of 2,000); the schedule lists every game.
std::string games_table(const SiteState& state, const StandingsReport& report) {
  int last = 0;
  for (const auto& row : report.matches) last = std::max(last, row.round);
  std::string out = fmt::format(
      "<h2>Games of {}</h2>\n<p class=\"note\">Every game: <a href=\"../schedule.html\">the schedule</a>.</p>\n"
      "<div class=\"scroll\"><table>\n<tr><th>game</th><th>round</th><th>{}</th><th class=\"num\">score</th>"
      "<th>{}</th><th>faults</th></tr>\n",
      escape_html(competition::round_label(last)), escape_html(state.competition.settings.game.side_name(0)),
      escape_html(state.competition.settings.game.side_name(1)));
  for (const auto& row : report.matches) {
    if (row.round != last) continue;
    std::string faults;
    for (const auto& side : row.side) {
      if (!side.fault) continue;
      faults += fmt::format("{}{} {}", faults.empty() ? "" : "; ", side.player, fault_name(*side.fault));
    }
    if (row.status == competition::kForfeitStatus) faults = "a forfeit: not played";
    out += fmt::format(
        "<tr><td><a href=\"../{}\">{}</a></td><td>{}</td><td>{}</td><td class=\"num\">{}&ndash;{}</td><td>{}</td>"
        "<td class=\"fault\">{}</td></tr>\n",
        escape_html(game_file(row.id)), escape_html(row.id), escape_html(competition::round_label(row.round)),
        contestant(row.side[0].player), row.side[0].score, row.side[1].score, contestant(row.side[1].player),
        escape_html(faults));
  }
  return out + "</table></div>\n";
}

}  // namespace

std::string site_standings_page(const SiteState& state, const StandingsReport& report) {
  std::string body = fmt::format("<h1>{}</h1>\n<p>{} contestants, {} games.</p>\n", escape_html(report.title),
                                 report.standings.table.size(), report.standings.games);
  if (!report.counts.empty()) body += fmt::format("<p class=\"note\">{}</p>\n", escape_html(report.counts));
  body += standings_table(report);
  if (report.certainty) body += fmt::format("<p class=\"note\">{}</p>\n", escape_html(certainty_words()));
  if (const auto more = more_games_note(report); !more.empty()) {
    body += fmt::format("<p class=\"note\">{}</p>\n", escape_html(more));
  }
  if (const auto note = absence_note(report.standings); !note.empty()) {
    body += fmt::format("<p class=\"note\">{}</p>\n", escape_html(note));
  }
  if (report.pairings) body += pairings_table(*report.pairings);
  body += cross_table(report.standings);
  body += games_table(state, report);
  return page(state, report.title, 1, false, body);
}

}  // namespace amazes::report::site
