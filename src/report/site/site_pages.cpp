// The pages of the contest site, each a pure function of the site's state (site_state.hpp).
// Public pages never show stderr nor a private token: only the private pages at the end do.
#include <algorithm>

#include <fmt/format.h>

#include "../html_escape.hpp"
#include "amazes/arbiter/game_setup.hpp"
#include "amazes/competition/late_players.hpp"
#include "amazes/competition/ranking.hpp"
#include "amazes/competition/stages.hpp"
#include "amazes/report/site.hpp"
#include "amazes/report/standings_tables.hpp"
#include "site_state.hpp"

namespace amazes::report::site {
namespace {

std::string link(const std::string& href, const std::string& text) {
  return fmt::format("<a href=\"{}\">{}</a>", escape_html(href), escape_html(text));
}

// Pages that change while the run goes reload themselves; a finished run's do not.
bool refreshing(const SiteState& state) { return state.running; }

std::string status_badge(const SiteState& state) {
  if (state.running) return fmt::format("<span class=\"live\">LIVE</span> ", "");
  if (state.planned > 0 && state.played >= state.planned) return "<span class=\"done\">COMPLETE</span> ";
  return "";
}

std::string progress_block(const SiteState& state) {
  const int percent = state.planned > 0 ? state.played * 100 / state.planned : 0;
  std::string text = fmt::format("<p>{}{} of {} games played", status_badge(state), state.played, state.planned);
  if (state.versus()) text = fmt::format("<p>{}{} games played", status_badge(state), state.played);
  text += fmt::format("; updated {}.", escape_html(state.updated_at));
  if (state.running) {
    text += fmt::format(" <span class=\"note\">This page reloads itself every {} seconds.</span>", kSiteRefreshSeconds);
  } else if (state.planned > 0 && state.played < state.planned) {
    text += " <span class=\"note\">The judge is not running: the rest is played when the organiser resumes.</span>";
  }
  text += "</p>\n";
  if (!state.versus()) text += fmt::format("<div class=\"bar\"><div style=\"width:{}%\"></div></div>\n", percent);
  return text;
}

// "51–40" from `side`'s point of view, linked to the game; "playing" or "to play" before.
std::string result_cell(const SiteGame& game, int side, int depth) {
  if (!game.row && game.playing) return "<td class=\"num todo\">playing</td>";
  if (!game.row) return "<td class=\"num todo\">to play</td>";
  const auto& row = *game.row;
  return fmt::format(
      "<td class=\"num\">{}</td>",
      link(up(depth) + game_file(game.id), fmt::format("{}\u2013{}", row.side[side].score, row.side[1 - side].score)));
}

// "1", "final 1", a versus run's pair "1": in a column headed "round" or "pair".
std::string short_round_name(const SiteState& state, int round) {
  if (state.versus() || !competition::is_final_round(round)) return std::to_string(round);
  return fmt::format("final {}", competition::round_in_stage(round));
}

std::string fault_text(const SiteGame& game, int side) {
  if (!game.row || !game.row->side[side].fault) return "";
  const auto& s = game.row->side[side];
  std::string text(fault_name(*s.fault));
  if (s.fault_turn) text += fmt::format(", turn {}", *s.fault_turn);
  return text;
}

int points_of(const SiteState& state, const SiteGame& game, int side) {
  return competition::game_points(state.competition.ranking, *game.row, side);
}

// A side as the game's rules name it: More's white and black, Susan's red and yellow.
std::string side_name(const SiteState& state, int side) { return state.competition.settings.game.side_name(side); }

// The turns each side played, for a game that counts its players' turns (Amazes: a turn of the log
// is one player's); a referee's game keeps no count in the store, and shows none.
std::string turns_entry(const SiteState& state, const competition::MatchRow& row) {
  const GameRow* game = state.competition.settings.game.row();
  if (game == nullptr || game->turns != TurnCount::EachPlayersTurns || row.turns == 0) return "";
  const int first = (row.turns + 1) / 2;
  const int second = row.turns / 2;
  if (first == second) return fmt::format("<dt>Turns</dt><dd>{} each</dd>", first);
  return fmt::format("<dt>Turns</dt><dd>{} {}, {} {}</dd>", side_name(state, 0), first, side_name(state, 1), second);
}

std::string games_table_header(const SiteState& state) {
  return fmt::format(
      "<div class=\"scroll\"><table>\n<tr><th class=\"id\">game</th><th>{}</th><th class=\"num\">score</th>"
      "<th>{}</th><th>faults</th></tr>\n",
      side_name(state, 0), side_name(state, 1));
}

std::string games_table_row(const SiteState& state, const SiteGame& game, int depth) {
  std::string faults;
  for (int side = 0; side < 2; ++side) {
    const auto text = fault_text(game, side);
    if (text.empty()) continue;
    if (!faults.empty()) faults += "; ";
    faults += side_name(state, side) + " " + text;
  }
  const std::string id = game.row ? link(up(depth) + game_file(game.id), game.id) : escape_html(game.id);
  return fmt::format("<tr><td class=\"id\">{}</td><td>{}</td>{}<td>{}</td><td class=\"fault\">{}</td></tr>\n", id,
                     player_link(game.players[0], depth), result_cell(game, 0, depth),
                     player_link(game.players[1], depth), escape_html(faults));
}

}  // namespace

std::string index_page(const SiteState& state) {
  std::string body = fmt::format("<h1>{}</h1>\n", escape_html(state.title));
  body += progress_block(state);
  body += podium_block(state);
  body += fmt::format("<dl><dt>Contestants</dt><dd>{}</dd><dt>Settings</dt><dd>{}</dd></dl>\n", state.players.size(),
                      escape_html(state.settings));
  body += "<h2>Follow the contest</h2>\n<div class=\"cards\">";
  const bool one = state.rounds.size() == 1;
  body += fmt::format(
      "<a href=\"schedule.html\"><b>Schedule</b>{} {}</a>", state.rounds.size(),
      state.versus() ? (one ? "pair" : "pairs") : (one ? "round, played and to play" : "rounds, played and to play"));
  body += "<a href=\"standings.html\"><b>Standings</b>every place, each round's table and cross table</a>";
  body +=
      fmt::format("<a href=\"players.html\"><b>Contestants</b>{} pages, each with its games</a>", state.players.size());
  body += "</div>\n";
  if (!state.recent.empty()) {
    body += "<h2>Latest games</h2>\n" + games_table_header(state);
    for (const auto k : state.recent) body += games_table_row(state, state.games[k], 0);
    body += "</table></div>\n";
  }
  body +=
      "<p class=\"note\">Each contestant's standard error is shown only to them, on a private page whose address "
      "the organiser gives them.</p>\n";
  return page(state, state.title, 0, refreshing(state), body);
}

std::string schedule_page(const SiteState& state) {
  std::string body = "<h1>Schedule</h1>\n" + progress_block(state);
  body += fmt::format(
      "<div class=\"scroll\"><table>\n<tr><th>{}</th><th class=\"num\">played</th>"
      "<th class=\"num\">games</th><th>standings</th></tr>\n",
      state.versus() ? "pair" : "round");
  for (const auto& round : state.rounds) {
    const std::string name = round_name(state, round.round);
    const std::string games = round.decided ? std::to_string(round.games.size()) : "?";
    const std::string standings =
        round.standings ? link(round_standings_file(round.round), "standings") : std::string();
    const std::string title = round.decided ? link(round_schedule_file(state, round.round), name)
                                            : escape_html(name) +
                                                  " <span class=\"note\">(paired once the round "
                                                  "before it is complete)</span>";
    body += fmt::format("<tr><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td></tr>\n", title,
                        round.played, games, standings);
  }
  body += "</table></div>\n";
  return page(state, "Schedule", 0, refreshing(state), body);
}

std::string round_schedule_page(const SiteState& state, const SiteRound& round) {
  const std::string name = round_name(state, round.round);
  std::string body =
      fmt::format("<h1>{}</h1>\n<p>{} of {} games played.", escape_html(name), round.played, round.games.size());
  if (round.standings) body += " " + link("../" + round_standings_file(round.round), "Standings after it") + ".";
  body += "</p>\n";
  if (round.bye) body += fmt::format("<p>Bye: {}.</p>\n", player_link(*round.bye, 1));
  if (round.in_parts()) {
    body += "<div class=\"scroll\"><table>\n<tr><th>games</th><th class=\"num\">played</th></tr>\n";
    for (std::size_t part = 0; part < round.parts(); ++part) {
      const std::size_t first = part * kGamesPerSchedulePage;
      const std::size_t last = std::min(round.games.size(), first + kGamesPerSchedulePage);
      body += fmt::format(
          "<tr><td>{}</td><td class=\"num\">{} of {}</td></tr>\n",
          link(round_part_file(state, round.round, part).substr(9), fmt::format("{} to {}", first + 1, last)),
          round.played_in_part[part], last - first);
    }
  } else {
    body += games_table_header(state);
    for (const auto k : round.games) body += games_table_row(state, state.games[k], 1);
  }
  body += "</table></div>\n";
  const bool changes = refreshing(state) && round.played < static_cast<int>(round.games.size());
  return page(state, name, 1, changes, body);
}

std::string round_part_page(const SiteState& state, const SiteRound& round, std::size_t part) {
  const std::size_t first = part * kGamesPerSchedulePage;
  const std::size_t last = std::min(round.games.size(), first + kGamesPerSchedulePage);
  const std::string name = fmt::format("{}, games {} to {}", round_name(state, round.round), first + 1, last);
  std::string body = fmt::format(
      "<h1>{}</h1>\n<p>{} of {} played. {}</p>\n", escape_html(name), round.played_in_part[part], last - first,
      link(round_schedule_file(state, round.round).substr(9), "All of " + round_name(state, round.round)));
  body += games_table_header(state);
  for (std::size_t place = first; place < last; ++place)
    body += games_table_row(state, state.games[round.games[place]], 1);
  body += "</table></div>\n";
  const bool changes = refreshing(state) && round.played_in_part[part] < static_cast<int>(last - first);
  return page(state, name, 1, changes, body);
}

std::string game_page(const SiteState& state, const SiteGame& game) {
  const auto& row = *game.row;
  std::string body = fmt::format("<h1>Game {}</h1>\n", escape_html(game.id));
  body +=
      "<div class=\"scroll\"><table>\n<tr><th>colour</th><th>player</th><th class=\"num\">score</th>"
      "<th class=\"num\">points</th><th>fault</th></tr>\n";
  for (int side = 0; side < 2; ++side) {
    const auto& s = row.side[side];
    body += fmt::format(
        "<tr><td>{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"fault\">{}</td>"
        "</tr>\n",
        side_name(state, side), player_link(s.player, 1), s.score, points_of(state, game, side),
        escape_html(fault_text(game, side)));
  }
  body += "</table></div>\n";
  for (int side = 0; side < 2; ++side) {
    if (game.why[side].empty()) continue;
    body += fmt::format("<p class=\"warn\"><b>{}</b> ({}): {}</p>\n", escape_html(row.side[side].player),
                        side_name(state, side), escape_html(game.why[side]));
  }
  if (game.replay) {
    body += fmt::format("<p><b>{}</b></p>\n", link(replay_file(game.id).substr(8), "Watch the replay"));
  } else if (!game.no_replay.empty()) {
    body += fmt::format("<p class=\"note\">No replay: {}.</p>\n", escape_html(game.no_replay));
  }
  // A game played on no maze is its game and its seed (row.maze names the game).
  const bool on_maze = state.competition.settings.game.on_maze();
  const std::string setup =
      on_maze || !row.seed ? escape_html(row.maze) : fmt::format("{}, seed {}", escape_html(row.maze), *row.seed);
  body += fmt::format(
      "<dl><dt>{}</dt><dd>{}</dd><dt>{}</dt><dd>{}</dd><dt>End</dt><dd>{}</dd>{}", state.versus() ? "Pair" : "Round",
      link("../" + round_schedule_file(state, row.round), round_name(state, row.round)), on_maze ? "Maze" : "Game",
      setup, row.end == GameEnd::SuddenDeath ? "sudden death" : "normal", turns_entry(state, row));
  body += fmt::format("<dt>Played</dt><dd>{}</dd><dt>Time used</dt><dd>{} {:.0f} ms, {} {:.0f} ms</dd></dl>\n",
                      escape_html(row.played_at), side_name(state, 0), row.side[0].time_ms, side_name(state, 1),
                      row.side[1].time_ms);
  body += "<p class=\"note\">Score: what the game gave; points: what it counts in the standings.</p>\n";
  return page(state, "Game " + game.id, 1, false, body);
}

std::string players_page(const SiteState& state) {
  std::string body = fmt::format("<h1>Contestants</h1>\n<p>{} contestants{}.</p>\n", state.players.size(),
                                 state.official ? ", in the order of " + escape_html(state.official->title) : "");
  // In the official order, then those not in it yet; else by name.
  std::vector<std::pair<int, const SitePlayer*>> order;
  for (const auto& player : state.players) {
    const SitePlace* place = state.official ? state.official->place_of(player.name) : nullptr;
    order.emplace_back(place != nullptr ? place->rank : 0, &player);
  }
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
    if ((a.first == 0) != (b.first == 0)) return b.first == 0;
    return a.first != b.first ? a.first < b.first : a.second->name < b.second->name;
  });
  body +=
      "<div class=\"scroll\"><table>\n<tr><th class=\"num\">place</th><th>contestant</th><th class=\"num\">played</th>"
      "<th class=\"num\">games</th><th class=\"num\">faults</th></tr>\n";
  for (const auto& [rank, player] : order) {
    body += fmt::format(
        "<tr><td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
        "<td class=\"num\">{}</td></tr>\n",
        rank > 0 ? std::to_string(rank) : std::string("-"), player_link(player->name, 0), player->played,
        player->games.size(), player->faults);
  }
  body += "</table></div>\n";
  return page(state, "Contestants", 0, refreshing(state), body);
}

