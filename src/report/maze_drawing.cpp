#include "amazes/report/maze_drawing.hpp"

#include <array>

namespace amazes::report {

namespace {

// A grid point's arms, as bits: up 1, right 2, down 4, left 8.
constexpr std::array<const char*, 16> kBoxJunctions = {"·", "╵", "╶", "└", "╷", "│", "┌", "├",
                                                       "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼"};

// Is there a wall on the vertical edge left of column `col` in row `row`? Columns 0 and N
// are the outer walls.
bool vertical_wall(const Maze& maze, int row, int col) {
  return col == 0 || col == maze.size() || maze.is_wall({row, col - 1}, Direction::East);
}

// Is there a wall on the horizontal edge above row `row` in column `col`? Rows 0 and N are
// the outer walls.
bool horizontal_wall(const Maze& maze, int row, int col) {
  return row == 0 || row == maze.size() || maze.is_wall({row - 1, col}, Direction::South);
}

std::string junction(const Maze& maze, int i, int j, bool unicode) {
  if (!unicode) return "+";
  const int n = maze.size();
  int arms = 0;
  if (i > 0 && vertical_wall(maze, i - 1, j)) arms |= 1;
  if (j < n && horizontal_wall(maze, i, j)) arms |= 2;
  if (i < n && vertical_wall(maze, i, j)) arms |= 4;
  if (j > 0 && horizontal_wall(maze, i, j - 1)) arms |= 8;
  return kBoxJunctions[static_cast<std::size_t>(arms)];
}

}  // namespace

std::string draw_maze(const Maze& maze, const DrawingStyle& style, const MarkFunction& mark) {
  const int n = maze.size();
  const char* horizontal = style.unicode ? "──" : "--";
  const char* vertical = style.unicode ? "│" : "|";
  std::string out;
  for (int i = 0; i <= n; ++i) {
    for (int j = 0; j <= n; ++j) {
      out += junction(maze, i, j, style.unicode);
      if (j < n) out += horizontal_wall(maze, i, j) ? horizontal : "  ";
    }
    out += '\n';
    if (i == n) break;
    for (int j = 0; j <= n; ++j) {
      out += vertical_wall(maze, i, j) ? vertical : " ";
      if (j == n) break;
      const SquareMark m = mark ? mark({i, j}) : SquareMark{};
      if (style.color && !m.color.empty()) {
        out += "\x1b[" + m.color + "m" + m.text + "\x1b[0m";
      } else {
        out += m.text;
      }
    }
    out += '\n';
  }
  return out;
}

SquareMark start_mark(char letter, Direction facing, const DrawingStyle& style, const std::string& color) {
  static constexpr std::array<const char*, 4> kArrows = {"↑", "→", "↓", "←"};
  static constexpr std::array<char, 4> kAsciiArrows = {'^', '>', 'v', '<'};
  const auto d = static_cast<std::size_t>(index_of(facing));
  std::string text(1, letter);
  if (style.unicode) {
    text += kArrows[d];
  } else {
    text += kAsciiArrows[d];
  }
  return {text, color};
}

MarkFunction start_marks(const std::optional<Starts>& starts, const DrawingStyle& style) {
  if (!starts) return {};
  return [starts, style](Square s) {
    if (s == starts->red.square) return start_mark('R', starts->red.facing, style, "1;31");
    if (s == starts->blue.square) return start_mark('B', starts->blue.facing, style, "1;34");
    return SquareMark{};
  };
}

}  // namespace amazes::report
