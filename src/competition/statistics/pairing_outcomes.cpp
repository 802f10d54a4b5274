// Stored games as pairing outcomes (include/amazes/competition/pairing_outcomes.hpp).
#include "amazes/competition/pairing_outcomes.hpp"

#include "amazes/competition/player_policy.hpp"

#include <cstdint>
#include <map>
#include <tuple>
#include <utility>

namespace amazes::competition {

std::vector<PairingOutcome> pairing_outcomes(const std::vector<std::string>& players, const std::vector<MatchRow>& rows,
                                             const RankingRules& ranking) {
  std::map<std::string, int> index;
  for (std::size_t i = 0; i < players.size(); ++i) index.emplace(players[i], static_cast<int>(i));
  std::map<std::tuple<int, int, int>, std::pair<std::int64_t, std::int64_t>> points;  // (round, a < b) -> a, b
  for (const auto& row : rows) {
    if (row.status == kForfeitStatus) continue;
    const int red = index.at(row.side[0].player);
    const int blue = index.at(row.side[1].player);
    const bool red_first = red < blue;
    auto& sums = points[{row.round, std::min(red, blue), std::max(red, blue)}];
    const auto red_points = game_points(ranking, row, 0);
    const auto blue_points = game_points(ranking, row, 1);
    (red_first ? sums.first : sums.second) += red_points;
    (red_first ? sums.second : sums.first) += blue_points;
  }
  std::vector<PairingOutcome> outcomes;
  outcomes.reserve(points.size());
  for (const auto& [key, sums] : points) {
    const double share = sums.first > sums.second ? 1.0 : sums.first == sums.second ? 0.5 : 0.0;
    outcomes.push_back({std::get<1>(key), std::get<2>(key), share});
  }
  return outcomes;
}

}  // namespace amazes::competition
