// The contest site's state and which files each event rewrites: everything once at the start
// (from the store and the logs), then per stored game only the pages that game changes.
#include <algorithm>
#include <mutex>
#include <set>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "../html_escape.hpp"
#include "amazes/arbiter/match_log.hpp"
#include "amazes/competition/late_players.hpp"
#include "amazes/competition/pairing.hpp"
#include "amazes/competition/player_policy.hpp"
#include "amazes/competition/tournament.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/replay_page_assets.hpp"
#include "amazes/report/fault_reason.hpp"
#include "amazes/report/replay_data.hpp"
#include "amazes/report/replay_page.hpp"
#include "amazes/report/site.hpp"
#include "amazes/report/standings_files.hpp"
#include "site_state.hpp"

namespace amazes::report {

using site::SiteGame;
using site::SitePlayer;
using site::SiteRound;
using site::SiteState;

namespace {

constexpr std::size_t kRecentGames = 8;

std::string contest_name(const std::filesystem::path& out_dir) {
  auto path = std::filesystem::absolute(out_dir).lexically_normal();
  if (path.filename().empty()) path = path.parent_path();
  return path.filename().string();
}

}  // namespace

struct ContestSite::State {
  std::filesystem::path out;
  std::filesystem::path dir;  // out/site
  competition::ResultsStore& store;
  SiteState site;
  std::size_t games_since_field_pages = 0;
  std::mutex handed_mutex;
  std::vector<std::string> handed;  // games handed to workers since the last event

  State(std::filesystem::path out_dir, competition::ResultsStore& results)
      : out(std::move(out_dir)), dir(out / kSiteFolder), store(results) {}

  void write(const std::string& file, const std::string& content) const {
    files::write_file_atomically(dir / file, content, false);
  }

  SitePlayer& player(const std::string& name) {
    const auto found = site.player_index.find(name);
    if (found != site.player_index.end()) return site.players[found->second];
    // A player of a stored game that the store's players no longer list cannot happen; keep it anyway.
    site.player_index[name] = site.players.size();
    site.players.push_back(SitePlayer{name, private_token(name), {}, 0, 0, 0, 0});
    return site.players.back();
  }

  std::string private_token(const std::string& name) {
    const std::string key = std::string(kSiteTokenKeyPrefix) + name;
    if (auto token = store.meta(key)) return *token;
    std::string token = new_site_token();
    store.set_meta(key, token);
    return token;
  }

  SiteRound& round(int number) {
    const auto found = site.round_index.find(number);
    if (found != site.round_index.end()) return site.rounds[found->second];
    // A versus run's pairs come as they are played: kept in order of their numbers.
    const auto place =
        std::find_if(site.rounds.begin(), site.rounds.end(), [&](const SiteRound& r) { return r.round > number; });
    site.rounds.insert(place, SiteRound{.round = number, .decided = true});
    site.round_index.clear();
    for (std::size_t k = 0; k < site.rounds.size(); ++k) site.round_index[site.rounds[k].round] = k;
    return site.rounds[site.round_index[number]];
  }

  std::size_t add_game(const std::string& id, int round_number, const std::string& red, const std::string& blue) {
    const std::size_t k = site.games.size();
    SiteGame game;
    game.id = id;
    game.round = round_number;
    game.players = {red, blue};
    SiteRound& r = round(round_number);
    game.place = r.games.size();
    site.games.push_back(std::move(game));
    site.game_index[id] = k;
    r.games.push_back(k);
    r.played_in_part.resize(r.parts());
    player(red).games.push_back(k);
    player(blue).games.push_back(k);
    return k;
  }

  // An adaptive final's next round is listed until its end is decided instead: then it is not
  // to come (an undecided round has no games and no page).
  void forget_rounds_not_to_come(const std::vector<int>& listed) {
    const std::set<int> to_come(listed.begin(), listed.end());
    const auto gone = std::remove_if(site.rounds.begin(), site.rounds.end(),
                                     [&](const SiteRound& r) { return !r.decided && to_come.count(r.round) == 0; });
    if (gone == site.rounds.end()) return;
    site.rounds.erase(gone, site.rounds.end());
    site.round_index.clear();
    for (std::size_t k = 0; k < site.rounds.size(); ++k) site.round_index[site.rounds[k].round] = k;
  }

