#pragma once
// Draws a maze for a terminal: Unicode box characters (or plain ASCII), two columns per
// square so a 25×25 maze fits in 80 columns, with a caller-chosen mark in each square.
#include <functional>
#include <optional>
#include <string>

#include "amazes/maze.hpp"

namespace amazes::report {

struct DrawingStyle {
  bool unicode = true;  // box characters; false: '+', '-', '|'
  bool color = false;   // ANSI colours for the marks
};

// What to show inside a square: exactly two display columns of text, and an optional ANSI
// colour code (e.g. "31" for red) applied when the style has colour.
struct SquareMark {
  std::string text = "  ";
  std::string color;
};

using MarkFunction = std::function<SquareMark(Square)>;

std::string draw_maze(const Maze& maze, const DrawingStyle& style, const MarkFunction& mark = {});

// The mark of a start: the colour's letter and an arrow in its facing.
SquareMark start_mark(char letter, Direction facing, const DrawingStyle& style, const std::string& color);

// Marks for a maze file's two starts (red 'R', blue 'B'), blank elsewhere.
MarkFunction start_marks(const std::optional<Starts>& starts, const DrawingStyle& style);

}  // namespace amazes::report
