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
  // Final scores are clamped to 1000: once our points surely exceed it, more catches are
  // worth nothing and letters cost nothing. Then the only thing left to win is the sudden death
  // (the opponent's points become 0), which needs every square discovered.
  double score_cap = 1000.0;
  double cap_margin = 150.0;      // "surely": our estimate exceeds the cap by this much
  double capped_step_cost = 0.2;  // the planner's step cost above the cap
};

class HunterBot {
 public:
  explicit HunterBot(ExplorerParams params = {}, HunterParams hunter = {}, int size = kMazeSize)
      : hunter_(hunter), memory_(size), explorer_(params), tracker_(hunter.move_scale), step_cost_(params.step_cost) {}

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
    const bool sudden_death = memory_.discovered_count() == memory_.square_count();
    const double mine = estimated_points();
    const bool capped = mine >= hunter_.score_cap + hunter_.cap_margin;
    explorer_.params().step_cost = capped ? hunter_.capped_step_cost : step_cost_;
    const double value = sudden_death ? std::max(hunter_.catch_value, 2.0 * mine) : capped ? 0.0 : hunter_.catch_value;
    Explorer::Bonus bonus;
    if (value > 0.0) {
      for (const auto& c : tracker_.candidates())
        if (c.probability >= hunter_.min_chance) bonus.push_back({c.cell, c.probability * value});
    }

    const std::string line = explorer_.plan(memory_, kTurns - turn + 1, bonus);
    memory_.walk(line);
    letters_ += static_cast<int>(line.size());
    if (!sudden_death) expected_catches_ += tracker_.probability_at(memory_.position());
    return line;
  }

  // Our points as far as we can tell: a point per square discovered and about half of them
  // first, the letters paid, and the catches we probably made.
  double estimated_points() const {
    return 1.5 * memory_.discovered_count() - letters_ + hunter_.catch_value * expected_catches_;
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
  double step_cost_;
  int letters_ = 0;  // points paid so far
  double expected_catches_ = 0.0;
  int discovered_after_view_ = 0;
};

}  // namespace amazes_bot