  // Adds the games of every tournament round decided since; returns the rounds added.
  std::vector<int> add_decided_rounds() {
    std::vector<int> added;
    if (site.versus()) return added;
    const auto& c = site.competition;
    const auto decisions = competition::stored_decisions(store);
    const auto listed = competition::rounds_in_play_order(c, decisions);
    forget_rounds_not_to_come(listed);
    site.planned = competition::planned_games(c, decisions, competition::kEveryRound);
    for (const int number : listed) {
      if (site.round_index.count(number) == 0U) {
        site.round_index[number] = site.rounds.size();
        site.rounds.push_back(SiteRound{.round = number, .decided = false});
      }
      if (site.rounds[site.round_index[number]].decided) continue;
      const auto pairings = competition::decided_pairings(c, decisions, number);
      if (!pairings) continue;
      site.rounds[site.round_index[number]].decided = true;
      for (const auto& [first, second] : pairings->pairs) {
        add_game(competition::match_id(number, first, second), number, first, second);
        add_game(competition::match_id(number, second, first), number, second, first);
      }
      if (pairings->bye) {
        site.rounds[site.round_index[number]].bye = pairings->bye;
        player(*pairings->bye).points += c.ranking.bye_points;
      }
      added.push_back(number);
    }
    return added;
  }

  // What the game's log adds to its row: why a side faulted, its stderr (to its player's private
  // page, and nowhere else), its replay page.
  void take_row(std::size_t k, const competition::MatchRow& row, bool replay_may_exist) {
    SiteGame& game = site.games[k];
    game.row = row;
    game.playing = false;
    // A forfeit (its player excluded or withdrawn) was never played: no log, no replay, no stderr.
    const bool forfeit = row.status == competition::kForfeitStatus;
    const auto record = forfeit ? arbiter::MatchRecord() : arbiter::read_match_log(out / row.log);
    for (int side = 0; side < 2; ++side) {
      const Color color = side == 0 ? Color::Red : Color::Blue;
      game.why[side] = fault_why(record, color);
      game.stderr_bytes[side] = record.outcome[side].stderr_text.size();
      game.stderr_dropped[side] = record.outcome[side].stderr_dropped;
    }
    game.replay = !forfeit && record.referee() == nullptr;
    if (forfeit) {
      for (int side = 0; side < 2; ++side) game.why[side] = row.side[side].exit;
      game.no_replay = "a forfeit: the game was not played";
    } else if (record.referee() != nullptr) {
      game.no_replay = "a referee game's log holds its referee's lines, which `amazes log show` prints";
    }
    const auto replay = dir / site::replay_file(game.id);
    if (game.replay && !(replay_may_exist && std::filesystem::exists(replay))) {
      try {
        auto data = replay_data(record);
        // The players' commands name the organiser's folders (and whatever a command holds):
        // the public replay says only their names.
        for (const char* color : {"red", "blue"}) data["players"][color]["command"] = data["players"][color]["name"];
        data["contest"] = site.title;
        const std::string back =
            fmt::format("<a href=\"{}.html\">This game's page</a> · <a href=\"../index.html\">{}</a>",
                        escape_html(game.id), escape_html(site.title));
        write(site::replay_file(game.id),
              linked_replay_page(data, "../" + std::string(site::kAssetsFolder), site::navigation(site, 1), back));
      } catch (const ReplayMismatch& e) {
        // Said on the game's page, where it matters (`amazes replay` tells the same of the log).
        spdlog::debug("{}: no replay in the site: the log disagrees with the rules engine: {}", row.log, e.what());
        game.replay = false;
        game.no_replay = std::string("the log disagrees with the rules engine (") + e.what() + ")";
      }
    }
    for (int side = 0; side < 2; ++side) {
      SitePlayer& p = player(row.side[side].player);
      ++p.played;
      p.points += competition::game_points(site.competition.ranking, row, side);
      if (row.side[side].fault) ++p.faults;
      if (game.stderr_dropped[side] > 0) ++p.flooded;
      write(site::private_folder(p.token) + "/" + game.id + ".html",
            site::private_game_page(site, p, game, record.outcome[side].stderr_text));
    }
    SiteRound& r = round(row.round);
    ++r.played;
    ++r.played_in_part[game.place / site::kGamesPerSchedulePage];
    ++site.played;
    if (site.versus()) site.planned = site.played;
    site.recent.insert(site.recent.begin(), k);
    if (site.recent.size() > kRecentGames) site.recent.pop_back();
    write(site::game_file(game.id), site::game_page(site, game));
  }

