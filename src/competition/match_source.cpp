#include "amazes/competition/match_source.hpp"

#include <fmt/format.h>

#include "amazes/checker.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/generator.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/starts.hpp"

namespace amazes::competition {

GameMaze maze_from_file(const std::filesystem::path& file) {
  MazeFile parsed;
  try {
    parsed = parse_maze(files::read_text_file(file), file.string());
  } catch (const MazeParseError& e) {
    throw MazeSourceError(e.what());
  } catch (const files::FileError& e) {
    throw MazeSourceError(e.what());
  }
  if (const auto violations = check_maze(parsed.maze); !violations.empty()) {
    throw MazeSourceError(fmt::format("{}: not a valid maze: {}", file.string(), describe_violations(violations)));
  }
  if (parsed.starts) {
    const int min_distance2 = default_min_start_distance2(parsed.maze.size());
    if (const auto problem = starts_problem(parsed.maze, *parsed.starts, min_distance2)) {
      throw MazeSourceError(fmt::format("{}: unusable start lines: {}", file.string(), *problem));
    }
  }
  return {file.filename().string(), std::move(parsed.maze), parsed.starts, std::nullopt};
}

GameMaze maze_from_seed(std::uint64_t seed, int size) {
  GeneratorOptions options;
  options.size = size;
  return {fmt::format("generated-{}", seed), generate_maze(seed, options), std::nullopt, seed};
}

GameStarts game_starts(const Maze& maze, const std::optional<Starts>& file_starts, std::string_view name,
                       std::uint64_t seed) {
  if (file_starts) return {*file_starts, std::nullopt};
  const auto drawn = draw_starts_for_seed(maze, seed);
  if (!drawn) throw MazeSourceError(fmt::format("{}: no two squares are far enough apart for the starts", name));
  return {*drawn, seed};
}

GameStarts game_starts(const GameMaze& source, std::uint64_t seed) {
  return game_starts(source.maze, source.starts, source.name, seed);
}

}  // namespace amazes::competition
