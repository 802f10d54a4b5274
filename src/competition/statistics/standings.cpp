// Standings arithmetic.
#include "amazes/competition/standings.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include <fmt/format.h>

#include "amazes/competition/player_policy.hpp"

namespace amazes::competition {

namespace {

// The games of rounds 1..up_to_round that count.
std::vector<const MatchRow*> counted_games(const std::vector<MatchRow>& rows, int up_to_round) {
  std::vector<const MatchRow*> games;
  for (const auto& row : rows) {
    if (row.round <= up_to_round && (row.status == "played" || row.status == kForfeitStatus)) games.push_back(&row);
  }
  return games;
}

class PlayerIndex {
 public:
  explicit PlayerIndex(const std::vector<std::string>& players) {
    for (std::size_t i = 0; i < players.size(); ++i) index_.emplace(players[i], i);
  }
  std::size_t operator()(const std::string& name) const {
    const auto found = index_.find(name);
    if (found == index_.end()) throw std::invalid_argument("match row names an unknown player: " + name);
    return found->second;
  }

 private:
  std::map<std::string, std::size_t> index_;
};

// The tie-breaks that do not depend on who else is tied: every player's value, once the
// totals are known.
void fill_tie_breaks(std::vector<PlayerStanding>& by_player, const std::vector<const MatchRow*>& games,
                     const PlayerIndex& index_of, const RankingRules& rules) {
  const auto& tie_breaks = rules.tie_breaks;
  for (auto& entry : by_player) entry.tie_breaks.assign(tie_breaks.size(), std::nullopt);
  std::set<std::tuple<int, std::size_t, std::size_t>> pairings;  // (round, player, opponent), for Buchholz
  for (std::size_t k = 0; k < tie_breaks.size(); ++k) {
    const TieBreak& tie_break = tie_breaks[k];
    if (tie_break.kind == TieBreakKind::HeadToHead) continue;
    for (auto& entry : by_player) entry.tie_breaks[k] = 0.0;
    pairings.clear();
    for (const MatchRow* row : games) {
      const std::array<std::size_t, 2> who = {index_of(row->side[0].player), index_of(row->side[1].player)};
      for (int c = 0; c < 2; ++c) {
        const auto& side = row->side[static_cast<std::size_t>(c)];
        double& value = *by_player[who[static_cast<std::size_t>(c)]].tie_breaks[k];
        const auto opponent_total = static_cast<double>(by_player[who[static_cast<std::size_t>(1 - c)]].total);
        switch (tie_break.kind) {
          case TieBreakKind::Faults: value += side.fault ? 1 : 0; break;
          case TieBreakKind::Buchholz:
            // Once per pairing: the two colour-swapped games of a round are one meeting.
            if (pairings.emplace(row->round, who[static_cast<std::size_t>(c)], who[static_cast<std::size_t>(1 - c)])
                    .second) {
              value += opponent_total;
            }
            break;
          case TieBreakKind::SonnebornBerger: value += game_result(*row, c) * opponent_total; break;
          case TieBreakKind::Wins: value += game_result(*row, c) == 1.0 ? 1 : 0; break;
          case TieBreakKind::Value: {
            if (tie_break.value_name == "score") {
              value += side.score;
            } else if (const auto found = side.values.find(tie_break.value_name); found != side.values.end()) {
              value += static_cast<double>(found->second);
            }
            break;
          }
          case TieBreakKind::HeadToHead: break;
        }
      }
    }
  }
}

// Orders players of equal totals by the tie-breaks, in order; what is left tied shares a rank.
class TieBreaker {
 public:
  // `first_key`: what ranks before the tie-breaks, by player (its total, or its mean).
  TieBreaker(std::vector<PlayerStanding>& by_player, const std::vector<const MatchRow*>& games,
             const PlayerIndex& index_of, const RankingRules& rules, std::vector<double> first_key)
      : by_player_(by_player), games_(games), index_of_(index_of), rules_(rules), first_key_(std::move(first_key)) {}

