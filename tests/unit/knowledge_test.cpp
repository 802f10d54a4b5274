// Per-player knowledge: what is seen (docs/rules.md §6) and the inference rules (§7), one
// hand-built position per rule, then a comparison with a naive reference on random mazes.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "amazes/knowledge.hpp"
#include "amazes/view.hpp"
#include "support/knowledge_checks.hpp"
#include "support/random_maze.hpp"
#include "support/seed_examples.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using D = Direction;

void wall(Knowledge& k, Square s, D d) { k.learn_edge(s, d, EdgeState::Wall); }
void open(Knowledge& k, Square s, D d) { k.learn_edge(s, d, EdgeState::Opening); }

std::vector<Square> squares(const Knowledge& k, std::span<const int> indices) {
  std::vector<Square> out;
  for (const int i : indices) out.push_back({i / k.size(), i % k.size()});
  return out;
}

int count_edges(const Knowledge& k, EdgeState state) {
  int n = 0;
  for (int e = 0; e < k.edge_count(); ++e) n += k.edge(e) == state;
  return n;
}

TEST(Knowledge, StartsEmpty) {
  const Knowledge k(5);
  EXPECT_EQ(k.size(), 5);
  EXPECT_EQ(k.discovered_count(), 0);
  EXPECT_EQ(k.dead_end_count(), 0);
  EXPECT_FALSE(k.all_discovered());
  EXPECT_EQ(k.edge_count(), 60);
  EXPECT_EQ(count_edges(k, EdgeState::Unknown), 60);
  EXPECT_THROW(Knowledge(1), std::invalid_argument);
  EXPECT_THROW(Knowledge(65), std::invalid_argument);
}

TEST(Knowledge, EdgeIdsAreThoseOfTheMaze) {
  for (const int n : {2, 5, 25, 64}) {
    const Maze maze(n);
    const Knowledge k(n);
    for (int i = 0; i < maze.square_count(); ++i) {
      for (const D d : kAllDirections) {
        ASSERT_EQ(k.edge_id(maze.square_at(i), d), maze.edge_id(maze.square_at(i), d));
      }
    }
  }
}

TEST(Knowledge, EdgesAreLearntOnceAndNeverOverwritten) {
  Knowledge k(4);
  EXPECT_TRUE(k.learn_edge({1, 1}, D::East, EdgeState::Wall));
  EXPECT_FALSE(k.learn_edge({1, 2}, D::West, EdgeState::Opening));  // the same edge
  EXPECT_EQ(k.edge({1, 2}, D::West), EdgeState::Wall);
  EXPECT_FALSE(k.learn_edge({2, 2}, D::North, EdgeState::Unknown));
}

// A square exists when discovered or at an end of a discovered opening; walls do not count.
TEST(Knowledge, ExistsThroughOpeningsNotWalls) {
  Knowledge k(4);
  open(k, {1, 1}, D::East);
  wall(k, {2, 2}, D::South);
  EXPECT_TRUE(k.exists({1, 1}));
  EXPECT_TRUE(k.exists({1, 2}));
  EXPECT_FALSE(k.discovered({1, 1}));
  EXPECT_FALSE(k.exists({2, 2}));
  EXPECT_FALSE(k.exists({3, 2}));
  k.discover({3, 3});
  EXPECT_TRUE(k.exists({3, 3}));
  EXPECT_EQ(k.discovered_count(), 1);
}

