// Start positions (docs/rules.md §3): the draw, its uniformity, every rejection and the text form.
#include <gtest/gtest.h>

#include <map>
#include <utility>

#include "amazes/generator.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/starts.hpp"
#include "support/small_mazes.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using testing::kRing;
using testing::kRingWithoutCentre;

Maze parse(const char* drawing) { return parse_maze(drawing).maze; }

int options_for(const Maze& maze, Square s) {
  int count = 0;
  for (const Direction d : kAllDirections) count += maze.is_open(s, d) ? 1 : 0;
  return count;
}

TEST(Starts, DefaultMinimumDistance) {
  EXPECT_EQ(default_min_start_distance2(25), 288);
  EXPECT_EQ(default_min_start_distance2(26), 288);
  EXPECT_EQ(default_min_start_distance2(64), 288);
  EXPECT_EQ(default_min_start_distance2(24), 265);  // 288 · 24² / 25² = 265.4
  EXPECT_EQ(default_min_start_distance2(10), 46);
  EXPECT_EQ(default_min_start_distance2(3), 4);
  EXPECT_EQ(default_min_start_distance2(2), 2);  // the two ends of a diagonal
}

TEST(Starts, DrawnStartsAreFarApartAndHaveTheirBackEdgeOpen) {
  for (int n = kMinMazeSize; n <= kMaxMazeSize; n += (n < 12 ? 1 : 13)) {
    const int min_distance2 = default_min_start_distance2(n);
    for (int seed = 1; seed <= 30; ++seed) {
      const Maze maze = generate_maze(static_cast<std::uint64_t>(seed), {n, -1});
      Rng rng(static_cast<std::uint64_t>(seed));
      const auto starts = draw_starts(maze, rng, min_distance2);
      ASSERT_TRUE(starts.has_value()) << n << " seed " << seed;
      EXPECT_EQ(starts_problem(maze, *starts, min_distance2), std::nullopt) << n << " seed " << seed;
      EXPECT_GE(squared_distance(starts->red.square, starts->blue.square), min_distance2);
      for (const Start& s : {starts->red, starts->blue}) {
        EXPECT_TRUE(maze.contains(s.square));
        EXPECT_TRUE(maze.is_open(s.square, reverse(s.facing))) << format_start(s);
      }
    }
  }
}

TEST(Starts, SameRngSameStarts) {
  const Maze maze = generate_maze(5);
  Rng a(9);
  Rng b(9);
  EXPECT_EQ(draw_starts(maze, a, 288), draw_starts(maze, b, 288));
}

TEST(Starts, DrawIsUniformOverSquaresPartnersAndOrientations) {
  // On the 3×3 ring with minimum squared distance 4: red can stand anywhere but on the centre
  // (nothing is 2 or more away from it in both directions); from the top left corner blue can
  // reach five squares; the orientation is uniform over the open back edges.
  const Maze maze = parse(kRing);
  constexpr int kDraws = 16000;
  Rng rng(2024);
  std::map<std::pair<int, int>, int> red_squares;
  std::map<std::pair<int, int>, int> red_facings;  // (square index, direction) → count
  std::map<std::pair<int, int>, int> blue_after_corner;
  int corner_draws = 0;
  for (int i = 0; i < kDraws; ++i) {
    const auto starts = draw_starts(maze, rng, 4);
    ASSERT_TRUE(starts.has_value());
    const Start red = starts->red;
    ++red_squares[{red.square.row, red.square.col}];
    ++red_facings[{maze.index_of(red.square), index_of(red.facing)}];
    if (red.square == Square{0, 0}) {
      ++corner_draws;
      ++blue_after_corner[{starts->blue.square.row, starts->blue.square.col}];
    }
  }
  // Eight squares, 2000 expected each (sd ≈ 42).
  ASSERT_EQ(red_squares.size(), 8U);
  EXPECT_EQ(red_squares.count({1, 1}), 0U);
  for (const auto& [square, count] : red_squares) {
    EXPECT_NEAR(count, kDraws / 8, 200) << square.first + 1 << "," << square.second + 1;
  }
  // Per square, each open back edge equally often.
  for (const auto& [key, count] : red_facings) {
    const Square s = maze.square_at(key.first);
    const Direction facing = direction_from_index(key.second);
    ASSERT_TRUE(maze.is_open(s, reverse(facing)));
    const int expected = red_squares[{s.row, s.col}] / options_for(maze, s);
    EXPECT_NEAR(count, expected, 150) << format_start({s, facing});
  }
  std::size_t open_back_edges = 0;  // every one of them seen
  for (const auto& [square, count] : red_squares) open_back_edges += options_for(maze, {square.first, square.second});
  EXPECT_EQ(red_facings.size(), open_back_edges);
  EXPECT_EQ(open_back_edges, 17U);
  // Blue after red on 1,1: the squares at squared distance ≥ 4, 400 expected each (sd ≈ 18).
  const std::map<std::pair<int, int>, int> reachable = {
      {{0, 2}, 0}, {{1, 2}, 0}, {{2, 0}, 0}, {{2, 1}, 0}, {{2, 2}, 0}};
  ASSERT_EQ(blue_after_corner.size(), reachable.size());
  for (const auto& [square, count] : blue_after_corner) {
    EXPECT_TRUE(reachable.count(square)) << square.first + 1 << "," << square.second + 1;
    EXPECT_NEAR(count, corner_draws / 5, 100);
  }
}

