#pragma once
// Maze generation (docs/rules.md §2): connected, no open corner, loops like the official mazes.
#include <cstdint>

#include "amazes/maze.hpp"
#include "amazes/random.hpp"

namespace amazes {

struct GeneratorOptions {
  int size = kDefaultMazeSize;
  // Target number of independent loops (openings − (N²−1)); negative means the default:
  // uniform in round(51·N²/625)..round(54·N²/625), i.e. 51..54 on 25×25 like the official
  // mazes, scaled with the number of squares elsewhere. From N = 3 on a target below 1 is
  // raised to 1 (rule 4). A target larger than the no-open-corner rule allows ends with fewer
  // loops: the generator stops when no wall can be opened any more. A 2×2 maze is always a
  // spanning tree (see loop_required in checker.hpp).
  int loops = -1;
};

// A valid maze (check_maze finds nothing), deterministic per seed on every platform.
// Throws std::invalid_argument for a size outside 2..64. The algorithm is described at the
// top of generator.cpp.
Maze generate_maze(std::uint64_t seed, const GeneratorOptions& options = {});
Maze generate_maze(Rng& rng, const GeneratorOptions& options = {});

}  // namespace amazes
