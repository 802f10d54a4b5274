#pragma once
// The stored games as the rating fit takes them (rank_certainty.hpp): one outcome per pairing,
// a pairing being the games two players played each other in one round.
#include <string>
#include <vector>

#include "amazes/competition/match_row.hpp"
#include "amazes/competition/rank_certainty.hpp"
#include "amazes/competition/ranking.hpp"

namespace amazes::competition {

// Each pairing's outcome over its games (both colours, or what is stored of them): a win for the
// player who scored more points over them, a draw when both scored the same. Forfeits are left
// out (not played: they say nothing of strength). Indices are positions in `players`, which
// must name every player of `rows`.
std::vector<PairingOutcome> pairing_outcomes(const std::vector<std::string>& players, const std::vector<MatchRow>& rows,
                                             const RankingRules& ranking);

}  // namespace amazes::competition
