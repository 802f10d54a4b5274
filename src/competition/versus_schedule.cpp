// Mazes, starts and ids of the pairs of a versus run.
#include "amazes/competition/versus_schedule.hpp"

#include <fmt/format.h>

#include "amazes/generator.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/starts.hpp"

namespace amazes::competition {

StoredRound VersusPair::stored_round() const {
  return {pair, maze_name, format_maze(maze, file_starts), maze_seed};
}

VersusPair versus_pair(const Competition& competition, const std::vector<RoundMaze>& maze_files, int pair) {
  VersusPair result;
  result.pair = pair;
  const std::uint64_t seed = maze_seed(competition.seed, pair);
  if (competition.mazes.directory) {
    if (maze_files.empty()) throw ScheduleError("a versus run on maze files was given no maze files");
    const auto& file = maze_files[static_cast<std::size_t>(pair - 1) % maze_files.size()];
    result.maze_name = file.name;
    result.maze = file.maze;
    result.file_starts = file.starts;
  } else {
    GeneratorOptions options;
    options.size = competition.mazes.size;
    result.maze_name = fmt::format("generated-{}", seed);
    result.maze = generate_maze(seed, options);
    result.maze_seed = seed;
  }
  if (result.file_starts) {
    result.starts = *result.file_starts;
  } else {
    const auto drawn = draw_starts_for_seed(result.maze, seed);
    if (!drawn) {
      throw ScheduleError(
          fmt::format("pair {} ({}): no two squares are far enough apart for the starts", pair, result.maze_name));
    }
    result.starts = *drawn;
    result.seed = seed;
  }
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