// §6.1 on the seed's example (W, W, LLBNW, W): the player's square, the four corridor
// squares and the four squares behind open side edges are discovered; every edge around
// the corridor is known; the corner rule gives the seed's two vertical walls.
TEST(Knowledge, SeedViewAndTheTwoVerticalWalls) {
  const Maze maze = testing::seed_view_maze();
  const View view = compute_view(maze, testing::kSeedViewRed, testing::kSeedViewBlue.square);
  Knowledge k(7);
  const auto fresh = squares(k, k.observe({2, 5}, view));
  const std::vector<Square> expected_first = {{2, 5}, {2, 4}, {3, 4}, {2, 3}, {3, 3}, {2, 2}, {1, 2}, {3, 2}, {2, 1}};
  ASSERT_EQ(fresh.size(), 9u);
  EXPECT_EQ(fresh[0], (Square{2, 5}));  // the player's own square first
  for (const Square s : expected_first) {
    EXPECT_TRUE(k.discovered(s)) << testing::where(s);
    EXPECT_EQ(std::count(fresh.begin(), fresh.end(), s), 1) << testing::where(s);
  }
  EXPECT_EQ(k.discovered_count(), 9);
  // The own square: walls ahead (East), right (South), left (North), open behind.
  EXPECT_EQ(k.edge({2, 5}, D::East), EdgeState::Wall);
  EXPECT_EQ(k.edge({2, 5}, D::South), EdgeState::Wall);
  EXPECT_EQ(k.edge({2, 5}, D::North), EdgeState::Wall);
  EXPECT_EQ(k.edge({2, 5}, D::West), EdgeState::Opening);
  // Side edges: L L B N going West (left is South).
  EXPECT_EQ(k.edge({2, 4}, D::South), EdgeState::Opening);
  EXPECT_EQ(k.edge({2, 4}, D::North), EdgeState::Wall);
  EXPECT_EQ(k.edge({2, 3}, D::South), EdgeState::Opening);
  EXPECT_EQ(k.edge({2, 3}, D::North), EdgeState::Wall);
  EXPECT_EQ(k.edge({2, 2}, D::South), EdgeState::Opening);
  EXPECT_EQ(k.edge({2, 2}, D::North), EdgeState::Opening);
  EXPECT_EQ(k.edge({2, 1}, D::South), EdgeState::Wall);
  EXPECT_EQ(k.edge({2, 1}, D::North), EdgeState::Wall);
  EXPECT_EQ(k.edge({2, 1}, D::West), EdgeState::Wall);  // the end wall
  // The corner rule: the two vertical walls below the corridor.
  EXPECT_EQ(k.edge({3, 2}, D::East), EdgeState::Wall);
  EXPECT_EQ(k.edge({3, 3}, D::East), EdgeState::Wall);
  // (2,1) and the player's own square have three walls: dead ends (both were discovered
  // already, so no new discovery); (2,4) has only one wall and an opening to (2,5).
  EXPECT_TRUE(k.dead_end({2, 1}));
  EXPECT_TRUE(k.dead_end({2, 5}));
  EXPECT_FALSE(k.dead_end({2, 4}));
  EXPECT_EQ(k.dead_end_count(), 2);
  // Nothing else: 4 + 4·2 + 4 + ... every known edge is accounted for.
  EXPECT_EQ(count_edges(k, EdgeState::Opening), 4 + 4);       // along the corridor, open sides
  EXPECT_EQ(count_edges(k, EdgeState::Wall), 3 + 4 + 1 + 2);  // own, sides, end, corner
  EXPECT_EQ(testing::knowledge_problem(maze, k, testing::bridge_edges(maze)), "");
  EXPECT_EQ(testing::fixed_point_problem(k), "");
}

// §7.1 Corner.
TEST(Knowledge, CornerRuleClosesTheFourthEdge) {
  Knowledge k(4);
  // Grid point (2,2) is between squares (1,1), (1,2), (2,1), (2,2).
  open(k, {1, 1}, D::East);  // up
  open(k, {2, 1}, D::East);  // down
  k.infer();
  EXPECT_EQ(k.edge({1, 1}, D::South), EdgeState::Unknown);  // two openings say nothing
  open(k, {1, 1}, D::South);                                // left
  k.infer();
  EXPECT_EQ(k.edge({1, 2}, D::South), EdgeState::Wall);  // right
  EXPECT_EQ(k.discovered_count(), 0);                    // the corner rule discovers no square
  EXPECT_EQ(testing::fixed_point_problem(k), "");
}

TEST(Knowledge, CornerRuleNeedsThreeOpeningsNotWalls) {
  Knowledge k(4);
  open(k, {1, 1}, D::East);
  open(k, {2, 1}, D::East);
  wall(k, {1, 1}, D::South);
  k.infer();
  EXPECT_EQ(k.edge({1, 2}, D::South), EdgeState::Unknown);
}

// §7.2 with three walls: the square is discovered, marked, and its fourth edge is open.
TEST(Knowledge, DeadEndFromThreeWalls) {
  Knowledge k(5);
  wall(k, {2, 2}, D::North);
  wall(k, {2, 2}, D::East);
  k.infer();
  EXPECT_FALSE(k.dead_end({2, 2}));
  wall(k, {2, 2}, D::South);
  k.infer();
  EXPECT_TRUE(k.dead_end({2, 2}));
  EXPECT_TRUE(k.discovered({2, 2}));
  EXPECT_EQ(k.edge({2, 2}, D::West), EdgeState::Opening);
  EXPECT_TRUE(k.exists({2, 1}));       // the square across exists...
  EXPECT_FALSE(k.discovered({2, 1}));  // ...but is not discovered
  EXPECT_EQ(squares(k, k.discoveries()), (std::vector<Square>{{2, 2}}));
}

