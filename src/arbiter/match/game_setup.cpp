// The setup a match is played on, and Amazes' setup as a maze file's text.
#include "amazes/arbiter/game_setup.hpp"

#include <stdexcept>

#include "amazes/maze_io.hpp"

namespace amazes::arbiter {

GameSetup seed_setup(const MatchSettings& settings, std::optional<std::uint64_t> seed) {
  return {settings.game.name(), seed, ""};
}

GameSetup amazes_setup(const Maze& maze, const Starts& starts, std::optional<std::uint64_t> seed) {
  return {std::string(kAmazesGame), seed, format_maze(maze, starts)};
}

AmazesBoard amazes_board(const GameSetup& setup) {
  MazeFile parsed;
  try {
    parsed = parse_maze(setup.payload, "the game's setup");
  } catch (const MazeParseError& e) {
    throw std::invalid_argument(std::string("an Amazes setup that is no maze file: ") + e.what());
  }
  if (!parsed.starts) throw std::invalid_argument("an Amazes setup without its start lines");
  return {std::move(parsed.maze), *parsed.starts};
}

}  // namespace amazes::arbiter