std::string player_page(const SiteState& state, const SitePlayer& player) {
  std::string body = fmt::format("<h1>{}</h1>\n{}<p>{} of {} games played, {} fault{}.</p>\n", escape_html(player.name),
                                 place_line(state, player.name), player.played, player.games.size(), player.faults,
                                 player.faults == 1 ? "" : "s");
  if (const auto late = state.late.find(player.name); late != state.late.end()) {
    body += fmt::format("<p class=\"warn\">A late player: {}.</p>\n",
                        escape_html(competition::late_player_text(state.competition, late->second)));
  }
  body +=
      fmt::format("<div class=\"scroll\"><table>\n<tr><th class=\"id\">game</th><th>{}</th><th>opponent (colour)</th>",
                  state.versus() ? "pair" : "round");
  body += "<th class=\"num\">score</th><th class=\"num wide\">points</th><th>fault</th></tr>\n";
  std::string whys;
  for (const auto k : player.games) {
    const auto& game = state.games[k];
    const int side = game.players[0] == player.name ? 0 : 1;
    const std::string id = game.row ? link("../" + game_file(game.id), game.id) : escape_html(game.id);
    const std::string points = game.row ? std::to_string(points_of(state, game, side)) : std::string();
    body += fmt::format(
        "<tr><td class=\"id\">{}</td><td>{}</td><td>{} <span class=\"note\">({})</span></td>{}"
        "<td class=\"num wide\">{}</td><td class=\"fault\">{}</td></tr>\n",
        id, escape_html(short_round_name(state, game.round)), player_link(game.players[1 - side], 1),
        side_name(state, 1 - side), result_cell(game, side, 1), points, escape_html(fault_text(game, side)));
    if (!game.why[side].empty()) {
      whys += fmt::format("<li>{}: {}</li>", link("../" + game_file(game.id), game.id), escape_html(game.why[side]));
    }
  }
  body += "</table></div>\n";
  if (!whys.empty()) body += "<h2>Why each fault</h2>\n<ul class=\"whys\">" + whys + "</ul>\n";
  return page(state, player.name, 1, refreshing(state), body);
}

