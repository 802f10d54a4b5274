#pragma once
// The games of a versus run (docs/rules.md §3): pair p of every opponent is played on pair p's maze
// from pair p's two starts, once with NEW red and once with NEW blue (the starts stay with the
// colours, the players swap). Every opponent meets NEW on the same mazes from the same starts.
//
// Generated mazes: pair p's seed is s_p = maze_seed(competition seed, p) (a tournament's round p
// has the same maze); the maze is generate_maze(s_p) and the starts draw_starts_for_seed(maze, s_p),
// exactly what `amazes match --seed s_p --size N NEW OLD` plays, so any game can be replayed on
// its own. Maze files (--mazes DIR): pair p is played on file (p - 1) mod K (file-name order),
// from the file's start lines when it has them, else from draw_starts_for_seed(maze, s_p)
// (`amazes match --maze FILE --seed s_p`).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/arbiter/match.hpp"
#include "amazes/competition/competition.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/competition/schedule.hpp"

namespace amazes::competition {

struct VersusPair {
  int pair = 0;
  std::string maze_name;  // the maze file's name, or "generated-<seed>"
  Maze maze;
  std::optional<Starts> file_starts;       // the maze file's start lines
  Starts starts;                           // what both games start from
  std::optional<std::uint64_t> seed;       // the starts were drawn from it; nothing: from the file
  std::optional<std::uint64_t> maze_seed;  // a generated maze's seed

  // The pair's entry in the store's rounds table (round = pair).
  StoredRound stored_round() const;
};

// Pair `pair` (>= 1) of a versus competition. `maze_files` are the parsed files of
// competition.mazes.directory (round_mazes with one round per file), empty for generated mazes.
// Throws ScheduleError when the maze has no two squares far enough apart.
VersusPair versus_pair(const Competition& competition, const std::vector<RoundMaze>& maze_files, int pair);

// "p0007-red-blue": the pair number and both names, red first.
std::string versus_match_id(int pair, std::string_view red, std::string_view blue);

// The spec of one game of a pair.
arbiter::MatchSpec versus_match_spec(const Competition& competition, const VersusPair& pair, const PlayerSpec& red,
                                     const PlayerSpec& blue);

}  // namespace amazes::competition
