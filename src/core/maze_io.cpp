// Reading and writing maze files (FORMATS.md "Maze file").
#include "amazes/maze_io.hpp"

#include <string>
#include <utility>

#include "amazes/starts.hpp"

namespace amazes {

MazeParseError::MazeParseError(std::string file, int line, int column, std::string message, bool open_outer_edge)
    : std::runtime_error(file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message),
      file_(std::move(file)),
      line_(line),
      column_(column),
      message_(std::move(message)),
      open_outer_edge_(open_outer_edge) {}

namespace {

// One physical line, with its 1-based number; line ends ("\r", trailing spaces) removed.
struct TextLine {
  std::string_view text;
  int number;
};

std::vector<TextLine> split_lines(std::string_view text) {
  std::vector<TextLine> lines;
  int number = 1;
  while (!text.empty()) {
    const auto end = text.find('\n');
    std::string_view line = text.substr(0, end);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    lines.push_back({line, number++});
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  // Blank lines after the drawing carry nothing; anything else there is an error later.
  while (!lines.empty() && lines.back().text.empty()) lines.pop_back();
  return lines;
}

std::string describe(char c) {
  if (c == ' ') return "' '";
  if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) {
    static const char* hex = "0123456789abcdef";
    const auto u = static_cast<unsigned char>(c);
    return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
  }
  return std::string("'") + c + "'";
}

class Parser {
 public:
  Parser(std::string_view text, std::string_view file) : file_(file), lines_(split_lines(text)) {}

  MazeFile parse() {
    if (lines_.empty()) fail(1, 0, "empty file: expected a maze drawing starting with '+'");
    std::size_t first_drawing = 0;
    std::optional<std::pair<Start, Start>> starts;
    std::optional<TextLine> red_line, blue_line;
    if (lines_[0].text.front() != '+') {
      if (lines_.size() < 2 || lines_[1].text.empty() || lines_[1].text.front() == '+') {
        const int line = lines_.size() < 2 ? lines_[0].number + 1 : lines_[1].number;
        fail(line, 1, "expected the blue start line \"R,C,D\" (start lines come in pairs)");
      }
      red_line = lines_[0];
      blue_line = lines_[1];
      starts = std::pair{parse_start_line(*red_line, "red"), parse_start_line(*blue_line, "blue")};
      first_drawing = 2;
    }
    if (first_drawing >= lines_.size()) {
      fail(lines_.back().number + 1, 0, "expected a maze drawing starting with '+' after the start lines");
    }
    const int size = drawing_size(lines_[first_drawing]);
    Maze maze(size);
    const std::size_t drawing_lines = static_cast<std::size_t>(2 * size + 1);
    for (std::size_t i = 0; i < drawing_lines; ++i) {
      if (first_drawing + i >= lines_.size()) {
        fail(lines_.back().number + 1, 0,
             "expected " + std::to_string(drawing_lines) + " drawing lines for a " + std::to_string(size) + "x" +
                 std::to_string(size) + " maze, found " + std::to_string(i));
      }
      parse_drawing_line(lines_[first_drawing + i], static_cast<int>(i), maze);
    }
    if (first_drawing + drawing_lines < lines_.size()) {
      fail(lines_[first_drawing + drawing_lines].number, 1, "expected the end of the file after the maze drawing");
    }
    MazeFile result{std::move(maze), std::nullopt};
    if (starts) {
      check_on_board(starts->first, *red_line, size);
      check_on_board(starts->second, *blue_line, size);
      result.starts = Starts{starts->first, starts->second};
    }
    return result;
  }

 private:
  [[noreturn]] void fail(int line, int column, std::string message, bool outer = false) const {
    throw MazeParseError(std::string(file_), line, column, std::move(message), outer);
  }

  Start parse_start_line(const TextLine& line, const char* colour) const {
    const auto start = parse_start(line.text);
    if (!start) {
      fail(line.number, 1,
           std::string("expected the ") + colour + " start \"R,C,D\" (row, column, N/E/S/W), found \"" +
               std::string(line.text) + "\"");
    }
    return *start;
  }

