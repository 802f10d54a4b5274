// Mazes, starts and ids of the pairs of a versus run.
#include "versus_schedule.hpp"

#include <fmt/format.h>

#include "amazes/competition/match_source.hpp"
#include "amazes/maze_io.hpp"

namespace amazes::competition {

StoredRound VersusPair::stored_round() const { return {pair, maze_name, format_maze(maze, file_starts), maze_seed}; }

VersusPair versus_pair(const Competition& competition, const std::vector<RoundMaze>& maze_files, int pair) {
  VersusPair result;
  result.pair = pair;
  const std::uint64_t seed = maze_seed(competition.seed, pair);
  GameMaze source;
  if (competition.mazes.directory) {
    if (maze_files.empty()) throw ScheduleError("a versus run on maze files was given no maze files");
    const auto& file = maze_files[static_cast<std::size_t>(pair - 1) % maze_files.size()];
    source = {file.name, file.maze, file.starts, std::nullopt};
  } else {
    source = maze_from_seed(seed, competition.mazes.size);
  }
  try {
    const GameStarts starts = game_starts(source, seed);
    result.starts = starts.starts;
    result.seed = starts.seed;
  } catch (const MazeSourceError& e) {
    throw ScheduleError(fmt::format("pair {}: {}", pair, e.what()));
  }
  result.maze_name = std::move(source.name);
  result.maze = std::move(source.maze);
  result.file_starts = source.starts;
  result.maze_seed = source.maze_seed;
  return result;
}

std::string versus_match_id(int pair, std::string_view red, std::string_view blue) {
  return fmt::format("p{:04}-{}-{}", pair, red, blue);
}

arbiter::MatchSpec versus_match_spec(const Competition& competition, const VersusPair& pair, const PlayerSpec& red,
                                     const PlayerSpec& blue) {
  arbiter::MatchSpec spec;
  spec.id = versus_match_id(pair.pair, red.name, blue.name);
  spec.seed = pair.seed;
  spec.maze = pair.maze;
  spec.starts = pair.starts;
  spec.players = {red, blue};
  spec.settings = competition.settings;
  return spec;
}

}  // namespace amazes::competition
