#pragma once
// Maze files in the CodeCup 2010 layout (docs/formats.md "Maze file"). Text in, text out:
// reading and writing files is the caller's business, so the core stays pure.
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/maze.hpp"

namespace amazes {

// A rejected maze text: where (1-based line and column) and what was expected. what() is the
// one-line message "FILE:LINE:COL: MESSAGE".
class MazeParseError : public std::runtime_error {
 public:
  MazeParseError(std::string file, int line, int column, std::string message, bool open_outer_edge = false);
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int column() const { return column_; }
  const std::string& message() const { return message_; }
  // True when the rejection is an opening in the outer boundary (docs/rules.md §2 rule 1).
  bool open_outer_edge() const { return open_outer_edge_; }

 private:
  std::string file_;
  int line_;
  int column_;
  std::string message_;
  bool open_outer_edge_;
};

struct MazeFile {
  Maze maze;
  std::optional<Starts> starts;
  // Only from parse_maze_for_check: the openings in the outer boundary (docs/rules.md §2 rule 1),
  // read as walls into `maze`.
  std::vector<MazeParseError> open_outer_edges;
};

// Parses a maze text; `file` only names the source in errors. Throws MazeParseError at the
// first thing that is not a maze, an opening in the outer boundary included.
MazeFile parse_maze(std::string_view text, std::string_view file = "<maze>");

// The same, except that openings in the outer boundary are collected in `open_outer_edges`
// (and read as walls), so that a checker can name every rule the maze breaks.
MazeFile parse_maze_for_check(std::string_view text, std::string_view file = "<maze>");

// The 2N+1 drawing lines, without line ends.
std::vector<std::string> maze_drawing_lines(const Maze& maze);

// The file text: "R,C,D" start lines when given, then the drawing, every line ended by '\n'.
std::string format_maze(const Maze& maze, const std::optional<Starts>& starts = std::nullopt);

}  // namespace amazes