// §7.2 with two walls and one opening to a dead end.
TEST(Knowledge, DeadEndFromTwoWallsAndADeadEnd) {
  Knowledge k(5);
  wall(k, {2, 2}, D::North);
  wall(k, {2, 2}, D::South);
  wall(k, {2, 1}, D::North);
  wall(k, {2, 1}, D::South);
  wall(k, {2, 1}, D::West);  // (2,1) is a dead end, its East edge opens into (2,2)
  k.infer();
  EXPECT_TRUE(k.dead_end({2, 1}));
  EXPECT_TRUE(k.dead_end({2, 2}));
  EXPECT_EQ(k.edge({2, 2}, D::East), EdgeState::Opening);
  EXPECT_TRUE(k.exists({2, 3}));
  EXPECT_FALSE(k.discovered({2, 3}));
  EXPECT_EQ(squares(k, k.discoveries()), (std::vector<Square>{{2, 1}, {2, 2}}));
}

// §7.2 with one wall and two openings to dead ends.
TEST(Knowledge, DeadEndFromOneWallAndTwoDeadEnds) {
  Knowledge k(5);
  for (const D d : {D::North, D::West, D::South}) wall(k, {2, 1}, d);  // dead end West of (2,2)
  for (const D d : {D::North, D::East, D::South}) wall(k, {2, 3}, d);  // dead end East of (2,2)
  wall(k, {2, 2}, D::North);
  k.infer();
  EXPECT_TRUE(k.dead_end({2, 1}));
  EXPECT_TRUE(k.dead_end({2, 3}));
  EXPECT_TRUE(k.dead_end({2, 2}));
  EXPECT_EQ(k.edge({2, 2}, D::South), EdgeState::Opening);
  EXPECT_EQ(k.dead_end_count(), 3);
  EXPECT_FALSE(k.dead_end({3, 2}));
}

// §7.2 with three openings to dead ends and no wall at all.
TEST(Knowledge, DeadEndFromThreeDeadEnds) {
  Knowledge k(5);
  for (const D d : {D::North, D::West, D::South}) wall(k, {2, 1}, d);
  for (const D d : {D::North, D::East, D::South}) wall(k, {2, 3}, d);
  for (const D d : {D::North, D::West, D::East}) wall(k, {1, 2}, d);
  k.infer();
  EXPECT_TRUE(k.dead_end({2, 2}));
  EXPECT_EQ(k.edge({2, 2}, D::South), EdgeState::Opening);
  for (const D d : kAllDirections) EXPECT_EQ(k.edge({2, 2}, d), EdgeState::Opening);
  EXPECT_EQ(testing::fixed_point_problem(k), "");
}

// A chain of dead ends along a corridor: the end square has three walls, every corridor
// square two side walls, so the dead ends run along it one after the other until a square
// that still has an unknown side.
TEST(Knowledge, ChainOfDeadEndsAlongACorridor) {
  Knowledge k(8);
  for (int c = 1; c <= 6; ++c) {
    wall(k, {3, c}, D::North);
    wall(k, {3, c}, D::South);
  }
  wall(k, {3, 7}, D::North);  // (3,7) has one unknown side left: the chain stops there
  k.infer();
  EXPECT_EQ(k.dead_end_count(), 0);  // no end wall yet
  wall(k, {3, 1}, D::West);
  k.infer();
  for (int c = 1; c <= 6; ++c) {
    EXPECT_TRUE(k.dead_end({3, c})) << c;
    EXPECT_EQ(k.edge({3, c}, D::East), EdgeState::Opening) << c;
  }
  EXPECT_FALSE(k.dead_end({3, 7}));
  EXPECT_FALSE(k.discovered({3, 7}));
  EXPECT_TRUE(k.exists({3, 7}));
  // Each link needs the one before it, so they come in corridor order.
  EXPECT_EQ(squares(k, k.discoveries()), (std::vector<Square>{{3, 1}, {3, 2}, {3, 3}, {3, 4}, {3, 5}, {3, 6}}));
}

