// Sample bot "hunter": the explorer (common/exploration.hpp) plus the distance line. It tracks
// where the opponent can be (common/opponent_tracker.hpp) and
//  - values ending its turn on a square where the opponent may stand: +100 points for a catch,
//    or, once it has discovered every square, a sudden death that doubles its points and wipes
//    out the opponent's;
//  - values new squares near where the opponent has been at 1 point rather than 2 (the opponent
//    has probably discovered them first).
//
// Options: --set NAME=VALUE for the planner's parameters (see ExplorerParams) and its own:
// catch_value, move_scale, track_first (1: first-discovery chances from the track, 0: uniform).
// With AMAZES_BOT_DEBUG set it writes "disc TURN COUNT" on stderr after each information phase.
#include <cstdlib>
#include <iostream>
#include <string>

#include "exploration.hpp"
#include "maze_memory.hpp"
#include "opponent_tracker.hpp"
#include "params.hpp"
#include "protocol.hpp"

namespace {

struct HunterParams {
  double catch_value = 100.0;   // the catch bonus of the rules
  double move_scale = 3.0;      // typical distance the opponent moves in a turn
  double min_chance = 0.01;     // opponent squares less likely than this are ignored
  bool track_first = true;      // estimate first discoveries from the opponent's track
};

}  // namespace

int main(int argc, char** argv) {
  using namespace amazes_bot;
  init_io();
  ExplorerParams params;
  HunterParams hunter;
  const bool ok = parse_explorer_params(argc, argv, params, [&](const std::string& name, double value) {
    if (name == "catch_value") hunter.catch_value = value;
    else if (name == "move_scale") hunter.move_scale = value;
    else if (name == "min_chance") hunter.min_chance = value;
    else if (name == "track_first") hunter.track_first = value != 0.0;
    else return false;
    return true;
  });
  if (!ok) return 2;
  const bool debug = std::getenv("AMAZES_BOT_DEBUG") != nullptr;

  MazeMemory memory;
  Explorer explorer(params);
  OpponentTracker tracker(hunter.move_scale);
  Explorer::FirstChance first_chance{};
  int letters = 0;  // points paid so far
  TurnInput turn;
  for (int t = 1; t <= kTurns; ++t) {
    if (!read_turn(turn)) return 0;
    memory.see(turn.corridors);
    tracker.observe(memory, turn.distance2);
    if (debug) std::cerr << "disc " << t << ' ' << memory.discovered_count() << '\n';

    if (hunter.track_first) {
      first_chance = tracker.first_chance();
      explorer.set_first_chance(&first_chance);
    }
    // A catch once every square is discovered ends the game: our points double, theirs vanish.
    // Our points are about 1.5 per square discovered, less the letters paid.
    const bool sudden_death = memory.discovered_count() == kMazeSize * kMazeSize;
    const double mine = 1.5 * memory.discovered_count() - letters;
    const double value = sudden_death ? std::max(hunter.catch_value, 2.0 * mine) : hunter.catch_value;
    Explorer::Bonus bonus;
    for (const auto& c : tracker.candidates())
      if (c.probability >= hunter.min_chance) bonus.push_back({c.cell, c.probability * value});

    const std::string line = explorer.plan(memory, kTurns - t + 1, bonus);
    write_move(line);
    memory.walk(line);
    letters += static_cast<int>(line.size());
  }
  return 0;
}