  void check_on_board(const Start& start, const TextLine& line, int size) const {
    if (start.square.row < 0 || start.square.row >= size || start.square.col < 0 || start.square.col >= size) {
      fail(line.number, 1,
           "start " + format_start(start) + " is not a square of this " + std::to_string(size) + "x" +
               std::to_string(size) + " maze");
    }
  }

  int drawing_size(const TextLine& line) const {
    const auto length = static_cast<int>(line.text.size());
    if (length % 2 == 0 || length < 2 * kMinMazeSize + 1 || length > 2 * kMaxMazeSize + 1) {
      fail(line.number, 0,
           "expected a drawing line of 2N+1 characters with N from " + std::to_string(kMinMazeSize) + " to " +
               std::to_string(kMaxMazeSize) + ", found " + std::to_string(length) + " characters");
    }
    return (length - 1) / 2;
  }

  void expect(const TextLine& line, int index, bool ok, const std::string& expected, bool outer = false) const {
    if (!ok) fail(line.number, index + 1, "expected " + expected + ", found " + describe(line.text[index]), outer);
  }

  // Drawing line i (0-based): even lines hold grid points and horizontal edges,
  // odd lines vertical edges and squares.
  void parse_drawing_line(const TextLine& line, int i, Maze& maze) const {
    const int size = maze.size();
    const int width = 2 * size + 1;
    if (static_cast<int>(line.text.size()) != width) {
      fail(line.number, 0,
           "expected " + std::to_string(width) + " characters like the first drawing line, found " +
               std::to_string(line.text.size()));
    }
    const bool outer_row = i == 0 || i == 2 * size;
    for (int x = 0; x < width; ++x) {
      const char c = line.text[x];
      if (i % 2 == 0) {
        if (x % 2 == 0) {
          expect(line, x, c == '+', "'+' at a grid point");
        } else if (outer_row) {
          expect(line, x, c == '-', "'-' (the outer wall is closed)", c == ' ');
        } else {
          expect(line, x, c == '-' || c == ' ', "'-' (wall) or ' ' (opening)");
          maze.set_open({i / 2 - 1, x / 2}, Direction::South, c == ' ');
        }
      } else if (x % 2 == 1) {
        expect(line, x, c == ' ', "' ' inside a square");
      } else if (x == 0 || x == width - 1) {
        expect(line, x, c == '|', "'|' (the outer wall is closed)", c == ' ');
      } else {
        expect(line, x, c == '|' || c == ' ', "'|' (wall) or ' ' (opening)");
        maze.set_open({i / 2, x / 2 - 1}, Direction::East, c == ' ');
      }
    }
  }

  std::string_view file_;
  std::vector<TextLine> lines_;
};

}  // namespace

MazeFile parse_maze(std::string_view text, std::string_view file) { return Parser(text, file).parse(); }

std::vector<std::string> maze_drawing_lines(const Maze& maze) {
  const int size = maze.size();
  std::vector<std::string> lines;
  lines.reserve(static_cast<std::size_t>(2 * size + 1));
  for (int r = 0; r <= size; ++r) {
    std::string edges(static_cast<std::size_t>(2 * size + 1), '+');
    for (int c = 0; c < size; ++c) {
      // The edge above row r; the bottom line is the edge below the last row.
      const bool wall = r == size ? true : maze.is_wall({r, c}, Direction::North);
      edges[static_cast<std::size_t>(2 * c + 1)] = wall ? '-' : ' ';
    }
    lines.push_back(std::move(edges));
    if (r == size) break;
    std::string squares(static_cast<std::size_t>(2 * size + 1), ' ');
    squares.front() = '|';
    for (int c = 0; c < size; ++c) {
      squares[static_cast<std::size_t>(2 * c + 2)] = maze.is_wall({r, c}, Direction::East) ? '|' : ' ';
    }
    lines.push_back(std::move(squares));
  }
  return lines;
}

std::string format_maze(const Maze& maze, const std::optional<Starts>& starts) {
  std::string text;
  if (starts) {
    text += format_start(starts->red) + "\n";
    text += format_start(starts->blue) + "\n";
  }
  for (const auto& line : maze_drawing_lines(maze)) {
    text += line;
    text += '\n';
  }
  return text;
}

}  // namespace amazes