TEST(Starts, NeverStartsOnASquareWithoutOpening) {
  const Maze maze = parse(kRingWithoutCentre);
  Rng rng(1);
  for (int i = 0; i < 2000; ++i) {
    const auto starts = draw_starts(maze, rng, 1);
    ASSERT_TRUE(starts.has_value());
    EXPECT_NE(starts->red.square, (Square{1, 1}));
    EXPECT_NE(starts->blue.square, (Square{1, 1}));
  }
}

TEST(Starts, NothingWhenNoPairIsFarEnough) {
  const Maze maze = parse(kRing);
  Rng rng(1);
  EXPECT_TRUE(draw_starts(maze, rng, 8).has_value());  // the two ends of a diagonal
  EXPECT_FALSE(draw_starts(maze, rng, 9).has_value());
  EXPECT_FALSE(draw_starts(generate_maze(1), rng, 2 * 24 * 24 + 1).has_value());
}

TEST(Starts, ASingleStartIsFineOrNamesItsProblem) {
  const Maze maze = parse(kRing);
  EXPECT_EQ(start_problem(maze, {{0, 0}, Direction::North}), std::nullopt);  // behind: S, open
  EXPECT_EQ(start_problem(maze, {{0, 0}, Direction::South}), "start 1,1,S: the edge behind (N) is a wall");
  EXPECT_EQ(start_problem(maze, {{1, 1}, Direction::North}), "start 2,2,N: the edge behind (S) is a wall");
  EXPECT_EQ(start_problem(maze, {{1, 1}, Direction::South}), std::nullopt);  // behind: N, open
  EXPECT_EQ(start_problem(maze, {{2, 6}, Direction::North}), "start 3,7,N: square 3,7 is outside the 3x3 maze");
  EXPECT_EQ(start_problem(maze, {{-1, 0}, Direction::East}), "start 0,1,E: square 0,1 is outside the 3x3 maze");
}

TEST(Starts, APairNamesEachWayItFails) {
  const Maze maze = parse(kRing);
  const Start good_red{{0, 0}, Direction::North};
  const Start good_blue{{2, 2}, Direction::South};
  EXPECT_EQ(starts_problem(maze, {good_red, good_blue}, 4), std::nullopt);
  EXPECT_EQ(starts_problem(maze, {{{0, 0}, Direction::South}, good_blue}, 4),
            "red start 1,1,S: the edge behind (N) is a wall");
  EXPECT_EQ(starts_problem(maze, {good_red, {{2, 2}, Direction::West}}, 4),
            "blue start 3,3,W: the edge behind (E) is a wall");
  EXPECT_EQ(starts_problem(maze, {good_red, {{5, 5}, Direction::West}}, 4),
            "blue start 6,6,W: square 6,6 is outside the 3x3 maze");
  EXPECT_EQ(starts_problem(maze, {good_red, good_red}, 4), "red and blue start on the same square 1,1");
  EXPECT_EQ(starts_problem(maze, {good_red, good_red}, 0), "red and blue start on the same square 1,1");
  EXPECT_EQ(starts_problem(maze, {good_red, {{0, 1}, Direction::North}}, 4),
            "red start 1,1 and blue start 1,2 are too close: squared distance 1 < 4");
  EXPECT_EQ(starts_problem(maze, {good_red, good_blue}, 9),
            "red start 1,1 and blue start 3,3 are too close: squared distance 8 < 9");
}

TEST(Starts, TextRoundTripsOnEverySquareAndDirection) {
  for (int r = 0; r < kMaxMazeSize; ++r) {
    for (int c = 0; c < kMaxMazeSize; ++c) {
      for (const Direction d : kAllDirections) {
        const Start start{{r, c}, d};
        ASSERT_EQ(parse_start(format_start(start)), start) << format_start(start);
      }
    }
  }
  EXPECT_EQ(format_start({{2, 6}, Direction::North}), "3,7,N");
  EXPECT_EQ(parse_start("3 7 n"), (Start{{2, 6}, Direction::North}));
  EXPECT_EQ(parse_start("22, 19,W"), (Start{{21, 18}, Direction::West}));
}

TEST(Starts, MalformedTextIsRejected) {
  for (const char* text : {"", "3,7", "3,7,N,1", "3,7,X", "a,7,N", "3,,7,N", "3,7,NE", ",3,7,N", "3,7,N,"}) {
    EXPECT_EQ(parse_start(text), std::nullopt) << '"' << text << '"';
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
