#include "amazes/competition/player_policy.hpp"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace amazes::competition {

std::string withdrawn_text(const std::set<std::string>& names) { return fmt::format("{}", fmt::join(names, ",")); }

std::set<std::string> withdrawn_from_text(const std::string& text) {
  std::set<std::string> names;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    std::string name = text.substr(start, comma - start);
    const auto first = name.find_first_not_of(" \t");
    const auto last = name.find_last_not_of(" \t");
    if (first != std::string::npos) names.insert(name.substr(first, last - first + 1));
    start = comma + 1;
  }
  return names;
}

bool absent_side(const MatchRow& row, int side) {
  const auto& exit = row.side[static_cast<std::size_t>(side)].exit;
  return row.status == kForfeitStatus && (exit == kExcludedExit || exit == kWithdrawnExit);
}

bool counts_towards_exclusion(const MatchRow& row, int side) {
  if (absent_side(row, side)) return true;
  const auto& fault = row.side[static_cast<std::size_t>(side)].fault;
  return fault && (*fault == FaultKind::Crash || *fault == FaultKind::Timeout);
}

PresenceTracker::PresenceTracker(PlayerPolicy policy, const std::vector<std::string>& players)
    : policy_(std::move(policy)) {
  for (std::size_t i = 0; i < players.size(); ++i) position_.emplace(players[i], static_cast<int>(i));
}

PresenceTracker::Key PresenceTracker::key_of(int round, const std::string& red, const std::string& blue) const {
  const auto at = [&](const std::string& name) {
    const auto found = position_.find(name);
    return found == position_.end() ? static_cast<int>(position_.size()) : found->second;
  };
  const int r = at(red);
  const int b = at(blue);
  return {round, std::min(r, b), std::max(r, b), r < b ? 0 : 1};
}

void PresenceTracker::scheduled(const std::string& id, int round, const std::string& red, const std::string& blue) {
  if (policy_.exclude_after == 0) return;
  const Key key = key_of(round, red, blue);
  for (const auto* player : {&red, &blue}) {
    auto& games = games_[*player];
    const auto at =
        std::upper_bound(games.begin(), games.end(), key, [](const Key& k, const Game& game) { return k < game.key; });
    games.insert(at, Game{key, id});
  }
}

void PresenceTracker::stored(const MatchRow& row) {
  if (policy_.exclude_after == 0) return;
  for (int side = 0; side < 2; ++side) {
    counts_[{row.id, row.side[static_cast<std::size_t>(side)].player}] = counts_towards_exclusion(row, side);
  }
}

Presence PresenceTracker::presence(const std::string& player, int round) const {
  if (policy_.withdrawn.count(player) != 0) return Presence::Withdrawn;
  const auto n = static_cast<std::size_t>(policy_.exclude_after);
  if (n == 0) return Presence::Playing;
  const auto found = games_.find(player);
  if (found == games_.end()) return Presence::Playing;
  const auto& games = found->second;
  // Its games of the rounds before `round`: those before the first key of `round`.
  const auto end = std::lower_bound(games.begin(), games.end(), Key{round, -1, -1, -1},
                                    [](const Game& game, const Key& k) { return game.key < k; });
  const auto before = static_cast<std::size_t>(end - games.begin());
  if (before < n) return Presence::Playing;
  bool unknown = false;
  for (auto it = end - static_cast<std::ptrdiff_t>(n); it != end; ++it) {
    const auto result = counts_.find({it->id, player});
    if (result == counts_.end()) {
      unknown = true;
    } else if (!result->second) {
      return Presence::Playing;  // one game in the row that did not count: not N in a row
    }
  }
  return unknown ? Presence::Unknown : Presence::Excluded;
}

std::string absence_exit(Presence presence) {
  if (presence == Presence::Excluded) return kExcludedExit;
  if (presence == Presence::Withdrawn) return kWithdrawnExit;
  return "";
}

std::map<std::string, std::string> absent_players(const PlayerPolicy& policy, const std::vector<std::string>& players,
                                                  const std::vector<MatchRow>& rows, int round) {
  std::map<std::string, std::string> absent;
  if (policy.exclude_after == 0 && policy.withdrawn.empty()) return absent;
  PresenceTracker presence(policy, players);
  for (const auto& row : rows) {
    if (row.round >= round) continue;
    presence.scheduled(row.id, row.round, row.side[0].player, row.side[1].player);
    presence.stored(row);
  }
  for (const auto& player : players) {
    if (const std::string exit = absence_exit(presence.presence(player, round)); !exit.empty()) absent[player] = exit;
  }
  return absent;
}

MatchRow forfeit_row(const std::string& id, int round, const std::string& maze,
                     const std::array<std::string, 2>& players, const std::array<Start, 2>& starts,
                     std::optional<std::uint64_t> seed, const std::array<std::string, 2>& absent,
                     std::string played_at) {
  MatchRow row;
  row.id = id;
  row.round = round;
  row.maze = maze;
  for (std::size_t c = 0; c < 2; ++c) {
    row.side[c].player = players[c];
    row.side[c].start = starts[c];
    row.side[c].exit = absent[c].empty() ? "not played: its opponent is " + absent[1 - c] : absent[c];
  }
  row.seed = seed;
  row.log = "";
  row.status = kForfeitStatus;
  row.played_at = std::move(played_at);
  return row;
}

}  // namespace amazes::competition