std::string live_standings_page(const SiteState& state) {
  std::string body = "<h1>Standings</h1>\n" + progress_block(state) + official_block(state);
  std::string rounds;
  for (const auto& round : state.rounds) {
    if (round.standings) {
      rounds += "<li>" + link(round_standings_file(round.round), "after " + round_name(state, round.round)) + "</li>";
    }
  }
  if (!rounds.empty()) {
    body += "<h2>After each round</h2>\n<p class=\"note\">The full tables: tie-breaks and the cross table.</p>\n<ul>" +
            rounds + "</ul>\n";
  }
  if (!state.report.empty()) body += "<h2>Report</h2>\n<pre class=\"table\">" + escape_html(state.report) + "</pre>\n";
  // The live sums count every game of every stage: a running contest's only, and never a ranking.
  if (state.official && !state.running) return page(state, "Standings", 0, refreshing(state), body);
  body += state.versus() ? "<h2>Totals so far</h2>\n<p class=\"note\">Points of the games stored"
                         : "<h2>Points so far (live, not the standings)</h2>\n<p class=\"note\">Points of every "
                           "game stored, of every stage";
  body += state.competition.ranking.bye_points != 0 ? " and the byes" : "";
  body += state.versus() ? ", updated after every game.</p>\n"
                         : ", updated after every game; the standings above are made after each round, with its "
                           "tie-breaks.</p>\n";
  std::vector<const SitePlayer*> order;
  for (const auto& player : state.players) order.push_back(&player);
  std::stable_sort(order.begin(), order.end(),
                   [](const SitePlayer* a, const SitePlayer* b) { return a->points > b->points; });
  body +=
      "<div class=\"scroll\"><table>\n<tr><th class=\"num\">#</th><th>contestant</th><th class=\"num\">points</th>"
      "<th class=\"num\">played</th><th class=\"num\">faults</th></tr>\n";
  for (std::size_t k = 0; k < order.size(); ++k) {
    body += fmt::format(
        "<tr><td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
        "<td class=\"num\">{}</td></tr>\n",
        k + 1, player_link(order[k]->name, 0), order[k]->points, order[k]->played, order[k]->faults);
  }
  body += "</table></div>\n";
  return page(state, "Standings", 0, refreshing(state), body);
}

