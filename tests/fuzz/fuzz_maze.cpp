// The maze reader on any bytes: parse_maze_for_check and everything `maze check` does with what
// it reads, then the strict reader, the writer and the reader again, which must give back the
// same maze and starts and the same text. Anything else than a MazeParseError escaping, a
// sanitizer report or a round trip that changes the maze is a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "amazes/checker.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/starts.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace amazes;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const MazeFile file = parse_maze_for_check(text, "fuzz.maze");
    (void)check_maze(file.maze);
    (void)maze_statistics(file.maze);
    if (file.starts) (void)starts_problem(file.maze, *file.starts, default_min_start_distance2(file.maze.size()));
  } catch (const MazeParseError&) {
  }
  try {
    const MazeFile file = parse_maze(text, "fuzz.maze");
    const std::string written = format_maze(file.maze, file.starts);
    const MazeFile again = parse_maze(written, "written.maze");
    if (!(again.maze == file.maze) || again.starts != file.starts) __builtin_trap();
    if (format_maze(again.maze, again.starts) != written) __builtin_trap();
  } catch (const MazeParseError&) {
  }
  return 0;
}
