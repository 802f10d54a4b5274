// Mazes, starts and ids of the pairs of a versus run.
#include "versus_schedule.hpp"

#include <fmt/format.h>

#include "amazes/competition/match_source.hpp"
#include "amazes/maze_io.hpp"

namespace amazes::competition {

StoredRound VersusPair::stored_round() const { return {pair, maze_name, format_maze(maze, file_starts), maze_seed}; }

VersusPair versus_pair(const Competition& competition, const std::vector<RoundMaze>& maze_files, int pair) {
  RoundMaze maze = round_maze(competition, maze_files, pair, pair);
  VersusPair result;
  result.pair = pair;
  // Every opponent's pair p starts from the same squares: drawn from the pair's maze seed.
  try {
    const GameStarts starts = game_starts(maze.maze, maze.starts, maze.name, maze_seed(competition.seed, pair));
    result.starts = starts.starts;
    result.seed = starts.seed;
  } catch (const MazeSourceError& e) {
    throw ScheduleError(fmt::format("pair {}: {}", pair, e.what()));
  }
  result.maze_name = std::move(maze.name);
  result.maze = std::move(maze.maze);
  result.file_starts = maze.starts;
  result.maze_seed = maze.seed;
  return result;
}

std::string versus_match_id(int pair, std::string_view red, std::string_view blue) {
  return fmt::format("p{:04}-{}-{}", pair, red, blue);
}

arbiter::MatchSpec versus_match_spec(const Competition& competition, const VersusPair& pair, const PlayerSpec& red,
                                     const PlayerSpec& blue) {
  return game_spec(competition, versus_match_id(pair.pair, red.name, blue.name), pair.maze, {pair.starts, pair.seed},
                   red, blue);
}

}  // namespace amazes::competition
