#pragma once
// Where a game's maze and starts come from, built and validated in one place for `amazes
// match`, `tournament` and `versus`, so that the three accept and refuse the same maze files
// with the same message:
//
//   a maze file      read, parsed, checked (docs/rules.md §2); its start lines, when it has them,
//                    checked as docs/rules.md §3 asks (squares exist, backs open, apart by at least
//                    default_min_start_distance2 of its size)
//   a seed           a generated maze
//
// and the starts of a game on it: the file's start lines, or drawn from a seed exactly as
// `amazes maze generate --seed S --starts` draws them.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "amazes/maze.hpp"

namespace amazes::competition {

// A maze file that cannot be played; what() is one line naming the file.
class MazeSourceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct GameMaze {
  std::string name;  // the file's name, or "generated-<seed>"
  Maze maze;
  std::optional<Starts> starts;            // the file's start lines
  std::optional<std::uint64_t> maze_seed;  // the generator seed of a generated maze
};

// Throws MazeSourceError (unreadable, unparsable, invalid maze, unusable start lines).
GameMaze maze_from_file(const std::filesystem::path& file);
GameMaze maze_from_seed(std::uint64_t seed, int size);

struct GameStarts {
  Starts starts;
  std::optional<std::uint64_t> seed;  // the seed they were drawn from; nothing: the file's
};

// The source's start lines, or starts drawn from `seed`. Throws MazeSourceError when no two
// squares of the maze are far enough apart.
GameStarts game_starts(const GameMaze& source, std::uint64_t seed);
// The same for a maze named `name` (in the message) with the start lines `file_starts`.
GameStarts game_starts(const Maze& maze, const std::optional<Starts>& file_starts, std::string_view name,
                       std::uint64_t seed);

}  // namespace amazes::competition
