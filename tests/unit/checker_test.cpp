// The maze checker (docs/rules.md §2): one hand-made broken maze per rule, the official mazes,
// and the statistics.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "amazes/checker.hpp"
#include "amazes/maze_io.hpp"
#include "support/files.hpp"
#include "support/small_mazes.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

Maze parse(const char* drawing) { return parse_maze(drawing).maze; }

std::set<MazeRule> rules_of(const std::vector<RuleViolation>& violations) {
  std::set<MazeRule> rules;
  for (const auto& v : violations) rules.insert(v.rule);
  return rules;
}

using testing::kRing;
using testing::kRingWithoutCentre;

// Connected, one loop, but the four edges round the top left interior grid point are open.
constexpr const char* kOpenCorner =
    "+-+-+-+\n"
    "|   | |\n"
    "+ + + +\n"
    "|   | |\n"
    "+-+ + +\n"
    "|     |\n"
    "+-+-+-+\n";

// A serpentine: a spanning tree, so no loop.
constexpr const char* kTree =
    "+-+-+-+\n"
    "|     |\n"
    "+-+-+ +\n"
    "|     |\n"
    "+ +-+-+\n"
    "|     |\n"
    "+-+-+-+\n";

Maze all_open(int n) {
  Maze maze(n);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      maze.set_open({r, c}, Direction::East, true);
      maze.set_open({r, c}, Direction::South, true);
    }
  }
  return maze;
}

TEST(Checker, AcceptsAValidHandMadeMaze) { EXPECT_TRUE(check_maze(parse(kRing)).empty()); }

TEST(Checker, NamesAnUnreachableSquareAndTheCount) {
  const auto violations = check_maze(parse(kRingWithoutCentre));
  ASSERT_EQ(rules_of(violations), (std::set{MazeRule::Connected, MazeRule::HasLoop}));
  EXPECT_EQ(violations[0].rule, MazeRule::Connected);
  EXPECT_EQ(violations[0].detail, "square 2,2 cannot be reached from square 1,1 (1 of 9 squares are unreachable)");
}

TEST(Checker, DisconnectedButLoopyMazeFailsOnlyConnectivity) {
  // Wall in square 5,5 of an official maze: still dozens of loops elsewhere.
  Maze maze = parse_maze(testing::read_file(testing::source_dir() / "mazes/official/maze01.txt")).maze;
  for (const Direction d : kAllDirections) maze.set_open({4, 4}, d, false);
  const auto violations = check_maze(maze);
  ASSERT_EQ(violations.size(), 1U);
  EXPECT_EQ(violations[0].rule, MazeRule::Connected);
  EXPECT_EQ(violations[0].detail, "square 5,5 cannot be reached from square 1,1 (1 of 625 squares are unreachable)");
}

TEST(Checker, UnreachableSquareIsTheFirstInReadingOrder) {
  // Cut the 3×3 serpentine between its first and second rows: six squares are cut off.
  Maze maze = parse(kTree);
  maze.set_open({0, 2}, Direction::South, false);
  const auto violations = check_maze(maze);
  ASSERT_FALSE(violations.empty());
  EXPECT_EQ(violations[0].detail, "square 2,1 cannot be reached from square 1,1 (6 of 9 squares are unreachable)");
}

TEST(Checker, NamesTheOpenCornerGridPoint) {
  const auto violations = check_maze(parse(kOpenCorner));
  ASSERT_EQ(violations.size(), 1U);
  EXPECT_EQ(violations[0].rule, MazeRule::NoOpenCorner);
  EXPECT_EQ(violations[0].detail, "grid point between rows 1-2 and columns 1-2 has no wall");
}

TEST(Checker, NamesAFewOpenCornersAndCountsTheRest) {
  // Every interior edge of a 4×4 maze open: nine open corners, three named.
  const auto violations = check_maze(all_open(4));
  ASSERT_EQ(violations.size(), 3U);
  for (const auto& v : violations) EXPECT_EQ(v.rule, MazeRule::NoOpenCorner);
  EXPECT_EQ(violations[0].detail, "grid point between rows 1-2 and columns 1-2 has no wall");
  EXPECT_EQ(violations[1].detail, "grid point between rows 1-2 and columns 2-3 has no wall");
  EXPECT_EQ(violations[2].detail, "grid point between rows 1-2 and columns 3-4 has no wall (and 6 more open corners)");
}

TEST(Checker, OpenCornerInTheBottomRightIsNamedThere) {
  // The ring, with the centre hanging off its east and south neighbours instead of the north
  // one: the four edges round the bottom right interior point are open.
  Maze maze = parse(kRing);
  maze.set_open({1, 1}, Direction::North, false);
  maze.set_open({1, 1}, Direction::East, true);
  maze.set_open({1, 1}, Direction::South, true);
  const auto violations = check_maze(maze);
  ASSERT_EQ(violations.size(), 1U);
  EXPECT_EQ(violations[0].detail, "grid point between rows 2-3 and columns 2-3 has no wall");
}

