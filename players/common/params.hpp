#pragma once
// The command line of the explorer and the hunter: --set NAME=VALUE (repeatable) tunes the
// planner, --size N tells the maze size.
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

#include "exploration.hpp"

namespace amazes_bot {

inline bool set_explorer_param(ExplorerParams& p, const std::string& name, double v) {
  if (name == "open_probability")
    p.open_probability = v;
  else if (name == "step_cost")
    p.step_cost = v;
  else if (name == "min_probability")
    p.min_probability = v;
  else if (name == "first_bonus")
    p.first_bonus = v;
  else if (name == "lookahead")
    p.lookahead = static_cast<int>(v);
  else if (name == "lookahead_radius")
    p.lookahead_radius = static_cast<int>(v);
  else if (name == "future_weight")
    p.future_weight = v;
  else if (name == "travel_threshold")
    p.travel_threshold = v;
  else if (name == "travel_step")
    p.travel_step = v;
  else if (name == "travel_ratio")
    p.travel_ratio = v;
  else if (name == "travel_steps")
    p.travel_steps = static_cast<int>(v);
  else
    return false;
  return true;
}

// Reads every "--set NAME=VALUE" of the command line; false (after a message) on a bad one.
// Names that are not the planner's go to `other` (a bot's own parameters).
template <class Other>
inline bool parse_explorer_params(int argc, char** argv, ExplorerParams& p, Other other) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--set") != 0 || i + 1 >= argc) continue;
    const std::string arg = argv[++i];
    const auto eq = arg.find('=');
    const std::string name = arg.substr(0, eq == std::string::npos ? 0 : eq);
    const double value = eq == std::string::npos ? 0.0 : std::atof(arg.c_str() + eq + 1);
    if (eq == std::string::npos || !(set_explorer_param(p, name, value) || other(name, value))) {
      std::cerr << "unknown parameter: " << arg << '\n';
      return false;
    }
  }
  return true;
}

inline bool parse_explorer_params(int argc, char** argv, ExplorerParams& p) {
  return parse_explorer_params(argc, argv, p, [](const std::string&, double) { return false; });
}

// "--size N": the maze size, which the protocol does not tell (25 in the game; other sizes only
// in tests). Returns 0 (after a message) when it is not in 2..kMaxMazeSize.
inline int parse_maze_size(int argc, char** argv) {
  int size = kMazeSize;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--size") == 0) size = std::atoi(argv[i + 1]);
  if (size < 2 || size > kMaxMazeSize) {
    std::cerr << "--size must be 2.." << kMaxMazeSize << '\n';
    return 0;
  }
  return size;
}

}  // namespace amazes_bot
