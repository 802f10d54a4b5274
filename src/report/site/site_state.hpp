#pragma once
// What the contest site shows, kept in memory while a run goes (contest_site.cpp loads it once
// and updates it per stored game), and the pages made from it (site_pages.cpp: pure functions,
// no I/O). A game's stderr is not kept here: it goes from the log to its player's private page
// and nowhere else.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/competition/competition.hpp"
#include "amazes/competition/match_row.hpp"
#include "amazes/report/standings_tables.hpp"

namespace amazes::report::site {

// A round's schedule page lists at most this many games; a larger round (a round robin of a big
// field: 200 players play 39,800 games a round) has a page of parts, each a page of this many,
// so that a stored game rewrites a page of its part, not of its whole round.
inline constexpr std::size_t kGamesPerSchedulePage = 200;

// One game of the schedule, played or still to play.
struct SiteGame {
  std::string id;
  int round = 0;
  std::array<std::string, 2> players;        // red, blue
  std::size_t place = 0;                     // in its round's games
  std::optional<competition::MatchRow> row;  // once stored
  bool playing = false;                      // handed to a worker, not stored yet
  std::array<std::string, 2> why;            // why each side faulted, as `amazes match` says it
  std::array<std::uint64_t, 2> stderr_bytes{};
  std::array<std::uint64_t, 2> stderr_dropped{};
  bool replay = false;    // its replay page is in the site
  std::string no_replay;  // why it has none
};

struct SiteRound {
  int round = 0;
  bool decided = false;            // its pairings are known
  std::vector<std::size_t> games;  // into SiteState::games, in schedule order
  std::optional<std::string> bye;  // a Swiss round's
  int played = 0;
  std::vector<int> played_in_part;  // per kGamesPerSchedulePage games
  bool standings = false;           // its standings page is written

  bool in_parts() const { return games.size() > kGamesPerSchedulePage; }
  std::size_t parts() const { return (games.size() + kGamesPerSchedulePage - 1) / kGamesPerSchedulePage; }
};

struct SitePlayer {
  std::string name;
  std::string token;
  std::vector<std::size_t> games;  // into SiteState::games, in schedule order
  int played = 0;
  std::int64_t points = 0;  // under the ranking rules, byes included
  int faults = 0;
  int flooded = 0;  // games with stderr dropped
};

// A place of the official standings: the table the judge last wrote (a round's, or the final one),
// which every page that ranks shows, so that the site gives one result.
struct SitePlace {
  int rank = 0;
  std::string player;
  std::int64_t total = 0;
  int games = 0;
  std::string ranks;       // the 95 % interval of the rank, "1-3"; empty without certainty
  std::string sure_ahead;  // "yes", "no", "-" (the last); empty without certainty
};
struct SiteStandings {
  std::string title;   // the table's own: "Standings after round 2 of 5", "Final standings (…)"
  std::string counts;  // what its total counts
  std::string page;    // its page in the site: "standings/round-02.html", "standings/final.html"
  bool final = false;  // the whole competition's
  std::vector<SitePlace> places;
  const SitePlace* place_of(const std::string& player) const;
};
SiteStandings site_standings(const StandingsReport& report, std::string page, bool final);

struct SiteState {
  competition::Competition competition;
  std::string title;     // the contest's name, else "Tournament OUT" / "OUT: NEW against …"
  std::string settings;  // one line: format, rounds, turns, time, mazes, seed
  std::vector<SiteGame> games;
  std::map<std::string, std::size_t> game_index;
  std::vector<SiteRound> rounds;  // in play order
  std::map<int, std::size_t> round_index;
  std::vector<std::size_t> recent;  // the games stored last, newest first
  std::vector<SitePlayer> players;
  std::map<std::string, std::size_t> player_index;
  int planned = 0;  // games once every round is decided (a versus run: the games known)
  int played = 0;
  bool running = true;
  bool final_standings = false;  // standings/final.html is written
  std::optional<SiteStandings> official;
  std::map<std::string, int> late;  // late players (late_players.hpp): the round after which each joined
  std::string report;               // a finished versus run's report, as text
  std::string updated_at;           // UTC, when the state last changed

  bool versus() const { return competition.kind == competition::CompetitionKind::Versus; }
  const SiteRound* round_of(int round) const;
};

// Paths inside the site (relative to site/), and links between its pages.
inline constexpr std::string_view kAssetsFolder = "assets/";  // the replays' style and script
std::string game_file(const std::string& id);                 // "matches/ID.html"
std::string replay_file(const std::string& id);               // "matches/ID.replay.html"
std::string player_file(const std::string& name);             // "players/NAME.html"
// The contestant's name linked to its page, from a page `depth` folders below site/.
std::string player_link(const std::string& name, int depth);
// "schedule/round-03.html", "schedule/final-round-01.html", a versus run's "schedule/pair-0003.html".
std::string round_schedule_file(const SiteState& state, int round);
// A part of a round in parts: "schedule/round-03-part-002.html" (parts from 1).
std::string round_part_file(const SiteState& state, int round, std::size_t part);
std::string round_standings_file(int round);           // "standings/round-03.html"
std::string private_folder(const std::string& token);  // "private/TOKEN"
// From a page `depth` folders down to the site's root: "", "../", "../../".
std::string up(int depth);

// "round 3", "final round 1", or a versus run's "pair 3".
std::string round_name(const SiteState& state, int round);

// The pages: each a whole HTML file.
std::string index_page(const SiteState& state);
std::string schedule_page(const SiteState& state);
// A round's games, or the list of its parts when it is in parts (SiteRound::in_parts).
std::string round_schedule_page(const SiteState& state, const SiteRound& round);
// The games of part `part` (from 0) of a round in parts.
std::string round_part_page(const SiteState& state, const SiteRound& round, std::size_t part);
std::string game_page(const SiteState& state, const SiteGame& game);
std::string players_page(const SiteState& state);
std::string player_page(const SiteState& state, const SitePlayer& player);
std::string live_standings_page(const SiteState& state);
// The private pages: the contestant's games, and one game's stderr (cut to kSiteStderrCharacters).
std::string private_index_page(const SiteState& state, const SitePlayer& player);
std::string private_game_page(const SiteState& state, const SitePlayer& player, const SiteGame& game,
                              const std::string& stderr_text);
// A tournament's standings page (standings_html) in the site: its games link to the site's game
// pages, and the site's links come first.
std::string site_standings_page(const SiteState& state, const StandingsReport& standings);
// The competition's settings on one line: format, rounds, turns, time, mazes, seed.
std::string settings_line(const competition::Competition& competition);

// The official standings on the pages (site_official.cpp): the index's winner and podium (the
// leaders while the contest goes), the Standings page's whole order, and a contestant's place
// on its page (from players/); each empty before the first table.
std::string podium_block(const SiteState& state);
std::string official_block(const SiteState& state);
std::string place_line(const SiteState& state, const std::string& player);

// What site/private/index.html holds: nothing to list.
std::string empty_private_index();

// The frame of every page: head (charset, viewport, the page's title with the contest's, style,
// a refresh while `refresh`), the links to the main pages, then `body`.
std::string page(const SiteState& state, const std::string& title, int depth, bool refresh, const std::string& body);
// The links to the main pages, the first named as the contest, for a page `depth` folders below site/.
std::string navigation(const SiteState& state, int depth);

// The first `characters` UTF-8 characters of `text`, and how many there were in all.
struct CutText {
  std::string text;
  std::size_t characters = 0;
  std::size_t shown = 0;
};
CutText first_characters(const std::string& text, std::size_t characters);

}  // namespace amazes::report::site
