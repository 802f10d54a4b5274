// Sample bot "explorer": keeps a map of what it has seen, in its own frame (it never learns where
// it is in the maze), applies the judge's discovery rules to know which squares are new, and each
// turn walks, in one line, to the square that promises the most new squares for its steps.
// See common/maze_memory.hpp (the map) and common/exploration.hpp (the choice of the walk).
//
// Options: --set NAME=VALUE changes a parameter of the planner (see ExplorerParams), for tuning.
// With the environment variable AMAZES_BOT_DEBUG set, it writes "disc TURN COUNT" on stderr after
// each information phase: the number of squares it believes it has discovered.
#include <cstdlib>
#include <iostream>
#include <string>

#include "exploration.hpp"
#include "maze_memory.hpp"
#include "params.hpp"
#include "protocol.hpp"

int main(int argc, char** argv) {
  using namespace amazes_bot;
  init_io();
  ExplorerParams params;
  if (!parse_explorer_params(argc, argv, params)) return 2;
  const bool debug = std::getenv("AMAZES_BOT_DEBUG") != nullptr;

  MazeMemory memory;
  Explorer explorer(params);
  TurnInput turn;
  for (int t = 1; t <= kTurns; ++t) {
    if (!read_turn(turn)) return 0;
    memory.see(turn.corridors);
    if (debug) std::cerr << "disc " << t << ' ' << memory.discovered_count() << '\n';
    const std::string line = explorer.plan(memory, kTurns - t + 1);
    write_move(line);
    memory.walk(line);
  }
  if (memory.inconsistent()) std::cerr << "explorer: the view contradicted the map\n";
  return 0;
}