std::string private_index_page(const SiteState& state, const SitePlayer& player) {
  std::string body = fmt::format("<h1>{}: private page</h1>\n", escape_html(player.name));
  body +=
      "<p class=\"warn\">Only you have this address: it is not linked from the public pages. Your program's "
      "standard error from each game is here (at most 10,000 characters a game).</p>\n";
  if (player.flooded > 0) {
    body += fmt::format(
        "<p class=\"warn\">In {} game{} your program wrote more on stderr than is kept: the rest was "
        "dropped (see each game).</p>\n",
        player.flooded, player.flooded == 1 ? "" : "s");
  }
  body += fmt::format("<p>{} of {} games played. {}</p>\n", player.played, player.games.size(),
                      link("../../" + player_file(player.name), "Your public page"));
  body +=
      "<div class=\"scroll\"><table>\n<tr><th class=\"id\">game</th><th>opponent</th><th class=\"num\">score</th>"
      "<th>stderr</th></tr>\n";
  for (const auto k : player.games) {
    const auto& game = state.games[k];
    const int side = game.players[0] == player.name ? 0 : 1;
    std::string stderr_cell;
    if (game.row) {
      stderr_cell = link(game.id + ".html", fmt::format("{} bytes", game.stderr_bytes[side]));
      if (game.stderr_dropped[side] > 0) {
        stderr_cell += fmt::format(" <span class=\"fault\">{} dropped</span>", game.stderr_dropped[side]);
      }
    }
    const std::string id = game.row ? link("../../" + game_file(game.id), game.id) : escape_html(game.id);
    body += fmt::format("<tr><td class=\"id\">{}</td><td>{}</td>{}<td>{}</td></tr>\n", id,
                        escape_html(game.players[1 - side]), result_cell(game, side, 2), stderr_cell);
  }
  body += "</table></div>\n";
  return page(state, player.name + ": private page", 2, refreshing(state), body);
}

