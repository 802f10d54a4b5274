// The seed's "Discovery example" (seeds/amazes-rules-en.txt), rebuilt on a 10×10 maze.
//
// The seed shows a 25×25 applet in pictures and describes them in words only. The chain it
// describes at the information phase of red's turn 5 is:
//   0. red sees a square ("0") in the last row that had no known square: all rows are known;
//   1. rows rule: the top and bottom outer walls;
//   2. the squares "1" (not yet discovered, two walls known before, the third is the new
//      outer wall) become dead ends; their fourth edges open, so the left square "3" and
//      the square "2" now exist;
//   3. "2" has two walls and an opening to a dead end: a dead end, opening to the right "3";
//   4. now a square exists in every column: columns rule, the left and right outer walls;
//   5. both "3"s (outer wall + one more wall + an opening to a dead end) become dead ends,
//      then both "4"s the same way; the squares below the "4"s stay undiscovered because
//      two of their edges are still unknown.
// Before that, red learnt "some walls of the dead end corridor at the right corner" at turn 2,
// walked into unknown squares in turn 2, learnt walls of the left dead-end corridor at
// turn 4 while still missing the two outer columns, then walked down "the long corridor"
// and took a last step to the left onto a square discovered earlier whose bottom and right
// edges were not known yet.
//
// Reconstruction (0-based row,col; row 0 at the top):
//   - The top row holds both dead-end corridors. Left: 1 = (0,1) opens West into 3 = (0,0),
//     which runs down the left column: 4 = (1,0), then (2,0), ... Right: 1 = (0,7) opens East
//     into 2 = (0,8), then 3 = (0,9), down the right column: 4 = (1,9), then (2,9), ...
//   - Row 1 is a corridor (1,1)..(1,4) | (1,5)..(1,8) whose side and end walls are the known
//     walls of those squares; column 2 is the long corridor (0,2)..(8,2), and (0,2)/(0,6)
//     are seen at the top of columns 2 and 6, which gives the walls beside the two "1"s.
//   - Red starts at (4,6) facing North in column 6. Turn 1 "FFF" to (1,6). Turn 2 sees the
//     right corner walls, then "LLFRF" through unseen (3,5), (3,4), (3,3). Turn 3 "RFL" to
//     (1,2). Turn 4 sees the left corner walls and the long corridor; "LFFFFFFL" walks it
//     and steps left (East, facing South) onto (8,3). Turn 5 sees (9,3), the square "0",
//     in row 9, the only row without a known square.
//   - Blue stays far away in the bottom right, playing `T` between (7,8) and (6,8).
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "amazes/game.hpp"
#include "amazes/maze_io.hpp"
#include "support/knowledge_checks.hpp"
#include "support/random_maze.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using D = Direction;

constexpr const char* kDiscoveryMaze =
    "+-+-+-+-+-+-+-+-+-+-+\n"
    "|   |       | |     |\n"
    "+ +-+ +-+ + + +-+-+ +\n"
    "| |       |       | |\n"
    "+ + + + +-+ + +-+ + +\n"
    "| | | | |   |   | | |\n"
    "+ + + + +-+ + +-+ + +\n"
    "| | | |     |   | | |\n"
    "+ + + +-+-+ + + + + +\n"
    "| | |       | | | | |\n"
    "+ + + +-+-+-+ + + + +\n"
    "| | | |     | |   | |\n"
    "+ + + + +-+ +-+ +-+ +\n"
    "| | | |   |     | | |\n"
    "+ + + +-+ +-+ +-+ + +\n"
    "| | | |     |     | |\n"
    "+ + + +-+ + +-+-+ + +\n"
    "| | |     |       | |\n"
    "+ + +-+ +-+-+-+-+ + +\n"
    "|                   |\n"
    "+-+-+-+-+-+-+-+-+-+-+\n";

constexpr Square kLeft1{0, 1}, kLeft3{0, 0}, kLeft4{1, 0}, kBelowLeft4{2, 0};
constexpr Square kRight1{0, 7}, kSquare2{0, 8}, kRight3{0, 9}, kRight4{1, 9}, kBelowRight4{2, 9};
constexpr Square kSquare0{9, 3};
constexpr Square kStepLeft{8, 3};  // where turn 4 ends

class DiscoveryExample : public ::testing::Test {
 protected:
  DiscoveryExample()
      : game_(parse_maze(kDiscoveryMaze, "discovery-example").maze, Starts{{{4, 6}, D::North}, {{7, 8}, D::South}}) {}

