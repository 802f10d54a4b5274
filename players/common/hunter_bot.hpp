#pragma once
// The sample bot "hunter", one turn at a time: the explorer plus the distance line. It tracks
// where the opponent can be (opponent_tracker.hpp) and
//  - values ending its turn on a square where the opponent may stand: +100 points for a catch,
//    or, once it has discovered every square, a sudden death that doubles its points and wipes
//    out the opponent's;
//  - values new squares near where the opponent has been at 1 point rather than 2 (the opponent
//    has probably discovered them first).
// players/hunter.cpp wraps it in the protocol loop; the benchmarks drive it in-process.
#include <algorithm>
#include <string>

#include "exploration.hpp"
#include "maze_memory.hpp"
#include "opponent_tracker.hpp"
#include "protocol.hpp"

namespace amazes_bot {

struct HunterParams {
  double catch_value = 100.0;  // the catch bonus of the rules
  double move_scale = 3.0;     // typical distance the opponent moves in a turn
  double min_chance = 0.01;    // opponent squares less likely than this are ignored
  bool track_first = true;     // estimate first discoveries from the opponent's track
};

class HunterBot {
 public:
  explicit HunterBot(ExplorerParams params = {}, HunterParams hunter = {})
      : hunter_(hunter), explorer_(params), tracker_(hunter.move_scale) {}

  // The line for turn `turn` (1-based) given its input.
  std::string play(const TurnInput& input, int turn) {
    memory_.see(input.corridors);
    discovered_after_view_ = memory_.discovered_count();
    tracker_.observe(memory_, input.distance2);
    if (hunter_.track_first) {
      first_chance_ = tracker_.first_chance();
      explorer_.set_first_chance(&first_chance_);
    }
    // A catch once every square is discovered ends the game: our points double, theirs vanish.
    // Our points are about 1.5 per square discovered, less the letters paid.
    const bool sudden_death = memory_.discovered_count() == kMazeSize * kMazeSize;
    const double mine = 1.5 * memory_.discovered_count() - letters_;
    const double value = sudden_death ? std::max(hunter_.catch_value, 2.0 * mine) : hunter_.catch_value;
    Explorer::Bonus bonus;
    for (const auto& c : tracker_.candidates())
      if (c.probability >= hunter_.min_chance) bonus.push_back({c.cell, c.probability * value});

    const std::string line = explorer_.plan(memory_, kTurns - turn + 1, bonus);
    memory_.walk(line);
    letters_ += static_cast<int>(line.size());
    return line;
  }

  const MazeMemory& memory() const { return memory_; }
  // Squares discovered after this turn's information phase (before the walk).
  int discovered_after_view() const { return discovered_after_view_; }

 private:
  HunterParams hunter_;
  MazeMemory memory_;
  Explorer explorer_;
  OpponentTracker tracker_;
  Explorer::FirstChance first_chance_{};
  int letters_ = 0;  // points paid so far
  int discovered_after_view_ = 0;
};

}  // namespace amazes_bot
