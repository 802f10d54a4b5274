#pragma once
// How a competition ranks its players (config/README.md, "Points and tie-breaks"): the points
// each game gives each side, what a bye is worth, and the tie-breaks that order players with
// equal totals, in order; players equal on all of them share a place. The seeds' two systems
// are named presets. Pure values: the standings (standings.hpp) apply them.
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/competition/match_row.hpp"

namespace amazes::competition {

// A ranking setting that cannot be read; what() is one line naming the value.
class RankingError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// What a game is worth to a side: its score in the game (Amazes, More: CodeCup ranked on the
// sum of scores), or match points for the game's result, the side with the higher score
// winning (NIO 2001: 2/1/0).
enum class PointsSystem { Score, Match };
struct MatchPoints {
  int win = 2;
  int draw = 1;
  int loss = 0;
  friend bool operator==(const MatchPoints&, const MatchPoints&) = default;
};

enum class TieBreakKind {
  Faults,           // fewest irregular game ends: games in which the player faulted (lower is better)
  Buchholz,         // resistance points: the sum of the opponents' totals, once per pairing played
  SonnebornBerger,  // per game, the opponent's total for a win, half of it for a draw
  HeadToHead,       // the points scored in the games among the players still tied
  Wins,             // games won
  Value,            // the sum of a value the game reports per player (`value_name`; `score`: the game's score)
};
struct TieBreak {
  TieBreakKind kind = TieBreakKind::Faults;
  std::string value_name;  // TieBreakKind::Value only
  friend bool operator==(const TieBreak&, const TieBreak&) = default;
};

struct RankingRules {
  PointsSystem points = PointsSystem::Score;
  MatchPoints match_points;
  std::vector<TieBreak> tie_breaks;
  int bye_points = 0;  // what a bye adds to a player's total (a Swiss stage with an odd field)
  friend bool operator==(const RankingRules&, const RankingRules&) = default;
};

// The game's points for side 0 (red) or 1 (blue) under `rules`.
int game_points(const RankingRules& rules, const MatchRow& row, int side);
// 1 when side `side` won the game (the higher score), 0.5 for equal scores, 0 for a loss.
double game_result(const MatchRow& row, int side);

// Text forms, as config files and the store write them (each parse throws RankingError):
//   points:     "score" | "match" (2/1/0) | "match W/D/L"
//   tie-breaks: "none" | a comma-separated list of faults, buchholz, sonneborn-berger,
//               head-to-head, wins, value:NAME
//   presets:    "nio-2005" | "nio-2001" | "codecup"
std::string points_text(const RankingRules& rules);
void parse_points(std::string_view text, RankingRules& rules);
std::string tie_breaks_text(const std::vector<TieBreak>& tie_breaks);
std::vector<TieBreak> parse_tie_breaks(std::string_view text);
RankingRules ranking_preset(std::string_view name);
std::vector<std::string_view> ranking_preset_names();

// The column a tie-break has in the standings: "faults", "buchholz", "sonneborn_berger",
// "head_to_head", "wins", or the value's name.
std::string tie_break_column(const TieBreak& tie_break);
// True when a lower value is better (fewest faults).
bool lower_is_better(const TieBreak& tie_break);

}  // namespace amazes::competition
