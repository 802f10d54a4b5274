#pragma once
// The sample bot "explorer", one turn at a time: the information phase into its map, then the
// planner's line, then the walk on its map. players/explorer.cpp wraps it in the protocol loop;
// the benchmarks drive it in-process.
#include <string>

#include "exploration.hpp"
#include "maze_memory.hpp"
#include "protocol.hpp"

namespace amazes_bot {

class ExplorerBot {
 public:
  explicit ExplorerBot(ExplorerParams params = {}, int size = kMazeSize) : memory_(size), explorer_(params) {}

  // The line for turn `turn` (1-based) given its input.
  std::string play(const TurnInput& input, int turn) {
    memory_.see(input.corridors);
    discovered_after_view_ = memory_.discovered_count();
    const std::string line = explorer_.plan(memory_, kTurns - turn + 1);
    memory_.walk(line);
    return line;
  }

  const MazeMemory& memory() const { return memory_; }
  // Squares discovered after this turn's information phase (before the walk).
  int discovered_after_view() const { return discovered_after_view_; }

 private:
  MazeMemory memory_;
  Explorer explorer_;
  int discovered_after_view_ = 0;
};

}  // namespace amazes_bot
