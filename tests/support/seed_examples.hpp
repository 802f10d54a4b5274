#pragma once
// Positions from the worked examples of the seed rules (seeds/amazes-rules-en.txt), rebuilt
// as mazes because the seed only shows them as pictures.
#include "amazes/maze.hpp"
#include "amazes/maze_io.hpp"

namespace amazes::testing {

// "Getting information": red sees `W`, `W`, `LLBNW`, `W` — walls ahead, right and left, and
// a corridor of four squares behind. With red on 0-based (2,5) facing East the corridor runs
// West along row 2: (2,4) `L` and (2,3) `L` are open to the South (the left of West),
// (2,2) `B` is open both ways, (2,1) `N` is closed both ways, then the wall. The seed's
// "two vertical walls" forced by the corner rule are (3,2)|(3,3) and (3,3)|(3,4): below the
// corridor, between the three squares it opens into. The rest is any valid maze.
inline constexpr const char* kSeedViewMaze =
    "+-+-+-+-+-+-+-+\n"
    "|             |\n"
    "+ +-+ +-+-+-+ +\n"
    "| |   |       |\n"
    "+ +-+ +-+-+-+ +\n"
    "| |         | |\n"
    "+ +-+ + + +-+ +\n"
    "|   | | |   | |\n"
    "+-+ + + +-+ + +\n"
    "|   | |   |   |\n"
    "+ +-+ +-+ +-+ +\n"
    "|   |   |   | |\n"
    "+-+ + + + + + +\n"
    "|     |   |   |\n"
    "+-+-+-+-+-+-+-+\n";

inline constexpr Start kSeedViewRed{{2, 5}, Direction::East};
inline constexpr Start kSeedViewBlue{{6, 6}, Direction::South};

inline Maze seed_view_maze() { return parse_maze(kSeedViewMaze, "seed-view").maze; }

}  // namespace amazes::testing