  // The players in rank order, each with the number of its class of players tied on everything.
  std::vector<std::pair<std::size_t, int>> order() {
    std::vector<std::size_t> all(by_player_.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    split(
        all, [&](std::size_t i) { return first_key_[i]; }, false, 0);
    return ordered_;
  }

 private:
  // Sorts `members` by `value` (higher first unless `lower_first`), then by name, and refines
  // each run of equal values by tie-break `next`.
  template <typename Value>
  void split(std::vector<std::size_t> members, const Value& value, bool lower_first, std::size_t next) {
    std::vector<std::pair<double, std::size_t>> keyed;
    for (const std::size_t i : members) keyed.emplace_back(lower_first ? value(i) : -value(i), i);
    std::sort(keyed.begin(), keyed.end(), [&](const auto& a, const auto& b) {
      if (a.first != b.first) return a.first < b.first;
      return by_player_[a.second].player < by_player_[b.second].player;
    });
    for (std::size_t from = 0; from < keyed.size();) {
      std::size_t to = from + 1;
      while (to < keyed.size() && keyed[to].first == keyed[from].first) ++to;
      std::vector<std::size_t> run;
      for (std::size_t k = from; k < to; ++k) run.push_back(keyed[k].second);
      refine(std::move(run), next);
      from = to;
    }
  }

  void refine(std::vector<std::size_t> tied, std::size_t k) {
    if (tied.size() == 1 || k == rules_.tie_breaks.size()) {
      ++classes_;
      for (const std::size_t i : tied) ordered_.emplace_back(i, classes_);
      return;
    }
    const TieBreak& tie_break = rules_.tie_breaks[k];
    if (tie_break.kind == TieBreakKind::HeadToHead) head_to_head(tied, k);
    split(
        std::move(tied), [&](std::size_t i) { return *by_player_[i].tie_breaks[k]; }, lower_is_better(tie_break),
        k + 1);
  }

  // Each tied player's points in the games among them.
  void head_to_head(const std::vector<std::size_t>& tied, std::size_t k) {
    const std::set<std::size_t> group(tied.begin(), tied.end());
    for (const std::size_t i : tied) by_player_[i].tie_breaks[k] = 0.0;
    for (const MatchRow* row : games_) {
      const std::size_t red = index_of_(row->side[0].player);
      const std::size_t blue = index_of_(row->side[1].player);
      if (group.count(red) == 0 || group.count(blue) == 0) continue;
      *by_player_[red].tie_breaks[k] += game_points(rules_, *row, 0);
      *by_player_[blue].tie_breaks[k] += game_points(rules_, *row, 1);
    }
  }

  std::vector<PlayerStanding>& by_player_;
  const std::vector<const MatchRow*>& games_;
  const PlayerIndex& index_of_;
  const RankingRules& rules_;
  const std::vector<double> first_key_;
  std::vector<std::pair<std::size_t, int>> ordered_;
  int classes_ = 0;
};

}  // namespace

Standings compute_standings(const std::vector<std::string>& players, const std::vector<MatchRow>& rows, int up_to_round,
                            int rounds) {
  return compute_standings(players, rows, up_to_round, rounds, RankingRules{});
}

Standings compute_standings(const std::vector<std::string>& players, const std::vector<MatchRow>& rows, int up_to_round,
                            int rounds, const RankingRules& rules, const std::vector<Bye>& byes,
                            const std::map<std::string, std::string>& absent) {
  const std::size_t n = players.size();
  const PlayerIndex index_of(players);
  const auto games = counted_games(rows, up_to_round);

  std::vector<PlayerStanding> by_player(n);
  for (std::size_t i = 0; i < n; ++i) by_player[i].player = players[i];
  std::vector<std::vector<std::optional<std::int64_t>>> cross(n, std::vector<std::optional<std::int64_t>>(n));

  Standings standings;
  standings.round = up_to_round;
  standings.rounds = rounds;
  standings.rules = rules;
  standings.games_planned = static_cast<int>(n * (n - (n > 0 ? 1 : 0))) * std::max(up_to_round, 0);
  for (const MatchRow* row : games) {
    ++standings.games;
    const std::array<std::size_t, 2> who = {index_of(row->side[0].player), index_of(row->side[1].player)};
    for (std::size_t c = 0; c < 2; ++c) {
      const auto& side = row->side[c];
      auto& entry = by_player[who[c]];
      const int points = game_points(rules, *row, static_cast<int>(c));
      entry.total += points;
      entry.points += side.points;
      if (row->round == up_to_round) entry.round_score += points;
      ++entry.games;
      if (side.fault) ++entry.faults[static_cast<std::size_t>(*side.fault)];
      if (absent_side(*row, static_cast<int>(c))) entry.absence = side.exit;
      auto& cell = cross[who[c]][who[1 - c]];
      cell = cell.value_or(0) + points;
    }
  }
  for (const auto& bye : byes) {
    if (bye.round > up_to_round) continue;
    auto& entry = by_player[index_of(bye.player)];
    ++entry.byes;
    entry.total += rules.bye_points;
    if (bye.round == up_to_round) entry.round_score += rules.bye_points;
  }
  for (auto& entry : by_player) {
    // total / games rounded half up, in integers: scores are never negative.
    entry.mean_hundredths = entry.games == 0 ? 0 : (entry.total * 200 + entry.games) / (2 * entry.games);
  }
  fill_tie_breaks(by_player, games, index_of, rules);

  for (auto& entry : by_player) {
    if (const auto found = absent.find(entry.player); found != absent.end()) entry.absence = found->second;
  }
  // Equal numbers of games (a bye standing for its round's two) among the players still playing:
  // totals compare; else means do.
  std::vector<double> first_key(n);
  std::set<int> game_counts;
  for (const auto& entry : by_player) {
    if (entry.absence.empty()) game_counts.insert(entry.games + 2 * entry.byes);
  }
  standings.ranked_by_mean = game_counts.size() > 1;
  for (std::size_t i = 0; i < n; ++i) {
    const int counted = by_player[i].games + 2 * by_player[i].byes;
    first_key[i] = !standings.ranked_by_mean ? static_cast<double>(by_player[i].total)
                   : counted == 0            ? 0.0
                                             : static_cast<double>(by_player[i].total) / counted;
  }
  const auto order = TieBreaker(by_player, games, index_of, rules, std::move(first_key)).order();
  for (std::size_t k = 0; k < n; ++k) {
    auto& entry = by_player[order[k].first];
    // Shared rank: one more than the number of players ranked strictly higher.
    const bool tied_with_previous = k > 0 && order[k - 1].second == order[k].second;
    entry.rank = tied_with_previous ? standings.table.back().rank : static_cast<int>(k) + 1;
    standings.table.push_back(entry);
  }
  standings.cross.assign(n, std::vector<std::optional<std::int64_t>>(n));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) standings.cross[i][j] = cross[order[i].first][order[j].first];
  }
  return standings;
}

std::string format_hundredths(std::int64_t hundredths) {
  const bool negative = hundredths < 0;
  const std::int64_t magnitude = negative ? -hundredths : hundredths;
  return fmt::format("{}{}.{:02}", negative ? "-" : "", magnitude / 100, magnitude % 100);
}

}  // namespace amazes::competition
