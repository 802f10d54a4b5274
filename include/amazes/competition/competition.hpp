#pragma once
// What a competition is: the players, the rounds and their mazes, the seed the starts are
// drawn from, and the match settings that decide scores. Two runs may add results to the
// same store only when all of this agrees (the players may grow, the rounds may be extended).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

#include "amazes/arbiter/match_record.hpp"
#include "amazes/competition/player_policy.hpp"
#include "amazes/competition/players.hpp"
#include "amazes/competition/ranking.hpp"
#include "amazes/competition/stages.hpp"
#include "amazes/maze.hpp"

namespace amazes::competition {

// Bounds a competition's size is checked against before anything is scheduled: each round or
// pair costs memory and time up front (a schedule, its mazes), so a mistyped count must be
// refused, not start a run that never plays its first game.
inline constexpr int kMaxRounds = 1000;
inline constexpr int kMaxVersusGames = 10000;

struct MazeSource {
  // Maze files (*.txt, *.maze) of this directory in file-name order, round 1 = the first file,
  // starting again at the first file when there are more rounds than files.
  // Nothing: each round's maze is generated from the competition seed.
  std::optional<std::filesystem::path> directory;
  int size = kDefaultMazeSize;  // of generated mazes
};

// What the store of an output directory holds: a round-robin tournament (`amazes tournament`)
// or a regression run of one new player against old ones (`amazes versus`, versus.hpp). The
// kind is stored (meta "kind"; a store without it is a tournament), and each command refuses
// the other's store.
enum class CompetitionKind { Tournament, Versus };
std::string_view competition_kind_name(CompetitionKind kind);  // "tournament", "versus"
std::optional<CompetitionKind> competition_kind_from_name(std::string_view name);

struct Competition {
  CompetitionKind kind = CompetitionKind::Tournament;
  // The contest's name (`name`, contest_name.hpp), empty when it has none: it titles the site's
  // pages, the terminal output and the standings files. Kept in the store; a run may rename it.
  std::string name;
  // A tournament: every player, in order of entry. A versus run: the new player first, then
  // every opponent it has met in this store.
  std::vector<PlayerSpec> players;
  int rounds = 1;        // of the first stage; a versus run: the pairs whose maze is in the store
  StagePlan stages;      // a tournament's format and final
  RankingRules ranking;  // a tournament's points and tie-breaks
  // Given (--seed, a config file), else the store's, else drawn at random (random_seed.hpp)
  // and stored: a competition's mazes are never known before it starts.
  std::uint64_t seed = 0;
  MazeSource mazes;
  arbiter::MatchSettings settings;
  // A tournament's exclusions and withdrawals (player_policy.hpp): kept in the store's meta,
  // and changed by the organiser between runs; the store's competition() leaves it empty.
  PlayerPolicy policy;
};

}  // namespace amazes::competition
