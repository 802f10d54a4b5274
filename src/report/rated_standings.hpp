#pragma once
// An adaptive final's standings: the whole field in the order of the ratings fitted to every game
// (rank_certainty.hpp), with how sure each place is, and how the order was decided.
#include <string>

#include "amazes/competition/rank_certainty.hpp"
#include "amazes/report/standings_files.hpp"

namespace amazes::report {

struct RatedStandings {
  competition::Standings standings;      // table and cross table in rating order
  competition::RankCertainty certainty;  // in table order
};

// Over the games of rounds up to `up_to` (both stages'): the totals as the ranking counts them,
// the places by rating (equal ratings share a place).
RatedStandings rated_standings(const StoreSnapshot& snapshot, int up_to);

// What the order and the totals are, and how far the adaptive rounds have decided it: "order: by
// rating …; total: …. The adaptive rounds ended after round 12: …".
std::string rated_counts(const StoreSnapshot& snapshot, const RatedStandings& rated, bool whole_competition);

}  // namespace amazes::report
