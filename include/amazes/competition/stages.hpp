#pragma once
// The stages of a tournament (config/README.md, "Formats"): a first stage of rounds in which
// every ordered pair meets once per round (round robin, the default) or players of nearest
// standing meet (Swiss), then optionally a final: a round robin of the first stage's top K.
//
// A round has one number in the store, the logs and the schedule: the first stage's round r is
// r (1..kMaxRounds), the final's round f is kFinalRoundBase + f. So rounds sort in the order
// they are played, and each has its own maze (maze_seed of that number).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace amazes::competition {

enum class Format { RoundRobin, Swiss };
std::string_view format_name(Format format);  // "round-robin", "swiss"
std::optional<Format> format_from_name(std::string_view name);

struct StagePlan {
  Format format = Format::RoundRobin;
  int final_top = 0;     // players in the final; 0: no final
  int final_rounds = 0;  // rounds of the final (each: every ordered pair once)
  int decide_top = 0;    // the adaptive final settles places 1..decide_top; 0: none
  int max_games = 0;     // the adaptive final stops once the competition has this many games
  friend bool operator==(const StagePlan&, const StagePlan&) = default;
};

inline constexpr int kFinalRoundBase = 1000;
inline constexpr int kMaxFinalRounds = 100;
inline constexpr int kMaxFinalPlayers = 100;
inline constexpr int kMaxCompetitionGames = 100000000;  // --max-games

bool is_final_round(int round);
int final_round(int final_number);  // the round number of the final's round f
// The round's number within its stage: r, or f of the final.
int round_in_stage(int round);
// "round 3", "final round 1".
std::string round_label(int round);
// The round's folder in the output directory: "round-03", "final-round-01".
std::string round_folder(int round);
// "r03-red-blue", "final-r01-red-blue": the round and both names, red first. Independent of the
// other players, so adding a player leaves every existing id (and log file name) unchanged.
std::string match_id(int round, std::string_view red, std::string_view blue);

// The round's place in that order, from 1 (a maze directory's file is taken by it).
int play_order_place(int round, int rounds);

}  // namespace amazes::competition