// A square discovered before can still become a dead end; it is not discovered twice.
TEST(Knowledge, DiscoveredSquareBecomesADeadEndWithoutANewDiscovery) {
  Knowledge k(5);
  EXPECT_TRUE(k.discover({2, 2}));
  EXPECT_FALSE(k.discover({2, 2}));
  k.clear_discoveries();
  for (const D d : {D::North, D::East, D::South}) wall(k, {2, 2}, d);
  k.infer();
  EXPECT_TRUE(k.dead_end({2, 2}));
  EXPECT_TRUE(k.discoveries().empty());
  EXPECT_EQ(k.discovered_count(), 1);
}

// §7.3 Rows: existing squares in all N rows give the 2N horizontal outer walls, nothing else.
TEST(Knowledge, RowsRule) {
  Knowledge k(4);
  k.discover({0, 1});
  k.discover({1, 1});
  open(k, {1, 1}, D::South);  // (2,1) exists
  k.infer();
  EXPECT_EQ(count_edges(k, EdgeState::Wall), 0);
  open(k, {3, 2}, D::East);  // (3,2) and (3,3) exist: all rows now
  k.infer();
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(k.edge({0, c}, D::North), EdgeState::Wall);
    EXPECT_EQ(k.edge({3, c}, D::South), EdgeState::Wall);
  }
  EXPECT_EQ(count_edges(k, EdgeState::Wall), 8);  // no vertical outer wall: columns 0 is missing
  EXPECT_EQ(k.edge({2, 0}, D::West), EdgeState::Unknown);
}

// §7.4 Columns.
TEST(Knowledge, ColumnsRule) {
  Knowledge k(4);
  k.discover({2, 0});
  k.discover({2, 1});
  open(k, {1, 2}, D::East);  // (1,2), (1,3) exist
  k.infer();
  for (int r = 0; r < 4; ++r) {
    EXPECT_EQ(k.edge({r, 0}, D::West), EdgeState::Wall);
    EXPECT_EQ(k.edge({r, 3}, D::East), EdgeState::Wall);
  }
  EXPECT_EQ(count_edges(k, EdgeState::Wall), 8);
  EXPECT_EQ(k.edge({0, 0}, D::North), EdgeState::Unknown);
}

// §7.5 Opposite edge: all N walls of one outer edge give the opposite one.
TEST(Knowledge, OppositeEdgeRule) {
  for (const D side : kAllDirections) {
    Knowledge k(5);
    auto on_side = [&](D s, int x) {
      return s == D::North ? Square{0, x} : s == D::South ? Square{4, x} : s == D::West ? Square{x, 0} : Square{x, 4};
    };
    for (int x = 0; x < 4; ++x) wall(k, on_side(side, x), side);
    k.infer();
    EXPECT_EQ(k.edge(on_side(reverse(side), 0), reverse(side)), EdgeState::Unknown) << to_char(side);
    wall(k, on_side(side, 4), side);
    k.infer();
    for (int x = 0; x < 5; ++x) EXPECT_EQ(k.edge(on_side(reverse(side), x), reverse(side)), EdgeState::Wall);
    EXPECT_EQ(k.edge(on_side(turn_left(side), 2), turn_left(side)), EdgeState::Unknown);
    EXPECT_EQ(count_edges(k, EdgeState::Wall), 10);
    EXPECT_EQ(k.discovered_count(), 0);
  }
}

// One rule enabling another: the rows rule finds the top wall, which completes three walls
// of a square in the top row (a dead end), whose opening makes a square of the first column
// exist, which completes the columns, whose outer walls make the corner square a dead end.
TEST(Knowledge, OuterWallsFoundMakeNewDeadEnds) {
  Knowledge k(4);
  // Column 3 seen from top to bottom: every row and columns 3 exist.
  for (int r = 0; r < 4; ++r) k.discover({r, 3});
  k.discover({1, 2});
  k.discover({2, 2});
  // (0,1): walls East and South known.
  wall(k, {0, 1}, D::East);
  wall(k, {0, 1}, D::South);
  k.clear_discoveries();
  k.infer();
  // Rows: top wall → (0,1) has three walls, a dead end → its West edge opens → (0,0) exists,
  // and with (0,1) discovered all four columns exist → left and right walls → (0,0) has the
  // top and left walls and an opening to a dead end: a dead end too, open to the South.
  EXPECT_EQ(k.edge({0, 1}, D::North), EdgeState::Wall);
  EXPECT_TRUE(k.dead_end({0, 1}));
  EXPECT_EQ(k.edge({0, 1}, D::West), EdgeState::Opening);
  EXPECT_EQ(k.edge({0, 0}, D::West), EdgeState::Wall);
  EXPECT_TRUE(k.dead_end({0, 0}));
  EXPECT_EQ(k.edge({0, 0}, D::South), EdgeState::Opening);
  EXPECT_TRUE(k.exists({1, 0}));
  EXPECT_FALSE(k.dead_end({1, 0}));  // only its North edge is closed
  EXPECT_EQ(squares(k, k.discoveries()), (std::vector<Square>{{0, 1}, {0, 0}}));
  EXPECT_EQ(testing::fixed_point_problem(k), "");
}

