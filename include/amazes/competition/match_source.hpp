#pragma once
// Where a game's maze and starts come from, built and validated in one place for `amazes
// match`, `tournament` and `versus`, so that the three accept and refuse the same maze files
// with the same message:
//
//   a maze file      read, parsed, checked (docs/rules.md §2); its start lines, when it has them,
//                    checked as docs/rules.md §3 asks (squares exist, backs open, apart by at least
//                    default_min_start_distance2 of its size)
//   a seed           a generated maze
//   a match log      the maze and starts of a logged game (`amazes match --from`, `amazes log
//                    maze`), checked as a maze file's, with the settings the log records
//
// and the starts of a game on it: the file's start lines, or drawn from a seed exactly as
// `amazes maze generate --seed S --starts` draws them.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "amazes/arbiter/game_setup.hpp"
#include "amazes/arbiter/match_record.hpp"
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

// A logged game: its maze with its starts (always set), and what else the log fixes of it.
struct LoggedGame {
  GameMaze source;                    // name: the log's file name
  std::optional<std::uint64_t> seed;  // the seed its maze and/or starts were drawn from, if any
  // The settings the log records (turns, time, clock, wall guard, grace, stderr limit); the
  // sandbox's are the defaults (a log records what was used, not what was asked for).
  arbiter::MatchSettings settings;
};

// Reads a match log of `amazes match`, a tournament or a versus run as arbiter::read_match_log
// reads it. Throws MazeSourceError, one line naming the file: a log that cannot be read (its
// field by JSON pointer), a maze that is not valid, starts that cannot be played.
LoggedGame game_from_log(const std::filesystem::path& log);

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

// The setup of a game drawn from `seed` alone (game_setup.hpp): Amazes on a generated maze of
// `size` from starts drawn from the same seed, as `amazes match --seed` plays it; a game whose
// referee draws its own setup, the seed. Throws MazeSourceError as game_starts.
arbiter::GameSetup seeded_setup(const arbiter::MatchSettings& settings, std::uint64_t seed, int size);

}  // namespace amazes::competition