TEST(Checker, ATreeHasNoLoop) {
  const auto violations = check_maze(parse(kTree));
  ASSERT_EQ(violations.size(), 1U);
  EXPECT_EQ(violations[0].rule, MazeRule::HasLoop);
  EXPECT_EQ(violations[0].detail, "8 openings, but a loop needs more than N*N-1 = 8");
}

TEST(Checker, TwoByTwoNeedsNoLoopButStillNoOpenCorner) {
  // Rule 4 is waived on 2×2, where the only possible loop is an open corner.
  EXPECT_FALSE(loop_required(2));
  EXPECT_TRUE(loop_required(3));
  Maze tree(2);
  tree.set_open({0, 0}, Direction::East, true);
  tree.set_open({0, 0}, Direction::South, true);
  tree.set_open({1, 0}, Direction::East, true);
  EXPECT_TRUE(check_maze(tree).empty());

  const auto loop = check_maze(all_open(2));
  ASSERT_EQ(loop.size(), 1U);
  EXPECT_EQ(loop[0].detail, "grid point between rows 1-2 and columns 1-2 has no wall");

  Maze cut(2);
  cut.set_open({0, 0}, Direction::East, true);
  EXPECT_EQ(rules_of(check_maze(cut)), std::set{MazeRule::Connected});
}

TEST(Checker, RuleNamesFollowRulesMd) {
  EXPECT_EQ(rule_name(MazeRule::OuterWalls), "2.1 outer walls");
  EXPECT_EQ(rule_name(MazeRule::Connected), "2.2 connected");
  EXPECT_EQ(rule_name(MazeRule::NoOpenCorner), "2.3 no open corner");
  EXPECT_EQ(rule_name(MazeRule::HasLoop), "2.4 at least one loop");
  EXPECT_EQ(static_cast<int>(MazeRule::OuterWalls), 1);
  EXPECT_EQ(static_cast<int>(MazeRule::HasLoop), 4);
}

TEST(Checker, StatisticsOfAHandMadeMaze) {
  const MazeStatistics ring = maze_statistics(parse(kRing));
  EXPECT_EQ(ring.size, 3);
  EXPECT_EQ(ring.openings, 9);
  EXPECT_EQ(ring.loops, 1);
  EXPECT_EQ(ring.dead_ends, 1);  // the centre

  const MazeStatistics tree = maze_statistics(parse(kTree));
  EXPECT_EQ(tree.openings, 8);
  EXPECT_EQ(tree.loops, 0);
  EXPECT_EQ(tree.dead_ends, 2);  // the two ends of the serpentine

  const MazeStatistics cut = maze_statistics(parse(kRingWithoutCentre));
  EXPECT_EQ(cut.openings, 8);                    // the ring's cycle, but the centre cut off
  EXPECT_EQ(cut.loops, 1);                       // the ring is a loop although openings = N*N-1: two parts
  EXPECT_EQ(cut.dead_ends, 0);                   // the walled-in centre has four walls, not three
  EXPECT_EQ(maze_statistics(Maze(4)).loops, 0);  // 16 parts, no opening
}

TEST(Checker, EveryOfficialMazeIsValidWithItsKnownFigures) {
  // Loops and dead ends counted independently from the drawings.
  const std::map<std::string, std::pair<int, int>> expected = {
      {"maze01.txt", {52, 142}}, {"maze02.txt", {54, 127}}, {"maze03.txt", {52, 151}}, {"maze04.txt", {53, 145}},
      {"maze05.txt", {51, 144}}, {"maze06.txt", {51, 144}}, {"maze07.txt", {51, 149}}};
  const auto files = testing::files_in(testing::source_dir() / "mazes" / "official", ".txt");
  ASSERT_EQ(files.size(), expected.size());
  for (const auto& path : files) {
    const Maze maze = parse_maze(testing::read_file(path), path.string()).maze;
    const auto violations = check_maze(maze);
    EXPECT_TRUE(violations.empty()) << path << ": " << (violations.empty() ? "" : violations[0].detail);
    const MazeStatistics stats = maze_statistics(maze);
    const auto& [loops, dead_ends] = expected.at(path.filename().string());
    EXPECT_EQ(stats.size, 25) << path;
    EXPECT_EQ(stats.loops, loops) << path;
    EXPECT_EQ(stats.openings, 624 + loops) << path;
    EXPECT_EQ(stats.dead_ends, dead_ends) << path;
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
