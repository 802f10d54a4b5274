// Sample bot "explorer": keeps a map of what it has seen, in its own frame (it never learns where
// it is in the maze), applies the judge's discovery rules to know which squares are new, and each
// turn walks, in one line, to the square that promises the most new squares for its letters.
// See common/maze_memory.hpp (the map), common/exploration.hpp (the choice of the walk) and
// common/explorer_bot.hpp (one turn).
//
// Options: --set NAME=VALUE changes a parameter of the planner (see ExplorerParams), for tuning;
// --size N for a maze that is not 25×25 (only in tests: the protocol does not tell the size).
// With the environment variable AMAZES_BOT_DEBUG set, it writes "disc TURN COUNT" on stderr after
// each information phase: the number of squares it believes it has discovered.
#include <cstdlib>
#include <iostream>
#include <string>

#include "explorer_bot.hpp"
#include "params.hpp"
#include "protocol.hpp"

int main(int argc, char** argv) {
  using namespace amazes_bot;
  init_io();
  ExplorerParams params;
  if (!parse_explorer_params(argc, argv, params)) return 2;
  const int size = parse_maze_size(argc, argv);
  if (size == 0) return 2;
  const bool debug = std::getenv("AMAZES_BOT_DEBUG") != nullptr;

  ExplorerBot bot(params, size);
  TurnInput turn;
  for (int t = 1; t <= kTurns; ++t) {
    if (!read_turn(turn)) return 0;  // "Quit" or the end of input
    const std::string line = bot.play(turn, t);
    if (debug) std::cerr << "disc " << t << ' ' << bot.discovered_after_view() << '\n';
    write_move(line);
  }
  if (bot.memory().inconsistent()) std::cerr << "explorer: a view contradicted the map\n";
  return 0;  // after the last turn: exit by ourselves, do not wait for "Quit"
}
