#pragma once
// One played match as the results store keeps it: who played which colour from which start,
// and what came out. The full record (every turn) is in the match log the row points to.
#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/arbiter/match_record.hpp"
#include "amazes/game.hpp"
#include "amazes/maze.hpp"

namespace amazes::competition {

struct MatchSide {
  std::string player;
  Start start;
  int points = 0;
  int score = 0;
  std::optional<FaultKind> fault;
  std::optional<int> fault_turn;
  double time_ms = 0.0;  // time charged to the player
  std::string exit;      // how its process ended
  // Values a referee reported for the player beside the score (docs/referees.md), by name: what
  // a contest may rank by (a tie-break such as Susan's move points).
  std::map<std::string, std::int64_t> values;
  friend bool operator==(const MatchSide&, const MatchSide&) = default;
};

struct MatchRow {
  std::string id;
  int round = 0;
  std::string maze;                   // the round's maze name
  std::array<MatchSide, 2> side;      // red, blue
  std::optional<std::uint64_t> seed;  // the seed the starts were drawn from
  GameEnd end = GameEnd::Normal;
  int turns = 0;             // turn records in the log
  double duration_ms = 0.0;  // wall time the judge spent on the match
  std::string log;           // relative to the output directory: matches/<id>.json
  std::string status = "played";
  std::string played_at;  // UTC, ISO 8601
  friend bool operator==(const MatchRow&, const MatchRow&) = default;
};

// The log path of a match, relative to the output directory: matches/ID.json or .json.zst.
std::string match_log_path(const std::string& id, arbiter::LogFormat format = arbiter::LogFormat::Json);

// Writes a game's log at OUT_DIR/LOG (a match_log_path) and removes the same game's log in the
// other format, left by an earlier run that played the game with another --log-format but did
// not store it: a game has one log, and readers that list the folder see it once.
void write_game_log(const std::filesystem::path& out_dir, const std::string& log, const arbiter::MatchRecord& record);

// A row from a match record and the round it belongs to.
MatchRow match_row(const arbiter::MatchRecord& record, int round, const std::string& maze_name, double duration_ms,
                   std::string played_at, arbiter::LogFormat log_format = arbiter::LogFormat::Json);

// "2024-05-01T12:34:56Z" for now.
std::string utc_timestamp_now();

}  // namespace amazes::competition
