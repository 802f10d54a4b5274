// The More board (docs/more-rules.md §1): square names, the 60-character board line of the
// original rules with their worked example and their figure 1, and the generator.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

#include "amazes/more/board.hpp"
#include "amazes/more/board_generator.hpp"
#include "amazes/more/square.hpp"

namespace amazes::more {
namespace AMAZES_FILE_NAMESPACE {

// The board of figure 1 of the original rules, as they give it.
constexpr const char* kFigureOne = "010200100010010100110001000011000010000000000101010100100000";

Square sq(const char* name) { return parse_square(name).value(); }

TEST(MoreSquares, LetterIsTheRowFromTheTopDigitTheColumnFromTheLeft) {
  EXPECT_EQ(sq("a1"), (Square{0, 0}));
  EXPECT_EQ(sq("a6"), (Square{0, 5}));
  EXPECT_EQ(sq("f1"), (Square{5, 0}));
  EXPECT_EQ(sq("f6"), (Square{5, 5}));
  EXPECT_EQ(square_name({2, 3}), "c4");
  for (const char* bad : {"g1", "a7", "a0", "A1", "1a", "a", "a11", ""}) EXPECT_FALSE(parse_square(bad)) << bad;
}

// "00102" as the first five digits: a single wall between a3 and a4, a double one between a5
// and a6; "100102" next: single walls between a1 and b1 and between a4 and b4, a double one
// between a6 and b6.
TEST(MoreBoard, TheWorkedExampleOfTheRules) {
  const Board board = parse_board("00102100102" + std::string(49, '0'));
  EXPECT_EQ(board.wall(sq("a3"), Direction::East), Wall::Single);
  EXPECT_EQ(board.wall(sq("a4"), Direction::West), Wall::Single);
  EXPECT_EQ(board.wall(sq("a5"), Direction::East), Wall::Double);
  EXPECT_EQ(board.wall(sq("a1"), Direction::South), Wall::Single);
  EXPECT_EQ(board.wall(sq("b4"), Direction::North), Wall::Single);
  EXPECT_EQ(board.wall(sq("a6"), Direction::South), Wall::Double);
  EXPECT_EQ(board.count(Wall::Single), 3);
  EXPECT_EQ(board.count(Wall::Double), 2);
}

TEST(MoreBoard, FigureOneHasItsWallsWhereTheDigitsSay) {
  const Board board = parse_board(kFigureOne);
  EXPECT_EQ(board.count(Wall::Single), 16);
  EXPECT_EQ(board.count(Wall::Double), 1);
  // Row a, "01020": a2|a3 single, a4|a5 double.
  EXPECT_EQ(board.wall(sq("a2"), Direction::East), Wall::Single);
  EXPECT_EQ(board.wall(sq("a4"), Direction::East), Wall::Double);
  EXPECT_EQ(board.wall(sq("a1"), Direction::East), Wall::None);
  // Between rows a and b, "010001": under a2 and a6.
  EXPECT_EQ(board.wall(sq("b2"), Direction::North), Wall::Single);
  EXPECT_EQ(board.wall(sq("b6"), Direction::North), Wall::Single);
  // Row e, "01010": e2|e3 and e4|e5; between rows e and f, "101001": under e1, e3, e6.
  EXPECT_EQ(board.wall(sq("e3"), Direction::West), Wall::Single);
  EXPECT_EQ(board.wall(sq("e5"), Direction::West), Wall::Single);
  EXPECT_EQ(board.wall(sq("f1"), Direction::North), Wall::Single);
  EXPECT_EQ(board.wall(sq("f3"), Direction::North), Wall::Single);
  EXPECT_EQ(board.wall(sq("f6"), Direction::North), Wall::Single);
  EXPECT_EQ(board.wall(sq("f5"), Direction::North), Wall::None);
  // Row f, the last five digits: none.
  for (int col = 0; col < 5; ++col) EXPECT_EQ(board.wall({5, col}, Direction::East), Wall::None);
  EXPECT_EQ(format_board(board), kFigureOne);
}

TEST(MoreBoard, BorderEdgesHaveNoWall) {
  const Board board = parse_board(std::string(60, '2'));
  EXPECT_EQ(board.wall(sq("a1"), Direction::North), Wall::None);
  EXPECT_EQ(board.wall(sq("a1"), Direction::West), Wall::None);
  EXPECT_EQ(board.wall(sq("f6"), Direction::South), Wall::None);
  EXPECT_EQ(board.count(Wall::Double), 60);
  Board empty;
  EXPECT_THROW(empty.set_wall(sq("f6"), Direction::East, Wall::Single), std::out_of_range);
}

TEST(MoreBoard, ALineThatIsNotABoardIsRefusedSayingWhy) {
  const auto message = [](const std::string& text) {
    try {
      parse_board(text);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message(std::string(59, '0')).find("got 59 characters"), std::string::npos);
  EXPECT_NE(message(std::string(61, '0')).find("got 61 characters"), std::string::npos);
  EXPECT_NE(message(std::string(9, '0') + "3" + std::string(50, '0')).find("character 10"), std::string::npos);
  EXPECT_NE(message(std::string(59, '0') + "\r").find("character 60"), std::string::npos);
}

TEST(MoreBoardGenerator, TheSameSeedGivesTheSameBoardAndSeedsDiffer) {
  EXPECT_EQ(generate_board(7), generate_board(7));
  std::set<std::string> lines;
  for (std::uint64_t seed = 0; seed < 50; ++seed) lines.insert(format_board(generate_board(seed)));
  EXPECT_EQ(lines.size(), 50U);
}

// 70 % none, 25 % single, 5 % double: over 1000 boards (60,000 edges) the shares are within
// a percent of that.
TEST(MoreBoardGenerator, WallsHaveTheDocumentedDensity) {
  int single = 0;
  int twice = 0;
  constexpr int kBoards = 1000;
  for (int seed = 0; seed < kBoards; ++seed) {
    const Board board = generate_board(static_cast<std::uint64_t>(seed));
    single += board.count(Wall::Single);
    twice += board.count(Wall::Double);
  }
  constexpr double kEdges = 60.0 * kBoards;
  EXPECT_NEAR(single / kEdges, 0.25, 0.01);
  EXPECT_NEAR(twice / kEdges, 0.05, 0.01);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::more