  std::size_t game_of(const competition::MatchRow& row) {
    const auto found = site.game_index.find(row.id);
    if (found != site.game_index.end()) return found->second;
    return add_game(row.id, row.round, row.side[0].player, row.side[1].player);
  }

  void write_player(const SitePlayer& p) const {
    write(site::player_file(p.name), site::player_page(site, p));
    write(site::private_folder(p.token) + "/index.html", site::private_index_page(site, p));
  }

  // The round's page, and of a round in parts every part (or only the part of game `k`).
  void write_round(const SiteRound& r, std::optional<std::size_t> k = std::nullopt) const {
    if (!r.decided) return;
    write(site::round_schedule_file(site, r.round), site::round_schedule_page(site, r));
    if (!r.in_parts()) return;
    for (std::size_t part = 0; part < r.parts(); ++part) {
      if (k && site.games[*k].place / site::kGamesPerSchedulePage != part) continue;
      write(site::round_part_file(site, r.round, part), site::round_part_page(site, r, part));
    }
  }

  // The pages every stored game changes: the index and the schedule, small whatever the field's
  // size; and the two that list every contestant (the live standings, the contestants), once
  // per field_page_games() stored games, so that a game's cost does not grow with the field.
  // `all`: every one of them now (a round's end, the run's).
  void write_summaries(bool all = true) {
    write("index.html", site::index_page(site));
    write("schedule.html", site::schedule_page(site));
    if (!all && ++games_since_field_pages < field_page_games()) return;
    games_since_field_pages = 0;
    write("standings.html", site::live_standings_page(site));
    write("players.html", site::players_page(site));
  }

  // One game in this many rewrites the pages of the whole field: every game up to 50
  // contestants, every 40th at 2,000 (a page of 2,000 rows cost more than the rest of a game's
  // update). They reload every kSiteRefreshSeconds anyway.
  std::size_t field_page_games() const { return std::max<std::size_t>(1, site.players.size() / 50); }

  void write_all() {
    for (const auto& r : site.rounds) write_round(r);
    for (const auto& p : site.players) write_player(p);
    write_summaries();
  }

  // Temporaries of pages a killed judge was writing: nobody else writes in the site.
  void remove_leftovers() const {
    std::error_code error;
    std::vector<std::filesystem::path> leftovers;
    for (auto it = std::filesystem::recursive_directory_iterator(dir, error);
         it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
      const auto name = it->path().filename().string();
      if (name.size() > 1 && name[0] == '.' && name.find(".tmp-") != std::string::npos) leftovers.push_back(it->path());
    }
    for (const auto& path : leftovers) std::filesystem::remove(path, error);
  }

  void write_private_links() const {
    std::string text =
        "# The private page of each contestant, relative to this folder: give each contestant their own\n"
        "# address (the site's URL + the path after site/). Keep this file out of the published site.\n";
    for (const auto& p : site.players) {
      text += fmt::format("{}\t{}/{}/index.html\n", p.name, kSiteFolder, site::private_folder(p.token));
    }
    files::write_file_atomically(out / kPrivateLinksFile, text);
  }

  // The games handed out since the last event are being played, until stored.
  void take_handed_out() {
    std::vector<std::string> ids;
    {
      std::lock_guard lock(handed_mutex);
      ids.swap(handed);
    }
    std::vector<std::string> unknown;  // a round decided a moment ago, not in the site yet
    for (auto& id : ids) {
      const auto found = site.game_index.find(id);
      if (found == site.game_index.end()) {
        unknown.push_back(std::move(id));
      } else if (!site.games[found->second].row) {
        site.games[found->second].playing = true;
      }
    }
    std::lock_guard lock(handed_mutex);
    handed.insert(handed.end(), unknown.begin(), unknown.end());
  }

