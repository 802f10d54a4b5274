#pragma once
// What a competition is: the players, the rounds and their mazes, the seed the starts are
// drawn from, and the match settings that decide scores. Two runs may add results to the
// same store only when all of this agrees (the players may grow, the rounds may be extended).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

#include "amazes/arbiter/match_record.hpp"
#include "amazes/competition/players.hpp"
#include "amazes/maze.hpp"

namespace amazes::competition {

// The competition seed when none is given: fixed, so that the same command on the same
// players gives the same schedule everywhere (and a re-run resumes instead of conflicting).
inline constexpr std::uint64_t kDefaultCompetitionSeed = 2010;

struct MazeSource {
  // Maze files (*.txt, *.maze) of this directory in file-name order, round 1 = the first file,
  // starting again at the first file when there are more rounds than files.
  // Nothing: each round's maze is generated from the competition seed.
  std::optional<std::filesystem::path> directory;
  int size = kDefaultMazeSize;  // of generated mazes
};

struct Competition {
  std::vector<PlayerSpec> players;
  int rounds = 1;
  std::uint64_t seed = kDefaultCompetitionSeed;
  MazeSource mazes;
  arbiter::MatchSettings settings;
};

}  // namespace amazes::competition
