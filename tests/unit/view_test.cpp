// Corridor views (docs/rules.md §5).
#include <gtest/gtest.h>

#include <string>

#include "amazes/maze_io.hpp"
#include "amazes/view.hpp"
#include "support/random_maze.hpp"
#include "support/seed_examples.hpp"
#include "support/small_mazes.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

std::string line(const View& view, Relative r) { return std::string(view.corridor(r).line()); }

TEST(View, RelativeDirectionsTurnClockwise) {
  EXPECT_EQ(absolute_direction(Direction::North, Relative::Ahead), Direction::North);
  EXPECT_EQ(absolute_direction(Direction::North, Relative::Right), Direction::East);
  EXPECT_EQ(absolute_direction(Direction::North, Relative::Behind), Direction::South);
  EXPECT_EQ(absolute_direction(Direction::North, Relative::Left), Direction::West);
  EXPECT_EQ(absolute_direction(Direction::West, Relative::Right), Direction::North);
  EXPECT_EQ(absolute_direction(Direction::East, Relative::Left), Direction::North);
  EXPECT_EQ(absolute_direction(Direction::South, Relative::Behind), Direction::North);
}

TEST(View, SideLetters) {
  EXPECT_EQ(side_letter(true, true), 'B');
  EXPECT_EQ(side_letter(true, false), 'L');
  EXPECT_EQ(side_letter(false, true), 'R');
  EXPECT_EQ(side_letter(false, false), 'N');
  EXPECT_TRUE(letter_left_open('B') && letter_right_open('B'));
  EXPECT_TRUE(letter_left_open('L') && !letter_right_open('L'));
  EXPECT_TRUE(!letter_left_open('R') && letter_right_open('R'));
  EXPECT_TRUE(!letter_left_open('N') && !letter_right_open('N'));
}

// The seed's example: W, W, LLBNW, W.
TEST(View, SeedExampleLLBNW) {
  const Maze maze = testing::seed_view_maze();
  const View view = compute_view(maze, testing::kSeedViewRed, testing::kSeedViewBlue.square);
  EXPECT_EQ(line(view, Relative::Ahead), "W");
  EXPECT_EQ(line(view, Relative::Right), "W");
  EXPECT_EQ(line(view, Relative::Behind), "LLBNW");
  EXPECT_EQ(line(view, Relative::Left), "W");
  EXPECT_EQ(view.distance2, 4 * 4 + 1 * 1);
  EXPECT_EQ(view.corridor(Relative::Behind).direction, Direction::West);
  EXPECT_EQ(view.corridor(Relative::Behind).length, 4);
}

// The same corridor seen from its other end, facing East from (2,1): the letters are now
// relative to East, so left is North and right is South.
TEST(View, LettersAreRelativeToTheCorridorDirection) {
  const Maze maze = testing::seed_view_maze();
  const View view = compute_view(maze, {{2, 1}, Direction::East}, {2, 1});
  EXPECT_EQ(line(view, Relative::Ahead), "BRRNW");  // (2,2) B, (2,3) R, (2,4) R, (2,5) N
  EXPECT_EQ(line(view, Relative::Right), "W");      // South of (2,1)
  EXPECT_EQ(line(view, Relative::Behind), "W");     // West of (2,1)
  EXPECT_EQ(line(view, Relative::Left), "W");       // North of (2,1)
  EXPECT_EQ(view.distance2, 0);
}

// A 3×3 maze whose top row is a corridor: looking East from (0,0).
TEST(View, CorridorAlongTheBorder) {
  const Maze maze = parse_maze(testing::kCorridorAndSpiral).maze;
  const View view = compute_view(maze, {{0, 0}, Direction::East}, {2, 2});
  EXPECT_EQ(line(view, Relative::Ahead), "NRW");  // (0,1): N and S walls; (0,2): S open
  EXPECT_EQ(line(view, Relative::Right), "W");
  EXPECT_EQ(line(view, Relative::Behind), "W");
  EXPECT_EQ(line(view, Relative::Left), "W");
  EXPECT_EQ(view.distance2, 8);
  const View down = compute_view(maze, {{0, 2}, Direction::South}, {0, 0});
  // Going South, left is East and right is West: (1,2) is closed both ways, (2,2) open West.
  EXPECT_EQ(line(down, Relative::Ahead), "NRW");
  EXPECT_EQ(line(down, Relative::Right), "NNW");  // West along the top row: (0,1), (0,0)
  EXPECT_EQ(line(down, Relative::Behind), "W");
  EXPECT_EQ(line(down, Relative::Left), "W");
  EXPECT_EQ(down.distance2, 4);
}

// On random mazes: every corridor line ends with its only W, has as many letters as
// corridor squares, and walking it back square by square agrees with the maze.
TEST(View, RandomMazesAgreeWithTheMaze) {
  Rng rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    const int n = 2 + rng.below(30);
    const Maze maze = testing::random_test_maze(rng, n, n);
    for (int i = 0; i < maze.square_count(); ++i) {
      const Square from = maze.square_at(i);
      const Direction facing = direction_from_index(rng.below(4));
      const View view = compute_view(maze, {from, facing}, {0, 0});
      for (const Relative r : kCorridorOrder) {
        const Corridor& c = view.corridor(r);
        const std::string text(c.line());
        ASSERT_EQ(c.direction, absolute_direction(facing, r));
        ASSERT_EQ(text.size(), static_cast<std::size_t>(c.length) + 1);
        ASSERT_EQ(text.back(), 'W');
        ASSERT_EQ(text.find('W'), text.size() - 1);
        Square s = from;
        for (int k = 0; k < c.length; ++k) {
          ASSERT_TRUE(maze.is_open(s, c.direction));
          s = step(s, c.direction);
          ASSERT_EQ(text[k],
                    side_letter(maze.is_open(s, turn_left(c.direction)), maze.is_open(s, turn_right(c.direction))));
        }
        ASSERT_TRUE(maze.is_wall(s, c.direction));
      }
      ASSERT_EQ(view.distance2, from.row * from.row + from.col * from.col);
    }
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