  void touch() {
    take_handed_out();
    site.updated_at = competition::utc_timestamp_now();
  }
};

ContestSite::ContestSite(std::filesystem::path out_dir, competition::ResultsStore& store, bool running)
    : state_(std::make_unique<State>(std::move(out_dir), store)) {
  State& s = *state_;
  auto& site = s.site;
  site.competition = store.competition();
  site.running = running;
  const auto& c = site.competition;
  const std::string name = contest_name(s.out);
  if (site.versus()) {
    std::vector<std::string> others;
    for (std::size_t k = 1; k < c.players.size(); ++k) others.push_back(c.players[k].name);
    site.title = fmt::format("{}: {} against {}", name, c.players.empty() ? "" : c.players.front().name,
                             fmt::join(others, ", "));
  } else {
    site.title = c.name.empty() ? fmt::format("Tournament {}", name) : c.name;
  }
  site.settings = site::settings_line(c);
  site.late = competition::late_players(store);
  for (const auto& p : c.players) s.player(p.name);
  s.add_decided_rounds();
  s.remove_leftovers();
  // The replays' style and script, once for every replay of the site.
  for (const auto& [name, text] : replay_assets()) s.write(std::string(site::kAssetsFolder) + name, std::string(text));
  s.write(std::string(site::kAssetsFolder) + "site.css", std::string(assets::kSiteCss));
  s.write("private/index.html", site::empty_private_index());
  for (const auto& row : store.matches()) s.take_row(s.game_of(row), row, true);
  s.touch();
  s.write_all();
  s.write_private_links();
}

ContestSite::~ContestSite() = default;

void ContestSite::playing(const std::string& id) {
  std::lock_guard lock(state_->handed_mutex);
  state_->handed.push_back(id);
}

void ContestSite::not_played(const std::string& id) {
  State& s = *state_;
  s.take_handed_out();
  const auto found = s.site.game_index.find(id);
  if (found != s.site.game_index.end()) s.site.games[found->second].playing = false;
}

void ContestSite::committed(const competition::MatchRow& row) {
  State& s = *state_;
  s.touch();
  const std::size_t k = s.game_of(row);
  s.take_row(k, row, false);
  const SiteGame& game = s.site.games[k];
  s.write_round(*s.site.round_of(game.round), k);
  for (const auto& name : game.players) s.write_player(s.player(name));
  s.write_summaries(false);
}

void ContestSite::round_complete(const StandingsReport& round_standings) {
  State& s = *state_;
  const int number = round_standings.standings.round;
  s.write(site::round_standings_file(number), site::site_standings_page(s.site, round_standings));
  s.round(number).standings = true;
  s.site.official = site::site_standings(round_standings, site::round_standings_file(number), false);
  s.touch();
  s.write_round(s.round(number));
  // Every contestant's place may have changed.
  std::set<std::string> players;
  for (const auto& p : s.site.players) players.insert(p.name);
  for (const int added : s.add_decided_rounds()) {
    const auto& r = s.round(added);
    s.write_round(r);
    for (const auto k : r.games) players.insert(s.site.games[k].players.begin(), s.site.games[k].players.end());
  }
  for (const auto& name : players) s.write_player(s.player(name));
  s.write_summaries();
}

void ContestSite::finished(const std::optional<StandingsReport>& final_standings, const std::string& report) {
  State& s = *state_;
  if (final_standings) {
    s.write("standings/final.html", site::site_standings_page(s.site, *final_standings));
    s.site.final_standings = true;
    s.site.official = site::site_standings(*final_standings, "standings/final.html", true);
  }
  s.site.report = report;
  s.site.running = false;
  s.touch();
  for (auto& game : s.site.games) game.playing = false;  // a game left unplayed is to play
  s.write_all();
}

std::filesystem::path ContestSite::private_page(const std::string& player) const {
  const auto found = state_->site.player_index.find(player);
  if (found == state_->site.player_index.end()) return {};
  return std::filesystem::path(kSiteFolder) / site::private_folder(state_->site.players[found->second].token) /
         "index.html";
}

StandingsReport rebuild_standings_and_site(const std::filesystem::path& out_dir, competition::ResultsStore& store,
                                           bool running) {
  ContestSite site(out_dir, store, running);
  auto standings =
      rebuild_standings(out_dir, [&site](const StandingsReport& round, bool) { site.round_complete(round); });
  if (!running) site.finished(standings);
  return standings;
}

void rebuild_versus_site(const std::filesystem::path& out_dir, competition::ResultsStore& store,
                         const std::string& report) {
  ContestSite(out_dir, store, false).finished(std::nullopt, report);
}

}  // namespace amazes::report
