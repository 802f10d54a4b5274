#include "amazes/competition/match_source.hpp"

#include <fmt/format.h>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/checker.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/generator.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/starts.hpp"

namespace amazes::competition {

namespace {

// What makes a maze and its starts playable (docs/rules.md §2, §3), for every source that
// brings its own: `what` names the starts in the message ("start lines" of a file).
void check_playable(const Maze& maze, const std::optional<Starts>& starts, const std::string& file,
                    std::string_view what) {
  if (const auto violations = check_maze(maze); !violations.empty()) {
    throw MazeSourceError(fmt::format("{}: not a valid maze: {}", file, describe_violations(violations)));
  }
  if (starts) {
    if (const auto problem = starts_problem(maze, *starts, default_min_start_distance2(maze.size()))) {
      throw MazeSourceError(fmt::format("{}: unusable {}: {}", file, what, *problem));
    }
  }
}

}  // namespace

GameMaze maze_from_file(const std::filesystem::path& file) {
  MazeFile parsed;
  try {
    parsed = parse_maze(files::read_text_file(file), file.string());
  } catch (const MazeParseError& e) {
    throw MazeSourceError(e.what());
  } catch (const files::FileError& e) {
    throw MazeSourceError(e.what());
  }
  check_playable(parsed.maze, parsed.starts, file.string(), "start lines");
  return {file.filename().string(), std::move(parsed.maze), parsed.starts, std::nullopt};
}

LoggedGame game_from_log(const std::filesystem::path& log) {
  arbiter::MatchRecord record;
  try {
    record = arbiter::read_match_log(log);  // its messages name the file
  } catch (const std::runtime_error& e) {
    throw MazeSourceError(e.what());
  }
  const arbiter::AmazesBoard* board = record.board();
  if (board == nullptr) {
    throw MazeSourceError(log.string() + ": a referee game's log without a maze (its referee was given no {maze})");
  }
  check_playable(board->maze, board->starts, log.string(), "starts (/start)");
  return {{log.filename().string(), board->maze, board->starts, std::nullopt}, record.seed, record.settings};
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

arbiter::GameSetup seeded_setup(const arbiter::MatchSettings& settings, std::uint64_t seed, int size) {
  if (!settings.game.on_maze()) return arbiter::seed_setup(settings, seed);
  const GameMaze source = maze_from_seed(seed, size);
  return arbiter::amazes_setup(source.maze, game_starts(source, seed).starts, seed);
}

}  // namespace amazes::competition
