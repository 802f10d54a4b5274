#pragma once
// The chunk interface (docs/formats.md §11): a competition's games handed to workers that need
// nothing but a folder they all see. The coordinator writes DIR/plan.json, the games still to
// play cut into chunks; a worker (`amazes work DIR --chunk I`, by hand, GNU parallel, a batch
// system's array task) plays its chunk and writes each finished game as two atomic files, its
// match log and DIR/finished/ID.json; only the coordinator (`amazes collect DIR`) writes the
// results store, so no database sits on a shared file system.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "amazes/arbiter/match.hpp"
#include "amazes/arbiter/match_log.hpp"

namespace amazes::competition {

inline constexpr const char* kGamePlanFormat = "amazes-plan/1";

// A plan or a finished game's file that cannot be used; what() is one line "FILE: …".
class PlanError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct PlannedGame {
  arbiter::MatchSpec spec;  // everything the match needs, the sandbox settings included
  int round = 0;
  std::string maze_name;
};

struct GamePlan {
  std::vector<PlannedGame> games;  // in schedule order
  int chunk_size = 1;              // games per chunk: chunk I is games [I × size, (I+1) × size)
  arbiter::LogFormat log_format = arbiter::LogFormat::Zst;
  int chunks() const { return (static_cast<int>(games.size()) + chunk_size - 1) / chunk_size; }
};

// What a worker writes once a game's log is on disk: what the store's row needs besides the log.
struct FinishedGame {
  std::string id;
  int round = 0;
  std::string maze_name;
  std::string log;  // relative to DIR, as in the store
  double duration_ms = 0.0;
  std::string played_at;
};

std::filesystem::path plan_path(const std::filesystem::path& dir);  // DIR/plan.json
std::filesystem::path finished_path(const std::filesystem::path& dir, const std::string& id);

// Atomic writes. Throws files::FileError.
void write_game_plan(const std::filesystem::path& dir, const GamePlan& plan);
void write_finished_game(const std::filesystem::path& dir, const FinishedGame& game);

// Throws PlanError naming the file and the field (a JSON pointer), or files::FileError.
GamePlan read_game_plan(const std::filesystem::path& dir);
// Every finished game in DIR/finished/ (sorted by id); throws PlanError for a bad one.
std::vector<FinishedGame> finished_games(const std::filesystem::path& dir);

class ResultsStore;

// Stores every finished game of DIR that `store` does not hold yet (its row from its log, read
// and checked as any log is, with the worker's duration and time); returns how many. The caller
// holds DIR's lock. Throws std::runtime_error naming a bad file.
int store_finished_games(const std::filesystem::path& dir, ResultsStore& store);

// The chunks of `plan` with a game that has no finished file yet.
std::vector<int> unfinished_chunks(const std::filesystem::path& dir, const GamePlan& plan);

}  // namespace amazes::competition
