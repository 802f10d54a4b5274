#pragma once
// What tournaments and versus runs share of a request: the maze source, the seed and the match
// settings, each optional (nothing = not given), and how they are completed from a store. With
// a store present every option left out takes the stored value, and a given value that differs
// from the stored one is refused: results of two competitions are never mixed.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/competition/competition.hpp"

namespace amazes::competition {

// The request contradicts the competition in the store; what() is one line.
class CompetitionMismatch : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Where the games are played (executor.hpp). Not part of the competition: every executor plays
// the same games with the same rules and sandbox, so a run may switch between them.
//   local: here, `jobs` at a time;
//   plan:  the games still to play are written as DIR/plan.json for workers (game_plan.hpp), in
//          chunks of `chunk_size` games, and the command stops;
//   slurm: that plan as Slurm job arrays, followed and collected.
enum class ExecutorKind { Local, Plan, Slurm };

// sbatch's options for the slurm executor.
struct SlurmSettings {
  std::string partition;             // empty: the cluster's default
  std::string account;               // empty: the user's default
  std::string time_limit;            // per task, as sbatch --time takes it; empty: the partition's
  int cpus_per_task = 1;             // a game runs its judge and two players taking turns: one CPU
  int max_running = 0;               // tasks at once (--array=…%M); 0: as many as Slurm starts
  std::vector<std::string> options;  // more sbatch options, word by word
};

// Games per chunk by default: a chunk of fast games runs for tens of seconds, as Slurm starts
// only a few tasks per second.
inline constexpr int kDefaultChunkSize = 20;

struct CompetitionRequest {
  std::optional<std::filesystem::path> mazes;
  std::optional<std::uint64_t> seed;  // nothing: the store's, else drawn at random
  std::optional<int> size;
  // The match and sandbox settings (arbiter::setting_fields()): the given ones by key, the rest
  // defaults. The sandbox's are not part of the competition (they change no rule; each match log
  // records what was used).
  arbiter::MatchSettings settings;
  std::set<std::string, std::less<>> given_settings;
  std::optional<int> jobs;
  // Write an HTML replay beside each match log as its game is stored (--replays). Not part of
  // the competition either: a resumed run may turn it on or off.
  bool replays = false;
  // The format of the match logs this run writes (--log-format). Not part of the competition:
  // each stored game's row names its own log, so a resumed run may write the other format.
  arbiter::LogFormat log_format = arbiter::LogFormat::Json;
  ExecutorKind executor = ExecutorKind::Local;
  // Before the first game played here, each player plays its first turn alone (the one-turn
  // trial, src/cli/player_trial.hpp); --no-trial skips it. Not part of the competition.
  bool trial = true;
  int chunk_size = kDefaultChunkSize;
  SlurmSettings slurm;
};

// Fills the seed, the maze source and the settings of `competition` from the request and the
// stored competition (`stored`, read from `store_file`). Throws CompetitionMismatch naming the
// option, the stored and the given value. Grace, the stderr limit and the sandbox are not part
// of a competition (they change no score) and come from the request or the defaults.
// Returns true when the seed was drawn at random (neither given nor stored): the user must be
// told it, as it is the only way to play the same games again elsewhere.
bool resolve_common(const CompetitionRequest& request, const std::optional<Competition>& stored,
                    const std::filesystem::path& store_file, Competition& competition);

// "STORE: the competition in this store has WHAT STORED, this run asks for GIVEN; …".
CompetitionMismatch competition_mismatch(const std::filesystem::path& store_file, std::string_view what,
                                         const std::string& stored, const std::string& given);

}  // namespace amazes::competition