std::string private_game_page(const SiteState& state, const SitePlayer& player, const SiteGame& game,
                              const std::string& stderr_text) {
  const int side = game.players[0] == player.name ? 0 : 1;
  std::string body = fmt::format("<h1>{}: your stderr in {}</h1>\n", escape_html(player.name), escape_html(game.id));
  body +=
      fmt::format("<p>{} · {} · {}</p>\n", link("index.html", "All your games"),
                  link("../../" + game_file(game.id), "the game's report"), escape_html(round_name(state, game.round)));
  if (!game.why[side].empty()) {
    body += fmt::format("<p class=\"warn\"><b>{}</b>: {}</p>\n", escape_html(fault_text(game, side)),
                        escape_html(game.why[side]));
  }
  if (game.stderr_dropped[side] > 0) {
    body += fmt::format(
        "<p class=\"warn\">{} bytes of stderr were dropped: your program wrote more than the judge "
        "keeps of a game.</p>\n",
        game.stderr_dropped[side]);
  }
  const auto cut = first_characters(stderr_text, kSiteStderrCharacters);
  if (cut.characters == 0) {
    body += "<p>Your program wrote nothing on stderr in this game.</p>\n";
  } else {
    if (cut.shown < cut.characters) {
      body += fmt::format("<p class=\"note\">The first {} of {} characters kept in the log.</p>\n", cut.shown,
                          cut.characters);
    }
    body += fmt::format("<pre>{}</pre>\n", escape_html(cut.text));
  }
  return page(state, player.name + ": stderr in " + game.id, 2, false, body);
}

