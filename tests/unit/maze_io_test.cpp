// Maze files: reading, writing, round trips and every rejection path (docs/formats.md).
#include <gtest/gtest.h>

#include "amazes/maze_io.hpp"
#include "amazes/starts.hpp"
#include "support/files.hpp"
#include "support/small_mazes.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using testing::files_in;
using testing::read_file;
using testing::source_dir;

// A 3×3 maze: the top row is a corridor open to the right, the rest a spiral.
constexpr const char* kSmall = testing::kCorridorAndSpiral;

TEST(MazeIo, ReadsEdgesOfASmallMaze) {
  const MazeFile file = parse_maze(kSmall);
  ASSERT_EQ(file.maze.size(), 3);
  EXPECT_FALSE(file.starts.has_value());
  EXPECT_TRUE(file.maze.is_open({0, 0}, Direction::East));
  EXPECT_TRUE(file.maze.is_open({0, 1}, Direction::East));
  EXPECT_TRUE(file.maze.is_wall({0, 0}, Direction::South));
  EXPECT_TRUE(file.maze.is_open({0, 2}, Direction::South));
  EXPECT_TRUE(file.maze.is_wall({1, 1}, Direction::East));
  EXPECT_TRUE(file.maze.is_open({1, 0}, Direction::East));
  EXPECT_TRUE(file.maze.is_open({1, 0}, Direction::South));
  EXPECT_TRUE(file.maze.is_open({2, 1}, Direction::East));
  EXPECT_TRUE(file.maze.is_wall({0, 0}, Direction::North));
  EXPECT_TRUE(file.maze.is_wall({2, 2}, Direction::East));
  EXPECT_EQ(file.maze.opening_count(), 9);
}

TEST(MazeIo, WritesWhatItReads) { EXPECT_EQ(format_maze(parse_maze(kSmall).maze), kSmall); }

TEST(MazeIo, ReadsStartLinesInEveryAllowedSpelling) {
  for (const std::string red : {"1,3,S", "1, 3, s", "1 3 S", " 1 ,3 ,S  ", "1,3,S\r"}) {
    const MazeFile file = parse_maze(red + "\n3,1,n\n" + kSmall);
    ASSERT_TRUE(file.starts.has_value()) << red;
    EXPECT_EQ(file.starts->red, (Start{{0, 2}, Direction::South})) << red;
    EXPECT_EQ(file.starts->blue, (Start{{2, 0}, Direction::North})) << red;
  }
}

TEST(MazeIo, WritesStartLinesAsRowColDir) {
  const MazeFile file = parse_maze(std::string("1 3 s\n3,1,N\n") + kSmall);
  EXPECT_EQ(format_maze(file.maze, file.starts), std::string("1,3,S\n3,1,N\n") + kSmall);
}

TEST(MazeIo, ToleratesCrlfTrailingSpacesAndNoFinalNewline) {
  std::string crlf;
  for (char c : std::string(kSmall)) crlf += c == '\n' ? std::string(" \r\n") : std::string(1, c);
  EXPECT_EQ(parse_maze(crlf).maze, parse_maze(kSmall).maze);
  std::string unterminated(kSmall);
  unterminated.pop_back();
  EXPECT_EQ(parse_maze(unterminated).maze, parse_maze(kSmall).maze);
  EXPECT_EQ(parse_maze(std::string(kSmall) + "\n\n").maze, parse_maze(kSmall).maze);
}

TEST(MazeIo, RoundTripsEveryBundledAndOfficialMaze) {
  std::vector<std::filesystem::path> files = files_in(source_dir() / "mazes" / "official", ".txt");
  const auto generated = files_in(source_dir() / "mazes", ".maze");
  files.insert(files.end(), generated.begin(), generated.end());
  const auto shared = source_dir() / ".." / "shared" / "mazes-official";
  if (std::filesystem::exists(shared)) {
    const auto more = files_in(shared, ".txt");
    files.insert(files.end(), more.begin(), more.end());
  }
  ASSERT_GE(files.size(), 7U);
  for (const auto& path : files) {
    const std::string text = read_file(path);
    const MazeFile file = parse_maze(text, path.string());
    EXPECT_EQ(format_maze(file.maze, file.starts), text) << path;
  }
}

// Expects a rejection at `line`:`column` whose message contains `fragment`.
void expect_rejected(const std::string& text, int line, int column, const std::string& fragment,
                     bool open_outer = false) {
  try {
    parse_maze(text, "broken.maze");
    ADD_FAILURE() << "accepted:\n" << text;
  } catch (const MazeParseError& error) {
    EXPECT_EQ(error.file(), "broken.maze");
    EXPECT_EQ(error.line(), line) << error.what();
    EXPECT_EQ(error.column(), column) << error.what();
    EXPECT_NE(error.message().find(fragment), std::string::npos) << error.what();
    EXPECT_EQ(error.open_outer_edge(), open_outer) << error.what();
    EXPECT_EQ(std::string(error.what()).rfind("broken.maze:" + std::to_string(line) + ":", 0), 0U);
  }
}

std::string with_line(std::string text, int line, const std::string& replacement) {
  std::size_t begin = 0;
  for (int i = 1; i < line; ++i) begin = text.find('\n', begin) + 1;
  const std::size_t end = text.find('\n', begin);
  return text.replace(begin, end - begin, replacement);
}

TEST(MazeIo, RejectsAnEmptyFile) {
  expect_rejected("", 1, 1, "empty file");
  expect_rejected("\n\n", 1, 1, "empty file");
}

// The column is the first one that does not fit: the first one too many, or the one missing.
TEST(MazeIo, RejectsARaggedLine) { expect_rejected(with_line(kSmall, 4, "|   | |  x"), 4, 8, "expected 7 characters"); }

