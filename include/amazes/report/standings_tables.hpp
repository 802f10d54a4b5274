#pragma once
// The standings as text (for the terminal), Markdown, CSV and HTML (docs/formats.md "Tournament
// output directory"). Everything here is a pure function of its arguments: the same results
// give byte-identical files, whatever order or speed the games were played in.
#include <set>
#include <string>
#include <vector>

#include "amazes/competition/match_row.hpp"
#include "amazes/competition/standings.hpp"

namespace amazes::report {

struct StandingsReport {
  std::string title;  // e.g. "Standings after round 2 of 3"
  competition::Standings standings;
  std::vector<competition::MatchRow> matches;  // the games counted, for the HTML list
  std::string log_prefix;                      // prepended to each row's log path in links ("../" from round-NN/)
  std::set<std::string> replays;               // ids of the games with a replay beside their log: linked instead
};

// "Standings after round 2 of 3"; for the whole competition "Final standings (3 rounds)" or,
// while games are missing, "Standings so far (37 of 60 games)".
std::string round_title(const competition::Standings& standings);
std::string final_title(const competition::Standings& standings, int games_scheduled);

std::string standings_text(const StandingsReport& report);
std::string standings_markdown(const StandingsReport& report);
// Header `rank,player,total,round,games,mean,crash,timeout,illegal,too_long,unsolicited`, then
// `points` and one `vs_NAME` column per opponent (that player's total score against NAME).
std::string standings_csv(const StandingsReport& report);
std::string standings_html(const StandingsReport& report);

}  // namespace amazes::report