std::string settings_line(const competition::Competition& c) {
  std::string text;
  if (c.kind == competition::CompetitionKind::Tournament) {
    text = fmt::format("{}, {} round{}", competition::format_name(c.stages.format), c.rounds, c.rounds == 1 ? "" : "s");
    if (c.stages.final_top > 0) {
      text += fmt::format(", then a final of the top {} in {} round{}", c.stages.final_top, c.stages.final_rounds,
                          c.stages.final_rounds == 1 ? "" : "s");
    }
    if (c.stages.decide_top > 0) {
      text += fmt::format(", then an adaptive final until each of places 1 to {} is sure (at most {} games in all)",
                          c.stages.decide_top, c.stages.max_games);
    }
    text += "; ";
  }
  text += fmt::format("{} turns, {:g} s a player and game ({} time)", c.settings.turns, c.settings.time_ms / 1000.0,
                      arbiter::clock_name(c.settings.clock));
  if (!c.settings.game.on_maze()) {
    text += fmt::format("; the game {}, each game set up by its seed", c.settings.game.name());
  } else if (c.mazes.directory) {
    text += fmt::format("; mazes from {}", c.mazes.directory->filename().string());
  } else {
    text += fmt::format("; generated {}x{} mazes", c.mazes.size, c.mazes.size);
  }
  text += fmt::format("; seed {}", c.seed);
  return text;
}

}  // namespace amazes::report::site
