// Sample bot "hunter": the explorer plus the distance line, to locate the opponent and catch it
// (+100 points each time; once every square is discovered, a catch is a sudden death).
// See common/hunter_bot.hpp (one turn) and common/opponent_tracker.hpp (where the opponent is).
//
// Options: --set NAME=VALUE for the planner's parameters (see ExplorerParams) and the hunter's
// own (catch_value, move_scale, min_chance, track_first, cap_margin, capped_step_cost; see
// HunterParams); --size N for a maze that is not 25×25 (tests only).
// With AMAZES_BOT_DEBUG set it writes "disc TURN COUNT" on stderr after each information phase.
#include <cstdlib>
#include <iostream>
#include <string>

#include "hunter_bot.hpp"
#include "params.hpp"
#include "protocol.hpp"

int main(int argc, char** argv) {
  using namespace amazes_bot;
  init_io();
  ExplorerParams params;
  HunterParams hunter;
  const bool ok = parse_explorer_params(argc, argv, params, [&](const std::string& name, double value) {
    if (name == "catch_value")
      hunter.catch_value = value;
    else if (name == "move_scale")
      hunter.move_scale = value;
    else if (name == "min_chance")
      hunter.min_chance = value;
    else if (name == "track_first")
      hunter.track_first = value != 0.0;
    else if (name == "cap_margin")
      hunter.cap_margin = value;
    else if (name == "capped_step_cost")
      hunter.capped_step_cost = value;
    else
      return false;
    return true;
  });
  if (!ok) return 2;
  const int size = parse_maze_size(argc, argv);
  if (size == 0) return 2;
  const bool debug = std::getenv("AMAZES_BOT_DEBUG") != nullptr;

  HunterBot bot(params, hunter, size);
  TurnInput turn;
  for (int t = 1; t <= kTurns; ++t) {
    if (!read_turn(turn)) return 0;  // "Quit" or the end of input
    const std::string line = bot.play(turn, t);
    if (debug) std::cerr << "disc " << t << ' ' << bot.discovered_after_view() << '\n';
    if (debug && t == kTurns) std::cerr << "estimated points " << bot.estimated_points() << '\n';
    write_move(line);
  }
  if (bot.memory().inconsistent()) std::cerr << "hunter: a view contradicted the map\n";
  return 0;
}