TEST(MazeIo, RejectsAShortLine) { expect_rejected(with_line(kSmall, 3, "+-+-+"), 3, 6, "expected 7 characters"); }

TEST(MazeIo, RejectsAWrongCharacterWithItsColumn) {
  expect_rejected(with_line(kSmall, 3, "+-+x+ +"), 3, 4, "found 'x'");
  expect_rejected(with_line(kSmall, 3, "+-+-- +"), 3, 5, "'+' at a grid point");
  expect_rejected(with_line(kSmall, 4, "| - | |"), 4, 3, "'|' (wall) or ' '");
  expect_rejected(with_line(kSmall, 4, "||  | |"), 4, 2, "inside a square");
  expect_rejected(with_line(kSmall, 2, "|  \t  |"), 2, 4, "byte 0x09");
}

TEST(MazeIo, RejectsAnOpenOuterEdge) {
  expect_rejected(with_line(kSmall, 1, "+-+ +-+"), 1, 4, "outer wall", true);
  expect_rejected(with_line(kSmall, 7, "+ +-+-+"), 7, 2, "outer wall", true);
  expect_rejected(with_line(kSmall, 2, "      |"), 2, 1, "outer wall", true);
  // The space of an opening in the right wall is not taken for a trailing space.
  expect_rejected(with_line(kSmall, 6, "|      "), 6, 7, "outer wall", true);
  expect_rejected(with_line(kSmall, 6, "|      \r"), 6, 7, "outer wall", true);
  expect_rejected(with_line(kSmall, 6, "|          "), 6, 7, "outer wall", true);
  // Trailing spaces after the whole width are tolerated, as at the end of any line.
  EXPECT_NO_THROW(parse_maze(with_line(kSmall, 6, "|     |   ")));
  expect_rejected(with_line(kSmall, 6, "|    "), 6, 6, "expected 7 characters");
}

TEST(MazeIo, ForACheckOpenOuterEdgesAreCollectedAndReadAsWalls) {
  const std::string text = with_line(with_line(kSmall, 1, "+-+ +-+"), 6, "|      ");
  EXPECT_THROW(parse_maze(text, "open.maze"), MazeParseError);
  const MazeFile file = parse_maze_for_check(text, "open.maze");
  ASSERT_EQ(file.open_outer_edges.size(), 2U);
  EXPECT_EQ(std::string(file.open_outer_edges[0].what()),
            "open.maze:1:4: expected '-' (the outer wall is closed), found ' '");
  EXPECT_EQ(std::string(file.open_outer_edges[1].what()),
            "open.maze:6:7: expected '|' (the outer wall is closed), found ' '");
  EXPECT_EQ(format_maze(file.maze), kSmall);
  // Anything else that is not a maze still stops the reading.
  EXPECT_THROW(parse_maze_for_check(with_line(kSmall, 1, "+-+x+-+")), MazeParseError);
}

TEST(MazeIo, RejectsTooFewAndTooManyDrawingLines) {
  std::string short_text(kSmall);
  short_text.erase(short_text.rfind("+-+-+-+"));
  expect_rejected(short_text, 7, 1, "expected 7 drawing lines");
  expect_rejected(std::string(kSmall) + "+-+-+-+\n", 8, 1, "end of the file");
}

TEST(MazeIo, RejectsABadSize) {
  expect_rejected("+-+\n| |\n+-+\n", 1, 1, "N from 2 to 64");
  expect_rejected("+-+-+-\n", 1, 1, "2N+1 characters");
}

TEST(MazeIo, RejectsAMissingOrMalformedStartLine) {
  expect_rejected(std::string("1,3,S\n") + kSmall, 2, 1, "blue start line");
  expect_rejected("1,3,S\n", 2, 1, "blue start line");
  expect_rejected(std::string("1,3,X\n3,1,N\n") + kSmall, 1, 1, "red start");
  expect_rejected(std::string("1,3,S\n3;1;N\n") + kSmall, 2, 1, "blue start");
  expect_rejected(std::string("1,3\n3,1,N\n") + kSmall, 1, 1, "red start");
  expect_rejected(std::string("1,,3,S\n3,1,N\n") + kSmall, 1, 1, "red start");
  expect_rejected("1,3,S\n3,1,N\n", 3, 1, "maze drawing");
  // A file that is no maze at all, or starts with a blank line: its first line is wrong.
  expect_rejected("# notes\nmore notes\n", 1, 1, "red start");
  expect_rejected("# notes\n" + std::string(kSmall), 1, 1, "red start");
  expect_rejected("\n" + std::string(kSmall), 1, 1, "red start");
}

TEST(MazeIo, RejectsAStartOnASquareThatDoesNotExist) {
  expect_rejected(std::string("4,1,S\n3,1,N\n") + kSmall, 1, 1, "not a square");
  expect_rejected(std::string("1,1,S\n3,0,N\n") + kSmall, 2, 1, "not a square");
}

TEST(StartText, ParsesAndFormats) {
  EXPECT_EQ(parse_start("22,19,W"), (Start{{21, 18}, Direction::West}));
  EXPECT_EQ(parse_start("22 19 w"), (Start{{21, 18}, Direction::West}));
  EXPECT_EQ(format_start({{21, 18}, Direction::West}), "22,19,W");
  for (const char* bad : {"", "22", "22,19", "22,19,W,1", ",22,19,W", "22,19,W,", "a,19,W", "22,19,WW", "22,19,Q"}) {
    EXPECT_FALSE(parse_start(bad).has_value()) << bad;
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