  const Knowledge& red() const { return game_.knowledge(Color::Red); }
  const Knowledge& blue() const { return game_.knowledge(Color::Blue); }

  // Red plays `line`, blue answers with `T`; red's next information phase is then applied.
  const TurnResult& red_turn(std::string_view line) {
    EXPECT_EQ(game_.to_move(), Color::Red);
    const TurnResult& record = game_.play(line);
    red_record_ = record;
    game_.play("T");
    return red_record_;
  }

  bool row_known(int r) const {
    for (int c = 0; c < 10; ++c) {
      if (red().exists({r, c})) return true;
    }
    return false;
  }
  bool column_known(int c) const {
    for (int r = 0; r < 10; ++r) {
      if (red().exists({r, c})) return true;
    }
    return false;
  }
  bool any_outer_wall_known() const {
    for (int x = 0; x < 10; ++x) {
      if (red().edge({x, 0}, D::West) != EdgeState::Unknown || red().edge({x, 9}, D::East) != EdgeState::Unknown) {
        return true;
      }
    }
    return false;
  }

  Game game_;
  TurnResult red_record_;
};

TEST_F(DiscoveryExample, TheMazeIsValid) {
  EXPECT_TRUE(testing::is_connected(game_.maze()));
  EXPECT_FALSE(testing::has_open_corner(game_.maze()));
  EXPECT_GT(game_.maze().opening_count(), 99);
}

