#pragma once
// Plays real matches in tests: bundled maze 1 with the starts of seed 1, short budgets, and
// checks that hold for every match (the log agrees with the rules engine, no process left).
#include <sys/wait.h>

#include <cerrno>
#include <string>

#include "amazes/arbiter/match.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/replay.hpp"
#include "amazes/starts.hpp"
#include "support/files.hpp"

namespace amazes::testing {

inline std::string bot_path(const std::string& name) { return (binary_dir() / "tests" / "bots" / name).string(); }
inline std::string player_path(const std::string& name) { return (binary_dir() / "players" / name).string(); }

inline arbiter::MatchSpec match_spec(const std::string& red_command, const std::string& blue_command) {
  arbiter::MatchSpec spec;
  spec.id = "test";
  const Maze maze = parse_maze(read_file(source_dir() / "mazes" / "maze-0001.maze")).maze;
  spec.setup = arbiter::amazes_setup(maze, *draw_starts_for_seed(maze, 1), 1);
  spec.players = {arbiter::PlayerSpec{"red", red_command}, arbiter::PlayerSpec{"blue", blue_command}};
  spec.settings.time_ms = 1000;
  spec.settings.wall_guard_extra_ms = 300;
  spec.settings.grace_ms = 300;
  return spec;
}

// True when this process has no child at all, running or zombie. The judge is a child
// subreaper, so a player's orphaned descendants would be its children too.
inline bool no_child_left() {
  siginfo_t info{};
  return ::waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) == -1 && errno == ECHILD;
}

// The points the rules engine gives for the game the record describes, and whether every
// recorded turn agrees with it.
inline Replay replay_of(const arbiter::MatchRecord& record) {
  const arbiter::AmazesRecord& played = *record.amazes();
  return replay_game(played.board.maze, played.board.starts, GameSettings{.turns = record.settings.turns},
                     played.turns);
}

}  // namespace amazes::testing
