#pragma once
// Maze generation (RULES.md §2): connected, no open corner, loops like the official mazes.
#include <cstdint>

#include "amazes/maze.hpp"
#include "amazes/random.hpp"

namespace amazes {

struct GeneratorOptions {
  int size = kDefaultMazeSize;
  // Target number of independent loops (openings − (N²−1)); negative means the default,
  // which scales the official density (about 52 on 25×25) with the number of squares.
  int loops = -1;
};

// Deterministic per seed on every platform.
Maze generate_maze(std::uint64_t seed, const GeneratorOptions& options = {});
Maze generate_maze(Rng& rng, const GeneratorOptions& options = {});

}  // namespace amazes
