// Standings arithmetic.
#include "amazes/competition/standings.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

namespace amazes::competition {

Standings compute_standings(const std::vector<std::string>& players, const std::vector<MatchRow>& rows, int up_to_round,
                            int rounds) {
  const std::size_t n = players.size();
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < n; ++i) index.emplace(players[i], i);
  const auto index_of = [&](const std::string& name) {
    const auto found = index.find(name);
    if (found == index.end()) throw std::invalid_argument("match row names an unknown player: " + name);
    return found->second;
  };

  std::vector<PlayerStanding> by_player(n);
  for (std::size_t i = 0; i < n; ++i) by_player[i].player = players[i];
  std::vector<std::vector<std::optional<std::int64_t>>> cross(n, std::vector<std::optional<std::int64_t>>(n));

  Standings standings;
  standings.round = up_to_round;
  standings.rounds = rounds;
  standings.games_planned = static_cast<int>(n * (n - (n > 0 ? 1 : 0))) * std::max(up_to_round, 0);
  for (const auto& row : rows) {
    if (row.round > up_to_round || row.status != "played") continue;
    ++standings.games;
    const std::array<std::size_t, 2> who = {index_of(row.side[0].player), index_of(row.side[1].player)};
    for (std::size_t c = 0; c < 2; ++c) {
      const auto& side = row.side[c];
      auto& entry = by_player[who[c]];
      entry.total += side.score;
      entry.points += side.points;
      if (row.round == up_to_round) entry.round_score += side.score;
      ++entry.games;
      if (side.fault) ++entry.faults[static_cast<std::size_t>(*side.fault)];
      auto& cell = cross[who[c]][who[1 - c]];
      cell = cell.value_or(0) + side.score;
    }
  }
  for (auto& entry : by_player) {
    // total / games rounded half up, in integers: scores are never negative.
    entry.mean_hundredths = entry.games == 0 ? 0 : (entry.total * 200 + entry.games) / (2 * entry.games);
  }

  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (by_player[a].total != by_player[b].total) return by_player[a].total > by_player[b].total;
    return by_player[a].player < by_player[b].player;
  });
  for (std::size_t k = 0; k < n; ++k) {
    auto& entry = by_player[order[k]];
    // Shared rank: one more than the number of players with a strictly higher total.
    const bool tied_with_previous = k > 0 && by_player[order[k - 1]].total == entry.total;
    entry.rank = tied_with_previous ? standings.table.back().rank : static_cast<int>(k) + 1;
    standings.table.push_back(entry);
  }
  standings.cross.assign(n, std::vector<std::optional<std::int64_t>>(n));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) standings.cross[i][j] = cross[order[i]][order[j]];
  }
  return standings;
}

std::string format_hundredths(std::int64_t hundredths) {
  const bool negative = hundredths < 0;
  const std::int64_t magnitude = negative ? -hundredths : hundredths;
  return fmt::format("{}{}.{:02}", negative ? "-" : "", magnitude / 100, magnitude % 100);
}

bool round_complete(const std::vector<std::string>& players, const std::vector<MatchRow>& rows, int round) {
  std::set<std::pair<std::string, std::string>> played;
  for (const auto& row : rows) {
    if (row.round == round) played.emplace(row.side[0].player, row.side[1].player);
  }
  for (const auto& red : players) {
    for (const auto& blue : players) {
      if (red != blue && played.count({red, blue}) == 0) return false;
    }
  }
  return true;
}

}  // namespace amazes::competition
