#pragma once
// Standings: per player the total (the points of its games under the ranking rules, ranking.hpp:
// by default the sum of scores, as CodeCup ranked), the points of the latest round, the
// tie-breaks, games, mean and faults by kind; and a cross table of each player's points against
// each opponent. Pure arithmetic over match rows.
//
// Ranking: by total, higher first; equal totals are ordered by the rules' tie-breaks, in order
// (head-to-head among the players still tied at that point). Players equal on all of them share
// a rank ("1, 2, 2, 4"), listed by name.
//
// Totals compare only over equal numbers of games. When the players have played unequal numbers
// (a tournament interrupted, or read in the middle of a round; a Swiss bye stands for the two
// games of its round), the table is partial and ranks by the mean points per game instead
// (Standings::ranked_by_mean), which its title says.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "amazes/competition/match_row.hpp"
#include "amazes/competition/ranking.hpp"
#include "amazes/game.hpp"

namespace amazes::competition {

struct PlayerStanding {
  int rank = 0;
  std::string player;
  std::int64_t total = 0;        // sum of the games' points (and byes) under the ranking rules
  std::int64_t round_score = 0;  // the same in the latest round of the table
  int games = 0;
  std::int64_t mean_hundredths = 0;                 // total / games in hundredths, rounded half up; 0 without games
  std::array<int, kAllFaultKinds.size()> faults{};  // games faulted, by FaultKind
  std::int64_t points = 0;                          // sum of points (before the fault and clamp rules)
  // One per tie-break of the rules, in order; head-to-head only for players it compared.
  std::vector<std::optional<double>> tie_breaks;
  int byes = 0;
  // "excluded" or "withdrawn" once it lost a game as absent (player_policy.hpp), else empty.
  std::string absence;
  friend bool operator==(const PlayerStanding&, const PlayerStanding&) = default;
};

// A round of a Swiss stage in which `player` had no opponent (ranking.hpp: bye_points).
struct Bye {
  int round = 0;
  std::string player;
  friend bool operator==(const Bye&, const Bye&) = default;
};

struct Standings {
  int round = 0;          // the latest round the table covers (the "round" column)
  int rounds = 0;         // rounds in the competition
  int games = 0;          // games counted
  int games_planned = 0;  // games of the rounds covered when every pair has played
  RankingRules rules;
  // The players have played unequal numbers of games: ranked by total / (games + 2 byes).
  bool ranked_by_mean = false;
  std::vector<PlayerStanding> table;  // in rank order
  // cross[i][j]: the total score of table[i] in its games against table[j]; nothing when they
  // have not played each other (and on the diagonal).
  std::vector<std::vector<std::optional<std::int64_t>>> cross;
  friend bool operator==(const Standings&, const Standings&) = default;
};

// The standings over the rows of rounds 1..up_to_round. `players` lists every player of the
// competition (those without games appear with zeros); rows naming another player are an error
// (std::invalid_argument).
Standings compute_standings(const std::vector<std::string>& players, const std::vector<MatchRow>& rows, int up_to_round,
                            int rounds);
// The same under `rules`, with the byes of rounds 1..up_to_round counted. `absent`: players that
// no longer play (player_policy.hpp, absent_players), by what they are: marked so, and left out
// when deciding whether the players have played equal numbers of games (a Swiss stage does not
// pair them: they have fewer).
Standings compute_standings(const std::vector<std::string>& players, const std::vector<MatchRow>& rows, int up_to_round,
                            int rounds, const RankingRules& rules, const std::vector<Bye>& byes = {},
                            const std::map<std::string, std::string>& absent = {});

// "467.78": a mean in hundredths as text with two decimals.
std::string format_hundredths(std::int64_t hundredths);

}  // namespace amazes::competition
