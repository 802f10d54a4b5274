#pragma once
// The standings as text (for the terminal), Markdown, CSV and HTML (docs/formats.md "Tournament
// output directory"). Everything here is a pure function of its arguments: the same results
// give byte-identical files, whatever order or speed the games were played in.
#include <set>
#include <string>
#include <vector>

#include "amazes/competition/match_row.hpp"
#include "amazes/competition/rank_certainty.hpp"
#include "amazes/competition/standings.hpp"

namespace amazes::report {

// A Swiss round's pairings with what each player scored in its pair of games (under the
// ranking rules), and the bye.
struct PairingRow {
  std::string first;
  std::string second;
  std::int64_t first_points = 0;
  std::int64_t second_points = 0;
  int games = 0;  // of the two, stored so far
};
struct PairingTable {
  int round = 0;
  std::vector<PairingRow> rows;
  std::optional<std::string> bye;
};

struct StandingsReport {
  std::string title;  // e.g. "Standings after round 2 of 3"
  // What the total counts, one sentence: "total: the points of rounds 1 to 3." (standings_files.cpp).
  std::string counts;
  competition::Standings standings;
  std::vector<competition::MatchRow> matches;  // the games counted, for the HTML list
  std::string log_prefix;                      // prepended to each row's log path in links ("../" from round-NN/)
  std::set<std::string> replays;               // ids of the games with a replay beside their log: linked instead
  std::optional<PairingTable> pairings;        // a Swiss round's
  // How sure each rank is (rank_certainty.hpp), in table order: players[k] is table[k], and
  // separated[k] says whether table[k] is surely ahead of table[k + 1].
  std::optional<competition::RankCertainty> certainty;
  // HTML put first in the page's body (the contest site's links to its other pages).
  std::string html_header;
};

// "Standings after round 2 of 3"; for the whole competition "Final standings (3 rounds)" or,
// while games are missing, "Standings so far (37 of 60 games)".
std::string round_title(const competition::Standings& standings);
std::string final_title(const competition::Standings& standings, int games_scheduled);

// "1-0", "0-1" or "draw" for a pairing row: who scored more over the pair of games.
std::string pairing_result(const PairingRow& row);

std::string standings_text(const StandingsReport& report);
std::string standings_markdown(const StandingsReport& report);
// Header `rank,player,total,round`, one column per tie-break, `games,mean,crash,timeout,illegal,
// too_long,unsolicited`, with the certainty `rating,rating_low,rating_high,ranks,sure_ahead`, then
// `points` and one `vs_NAME` column per opponent (that player's total against NAME).
std::string standings_csv(const StandingsReport& report);
// A Swiss round's pairings as CSV: board,first,second,first_points,second_points,result; a bye
// is a row without a second player.
std::string pairings_csv(const PairingTable& table);
std::string standings_html(const StandingsReport& report);

}  // namespace amazes::report
