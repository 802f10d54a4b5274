#pragma once
// Standings (CodeCup ranks by total score): per player the total score, the score of the
// latest round, games, mean and faults by kind; and a cross table of each player's total
// score against each opponent. Pure arithmetic over match rows.
//
// Ranking: by total score, higher first. Equal totals share a rank ("1, 2, 2, 4"), listed by
// name; nothing else breaks a tie, as in CodeCup's tables, which ranked on the total alone.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "amazes/competition/match_row.hpp"
#include "amazes/game.hpp"

namespace amazes::competition {

struct PlayerStanding {
  int rank = 0;
  std::string player;
  std::int64_t total = 0;        // sum of scores
  std::int64_t round_score = 0;  // sum of scores in the latest round of the table
  int games = 0;
  std::int64_t mean_hundredths = 0;                 // total / games in hundredths, rounded half up; 0 without games
  std::array<int, kAllFaultKinds.size()> faults{};  // games faulted, by FaultKind
  std::int64_t points = 0;                          // sum of points (before the fault and clamp rules)
  friend bool operator==(const PlayerStanding&, const PlayerStanding&) = default;
};

struct Standings {
  int round = 0;                      // the latest round the table covers (the "round" column)
  int rounds = 0;                     // rounds in the competition
  int games = 0;                      // games counted
  int games_planned = 0;              // games of the rounds covered when every pair has played
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

// "467.78": a mean in hundredths as text with two decimals.
std::string format_hundredths(std::int64_t hundredths);

// True when every ordered pair of the players has a row in the round.
bool round_complete(const std::vector<std::string>& players, const std::vector<MatchRow>& rows, int round);

}  // namespace amazes::competition
