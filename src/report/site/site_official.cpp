// The official standings on the site's pages: the winner and podium on the index, the whole
// order on the Standings page, each contestant's place on its page. They are the table the
// judge wrote last (standings.txt's), never a sum the site makes of its own.
#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "../html_escape.hpp"
#include "../standings_cells.hpp"
#include "site_state.hpp"

namespace amazes::report::site {
namespace {

std::string cell(const std::vector<std::string>& header, const std::vector<std::string>& cells, const char* column) {
  const auto at = std::find(header.begin(), header.end(), column);
  return at == header.end() ? std::string() : cells.at(static_cast<std::size_t>(at - header.begin()));
}

// Every place's row, or the top `places` places' (ties included).
std::string places_table(const SiteStandings& official, int depth, int places) {
  const bool certainty = !official.places.empty() && !official.places.front().ranks.empty();
  std::string out =
      "<div class=\"scroll\"><table>\n<tr><th class=\"num\">place</th><th>contestant</th><th class=\"num\">total</th>"
      "<th class=\"num\">games</th>";
  if (certainty) out += "<th class=\"num\">places it may hold (95 %)</th><th>surely ahead of the next</th>";
  out += "</tr>\n";
  for (const auto& place : official.places) {
    if (places > 0 && place.rank > places) break;
    out += fmt::format("<tr><td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>",
                       place.rank, player_link(place.player, depth), place.total, place.games);
    if (certainty) {
      const std::string sure = place.sure_ahead == "yes" ? "yes" : place.sure_ahead == "no" ? "not yet" : "";
      out += fmt::format("<td class=\"num\">{}</td><td>{}</td>", escape_html(place.ranks), sure);
    }
    out += "</tr>\n";
  }
  return out + "</table></div>\n";
}

bool complete(const SiteState& state) {
  return !state.running && state.official && state.official->final && state.planned > 0 &&
         state.played >= state.planned;
}

}  // namespace

const SitePlace* SiteStandings::place_of(const std::string& player) const {
  const auto found = std::find_if(places.begin(), places.end(), [&](const SitePlace& p) { return p.player == player; });
  return found == places.end() ? nullptr : &*found;
}

SiteStandings site_standings(const StandingsReport& report, std::string page, bool final) {
  SiteStandings official{.title = report.title, .counts = report.counts, .page = std::move(page), .final = final};
  const auto header = standings_header(report);
  for (std::size_t k = 0; k < report.standings.table.size(); ++k) {
    const auto& entry = report.standings.table[k];
    const auto cells = standings_cells(report, k);
    official.places.push_back({.rank = entry.rank,
                               .player = entry.player,
                               .total = entry.total,
                               .games = entry.games,
                               .ranks = cell(header, cells, "ranks"),
                               .sure_ahead = cell(header, cells, "sure_ahead")});
  }
  return official;
}

std::string podium_block(const SiteState& state) {
  if (!state.official || state.official->places.empty()) return "";
  const SiteStandings& official = *state.official;
  std::string out;
  if (complete(state)) {
    std::vector<std::string> winners;
    for (const auto& place : official.places) {
      if (place.rank == 1) winners.push_back(player_link(place.player, 0));
    }
    out += fmt::format("<p class=\"winner\">Winner: {}</p>\n", fmt::join(winners, " and "));
    out += "<h2>Podium</h2>\n";
  } else {
    out += fmt::format("<h2>Leaders</h2>\n<p>{}. The contest is not over: places may still change.</p>\n",
                       escape_html(official.title));
  }
  out += places_table(official, 0, 3);
  out += fmt::format("<p class=\"note\">{} Every place: <a href=\"standings.html\">Standings</a>.</p>\n",
                     escape_html(official.counts));
  return out;
}

std::string official_block(const SiteState& state) {
  if (!state.official) return "";
  const SiteStandings& official = *state.official;
  std::string out = fmt::format("<h2>{}</h2>\n", escape_html(official.title));
  if (!complete(state) && official.final) out += "<p>The contest is not over: places may still change.</p>\n";
  if (!official.final) out += "<p>The latest complete round's table; the contest is not over.</p>\n";
  out += fmt::format("<p class=\"note\">{}</p>\n", escape_html(official.counts));
  out += places_table(official, 0, 0);
  out += fmt::format("<p>The whole table, with tie-breaks and the cross table: <a href=\"{}\">{}</a>.</p>\n",
                     escape_html(official.page), escape_html(official.title));
  return out;
}

std::string place_line(const SiteState& state, const std::string& player) {
  if (!state.official) return "";
  const SitePlace* place = state.official->place_of(player);
  if (place == nullptr) {
    return "<p>Not in the latest standings: it joined after they were made, and is ranked from the next.</p>\n";
  }
  return fmt::format(
      "<p><b>Place {} of {}</b> in <a href=\"../{}\">{}</a>: total {}. <span class=\"note\">{}</span></p>\n",
      place->rank, state.official->places.size(), escape_html(state.official->page), escape_html(state.official->title),
      place->total, escape_html(state.official->counts));
}

}  // namespace amazes::report::site