TEST_F(DiscoveryExample, TheChainOfTurnFive) {
  // Turn 1: start in column 6, walk up to row 1.
  EXPECT_EQ(game_.input()[0], "Start");
  EXPECT_EQ(game_.input()[1], "RRBNW");
  red_turn("FFF");
  EXPECT_EQ(game_.position(Color::Red), (Start{{1, 6}, D::North}));

  // Turn 2, information: the walls of the dead-end corridor at the right corner.
  EXPECT_EQ(red().edge(kRight1, D::West), EdgeState::Wall);
  EXPECT_EQ(red().edge(kRight1, D::South), EdgeState::Wall);
  EXPECT_EQ(red().edge(kSquare2, D::South), EdgeState::Wall);
  EXPECT_EQ(red().edge(kRight4, D::West), EdgeState::Wall);
  EXPECT_FALSE(red().discovered(kRight1));
  EXPECT_FALSE(red().discovered(kSquare2));
  // Turn 2, move: into squares red has never seen, which are discovered as it walks.
  for (const Square s : {Square{3, 5}, Square{3, 4}, Square{3, 3}}) EXPECT_FALSE(red().discovered(s));
  const TurnResult& turn2 = red_turn("LLFRF");
  EXPECT_EQ(turn2.steps_done, 5);
  for (const Square s : {Square{3, 5}, Square{3, 4}, Square{3, 3}}) EXPECT_TRUE(red().discovered(s));
  EXPECT_EQ(game_.position(Color::Red), (Start{{3, 3}, D::West}));

  // Turn 3: back up to row 1, at the top of the long corridor.
  red_turn("RFL");
  EXPECT_EQ(game_.position(Color::Red), (Start{{1, 2}, D::West}));

  // Turn 4, information: walls of the left dead-end corridor. Squares are known in all rows
  // but the last and in all columns but the two outer ones: no outer wall is known.
  EXPECT_EQ(red().edge(kLeft1, D::East), EdgeState::Wall);
  EXPECT_EQ(red().edge(kLeft1, D::South), EdgeState::Wall);
  EXPECT_EQ(red().edge(kLeft4, D::East), EdgeState::Wall);
  for (int r = 0; r < 9; ++r) EXPECT_TRUE(row_known(r)) << r;
  EXPECT_FALSE(row_known(9));
  for (int c = 1; c < 9; ++c) EXPECT_TRUE(column_known(c)) << c;
  EXPECT_FALSE(column_known(0));
  EXPECT_FALSE(column_known(9));
  EXPECT_FALSE(any_outer_wall_known());
  EXPECT_EQ(red().edge({0, 4}, D::North), EdgeState::Unknown);
  // The long corridor is seen; the square at its foot to the East is discovered.
  EXPECT_TRUE(red().discovered({8, 2}));
  EXPECT_TRUE(red().discovered(kStepLeft));

  // Turn 4, move: down the long corridor and a last step to the left.
  const TurnResult& turn4 = red_turn("LFFFFFFL");
  EXPECT_EQ(turn4.steps_done, 8);
  EXPECT_EQ(turn4.pos, (Start{kStepLeft, D::East}));
  EXPECT_EQ(red().edge(kStepLeft, D::East), EdgeState::Opening);  // learnt at turn 5
  EXPECT_EQ(red().edge(kStepLeft, D::South), EdgeState::Opening);

  // Turn 5, information (already applied): the whole chain.
  const std::vector<int> order(red().discoveries().begin(), red().discoveries().end());
  auto position = [&](Square s) {
    const auto it = std::find(order.begin(), order.end(), s.row * 10 + s.col);
    EXPECT_NE(it, order.end()) << testing::where(s) << " was not discovered at turn 5";
    return it - order.begin();
  };
  // 0: the square in the last row.
  EXPECT_TRUE(red().discovered(kSquare0));
  // 1: the rows rule.
  for (int c = 0; c < 10; ++c) {
    EXPECT_EQ(red().edge({0, c}, D::North), EdgeState::Wall);
    EXPECT_EQ(red().edge({9, c}, D::South), EdgeState::Wall);
  }
  // 2: the squares 1 are new dead ends; 3 (left) and 2 exist through their openings.
  for (const Square s : {kLeft1, kRight1}) {
    EXPECT_TRUE(red().dead_end(s));
    EXPECT_GT(position(s), position(kSquare0));
  }
  EXPECT_EQ(red().edge(kLeft1, D::West), EdgeState::Opening);
  EXPECT_EQ(red().edge(kRight1, D::East), EdgeState::Opening);
  // 3: square 2, then the right 3 exists.
  EXPECT_TRUE(red().dead_end(kSquare2));
  EXPECT_GT(position(kSquare2), position(kRight1));
  EXPECT_EQ(red().edge(kSquare2, D::East), EdgeState::Opening);
  // 4: the columns rule.
  for (int r = 0; r < 10; ++r) {
    EXPECT_EQ(red().edge({r, 0}, D::West), EdgeState::Wall);
    EXPECT_EQ(red().edge({r, 9}, D::East), EdgeState::Wall);
  }
  // 5: both 3s (which needed the columns, so after square 2), then both 4s.
  EXPECT_TRUE(red().dead_end(kLeft3));
  EXPECT_TRUE(red().dead_end(kRight3));
  EXPECT_GT(position(kLeft3), position(kLeft1));
  EXPECT_GT(position(kLeft3), position(kSquare2));
  EXPECT_GT(position(kRight3), position(kSquare2));
  EXPECT_TRUE(red().dead_end(kLeft4));
  EXPECT_TRUE(red().dead_end(kRight4));
  EXPECT_GT(position(kLeft4), position(kLeft3));
  EXPECT_GT(position(kRight4), position(kRight3));
  // The squares below the 4s exist but are not discovered: two unknown edges each.
  EXPECT_TRUE(red().exists(kBelowLeft4));
  EXPECT_FALSE(red().discovered(kBelowLeft4));
  EXPECT_FALSE(red().dead_end(kBelowLeft4));
  EXPECT_EQ(red().edge(kBelowLeft4, D::East), EdgeState::Unknown);
  EXPECT_EQ(red().edge(kBelowLeft4, D::South), EdgeState::Unknown);
  EXPECT_TRUE(red().exists(kBelowRight4));
  EXPECT_FALSE(red().discovered(kBelowRight4));
  EXPECT_FALSE(red().dead_end(kBelowRight4));
  EXPECT_EQ(red().edge(kBelowRight4, D::West), EdgeState::Unknown);
  EXPECT_EQ(red().edge(kBelowRight4, D::South), EdgeState::Unknown);

  // Exactly these: 5 squares seen ((8,4), (7,4), (9,2), (9,3), (9,4)) and 7 dead ends, all
  // first discoveries (blue is far away), each counted once.
  EXPECT_EQ(order.size(), 12u);
  for (const Square s : {kLeft1, kLeft3, kLeft4, kRight1, kSquare2, kRight3, kRight4, Square{8, 4}, Square{7, 4},
                         Square{9, 2}, kSquare0, Square{9, 4}}) {
    EXPECT_EQ(std::count(order.begin(), order.end(), s.row * 10 + s.col), 1) << testing::where(s);
    EXPECT_FALSE(blue().discovered(s));
  }
  EXPECT_EQ(game_.input(), (std::vector<std::string>{"LW", "BW", "RW", "W", "26"}));
  const TurnResult& turn5 = game_.play("T");
  EXPECT_EQ(turn5.discovered, 12);
  EXPECT_EQ(turn5.first, 12);
  EXPECT_EQ(testing::knowledge_problem(game_.maze(), red(), testing::bridge_edges(game_.maze())), "");
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