// §6.2: walking discovers the square only; the rows rule it completes waits for infer().
TEST(Knowledge, WalkingDiscoversSquaresButNoEdges) {
  Knowledge k(3);
  EXPECT_TRUE(k.walk_onto({0, 0}));
  EXPECT_TRUE(k.walk_onto({1, 0}));
  EXPECT_TRUE(k.walk_onto({2, 0}));
  EXPECT_FALSE(k.walk_onto({1, 0}));
  EXPECT_EQ(k.discovered_count(), 3);
  EXPECT_EQ(count_edges(k, EdgeState::Unknown), k.edge_count());
  k.infer();  // the next information phase
  EXPECT_EQ(count_edges(k, EdgeState::Wall), 6);
  EXPECT_EQ(k.edge({0, 2}, D::North), EdgeState::Wall);
  EXPECT_EQ(k.edge({2, 1}, D::South), EdgeState::Wall);
}

TEST(Knowledge, AllDiscovered) {
  Knowledge k(2);
  k.discover({0, 0});
  k.discover({0, 1});
  k.discover({1, 0});
  EXPECT_FALSE(k.all_discovered());
  k.walk_onto({1, 1});
  EXPECT_TRUE(k.all_discovered());
}

// The worklist against the naive reference on random mazes and random walks: after every
// information phase the two agree on every square and edge, the discoveries reported are
// exactly the new ones, and nothing contradicts the maze.
TEST(Knowledge, AgreesWithTheNaiveReferenceOnRandomWalks) {
  Rng rng(2010);
  int dead_ends_seen = 0;
  int outer_rules_seen = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const int n = 2 + rng.below(trial < 40 ? 12 : 24);
    const Maze maze = testing::random_test_maze(rng, n, rng.below(n * 2 + 1));
    ASSERT_TRUE(testing::is_connected(maze));
    ASSERT_FALSE(testing::has_open_corner(maze));
    const auto bridges = testing::bridge_edges(maze);
    Knowledge k(n);
    testing::ReferenceKnowledge ref(maze);
    Start at{maze.square_at(rng.below(maze.square_count())), D::North};
    for (int turn = 0; turn < 60; ++turn) {
      std::vector<char> before(maze.square_count());
      for (int i = 0; i < maze.square_count(); ++i) before[i] = k.discovered(maze.square_at(i));
      const auto fresh = k.observe(at.square, compute_view(maze, at, {0, 0}));
      ref.see(at.square);
      ref.infer();
      ASSERT_EQ(testing::difference(maze, k, ref), "") << "trial " << trial << " turn " << turn;
      ASSERT_EQ(testing::knowledge_problem(maze, k, bridges), "") << "trial " << trial << " turn " << turn;
      ASSERT_EQ(testing::fixed_point_problem(k), "") << "trial " << trial << " turn " << turn;
      std::set<int> fresh_set(fresh.begin(), fresh.end());
      ASSERT_EQ(fresh_set.size(), fresh.size()) << "a square reported twice";
      for (int i = 0; i < maze.square_count(); ++i) {
        ASSERT_EQ(fresh_set.count(i) == 1, !before[i] && k.discovered(maze.square_at(i)));
      }
      // Walk a few random steps through openings.
      const int steps = rng.below(2 * n);
      for (int s = 0; s < steps; ++s) {
        const D d = direction_from_index(rng.below(4));
        if (maze.is_wall(at.square, d)) continue;
        at = {step(at.square, d), d};
        k.walk_onto(at.square);
        ref.walk_onto(at.square);
      }
    }
    dead_ends_seen += k.dead_end_count();
    outer_rules_seen += k.edge({0, 0}, D::North) == EdgeState::Wall;
  }
  // The walks are long enough that the interesting rules really fired.
  EXPECT_GT(dead_ends_seen, 100);
  EXPECT_GT(outer_rules_seen, 10);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
