// Reading and writing maze files (docs/formats.md "Maze file").
#include "amazes/maze_io.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "amazes/printable.hpp"
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
// `with_spaces` keeps the trailing spaces: in a drawing line the last of them may be an
// opening in the right outer wall, which must be reported as that, not as a short line.
struct TextLine {
  std::string_view text;
  int number;
  std::string_view with_spaces;
};

std::vector<TextLine> split_lines(std::string_view text) {
  std::vector<TextLine> lines;
  int number = 1;
  while (!text.empty()) {
    const auto end = text.find('\n');
    std::string_view line = text.substr(0, end);
    while (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::string_view with_spaces = line;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    lines.push_back({line, number++, with_spaces});
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
  Parser(std::string_view text, std::string_view file, bool collect_open_outer_edges)
      : file_(file), lines_(split_lines(text)), collect_open_outer_edges_(collect_open_outer_edges) {}

  MazeFile parse() {
    if (lines_.empty()) fail(1, 1, "empty file: expected a maze drawing starting with '+'");
    std::size_t first_drawing = 0;
    std::optional<std::pair<Start, Start>> starts;
    std::optional<TextLine> red_line, blue_line;
    if (lines_[0].text.empty() || lines_[0].text.front() != '+') {
      // The first line is wrong before the second is missing: a file that is not a maze at
      // all is reported at its line 1.
      parse_start_line(lines_[0], "red");
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
      fail(lines_.back().number + 1, 1, "expected a maze drawing starting with '+' after the start lines");
    }
    const int size = drawing_size(lines_[first_drawing]);
    Maze maze(size);
    const std::size_t drawing_lines = 2 * static_cast<std::size_t>(size) + 1;
    for (std::size_t i = 0; i < drawing_lines; ++i) {
      if (first_drawing + i >= lines_.size()) {
        fail(lines_.back().number + 1, 1,
             "expected " + std::to_string(drawing_lines) + " drawing lines for a " + std::to_string(size) + "x" +
                 std::to_string(size) + " maze, found " + std::to_string(i));
      }
      parse_drawing_line(lines_[first_drawing + i], static_cast<int>(i), maze);
    }
    if (first_drawing + drawing_lines < lines_.size()) {
      fail(lines_[first_drawing + drawing_lines].number, 1, "expected the end of the file after the maze drawing");
    }
    MazeFile result{std::move(maze), std::nullopt, std::move(open_outer_edges_)};
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
               printable(line.text) + "\"");
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
      fail(line.number, 1,
           "expected a drawing line of 2N+1 characters with N from " + std::to_string(kMinMazeSize) + " to " +
               std::to_string(kMaxMazeSize) + ", found " + std::to_string(length) + " characters");
    }
    return (length - 1) / 2;
  }

  void expect(std::string_view text, int number, int index, bool ok, const std::string& expected) const {
    if (!ok) fail(number, index + 1, "expected " + expected + ", found " + describe(text[index]));
  }

  // A character of the outer boundary: a wall, or an opening that rule 1 forbids (collected
  // instead of thrown when asked, so that `maze check` can go on to the other rules).
  void expect_outer_wall(std::string_view text, int number, int index, char wall) {
    const char c = text[index];
    if (c == wall) return;
    const std::string message = std::string("expected '") + wall + "' (the outer wall is closed), found " + describe(c);
    if (c != ' ' || !collect_open_outer_edges_)
      throw MazeParseError(std::string(file_), number, index + 1, message, c == ' ');
    open_outer_edges_.emplace_back(std::string(file_), number, index + 1, message, true);
  }

  // The drawing line as it must be: exactly `width` characters. Spaces after those are the
  // tolerated trailing spaces; spaces that make up the width are part of the drawing.
  std::string_view drawing_text(const TextLine& line, int width) const {
    const auto w = static_cast<std::size_t>(width);
    if (line.with_spaces.size() >= w && line.with_spaces.find_first_not_of(' ', w) == std::string_view::npos) {
      return line.with_spaces.substr(0, w);
    }
    // Too short, counting its trailing spaces; or too long, not counting them.
    const std::size_t length = line.with_spaces.size() < w ? line.with_spaces.size() : line.text.size();
    fail(line.number, static_cast<int>(std::min(length, w)) + 1,
         "expected " + std::to_string(width) + " characters like the first drawing line, found " +
             std::to_string(length));
  }

  // Drawing line i (0-based): even lines hold grid points and horizontal edges,
  // odd lines vertical edges and squares.
  void parse_drawing_line(const TextLine& line, int i, Maze& maze) {
    const int size = maze.size();
    const int width = 2 * size + 1;
    const std::string_view text = drawing_text(line, width);
    const int n = line.number;
    const bool outer_row = i == 0 || i == 2 * size;
    for (int x = 0; x < width; ++x) {
      const char c = text[x];
      if (i % 2 == 0) {
        if (x % 2 == 0) {
          expect(text, n, x, c == '+', "'+' at a grid point");
        } else if (outer_row) {
          expect_outer_wall(text, n, x, '-');
        } else {
          expect(text, n, x, c == '-' || c == ' ', "'-' (wall) or ' ' (opening)");
          maze.set_open({i / 2 - 1, x / 2}, Direction::South, c == ' ');
        }
      } else if (x % 2 == 1) {
        expect(text, n, x, c == ' ', "' ' inside a square");
      } else if (x == 0 || x == width - 1) {
        expect_outer_wall(text, n, x, '|');
      } else {
        expect(text, n, x, c == '|' || c == ' ', "'|' (wall) or ' ' (opening)");
        maze.set_open({i / 2, x / 2 - 1}, Direction::East, c == ' ');
      }
    }
  }

  std::string_view file_;
  std::vector<TextLine> lines_;
  bool collect_open_outer_edges_;
  std::vector<MazeParseError> open_outer_edges_;
};

}  // namespace

namespace {
// A UTF-8 byte-order mark, as some Windows editors write: not part of the maze (docs/formats.md §1).
std::string_view without_bom(std::string_view text) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  if (text.substr(0, kBom.size()) == kBom) text.remove_prefix(kBom.size());
  return text;
}
}  // namespace

MazeFile parse_maze(std::string_view text, std::string_view file) {
  return Parser(without_bom(text), file, false).parse();
}

MazeFile parse_maze_for_check(std::string_view text, std::string_view file) {
  return Parser(without_bom(text), file, true).parse();
}

std::vector<std::string> maze_drawing_lines(const Maze& maze) {
  const int size = maze.size();
  std::vector<std::string> lines;
  lines.reserve(2 * static_cast<std::size_t>(size) + 1);
  for (int r = 0; r <= size; ++r) {
    std::string edges(static_cast<std::size_t>(2 * size + 1), '+');
    for (int c = 0; c < size; ++c) {
      // The edge above row r; the bottom line is the edge below the last row.
      const bool wall = r == size ? true : maze.is_wall({r, c}, Direction::North);
      edges[2 * static_cast<std::size_t>(c) + 1] = wall ? '-' : ' ';
    }
    lines.push_back(std::move(edges));
    if (r == size) break;
    std::string squares(static_cast<std::size_t>(2 * size + 1), ' ');
    squares.front() = '|';
    for (int c = 0; c < size; ++c) {
      squares[2 * static_cast<std::size_t>(c) + 2] = maze.is_wall({r, c}, Direction::East) ? '|' : ' ';
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
