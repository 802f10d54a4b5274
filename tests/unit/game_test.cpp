// Turns, moves, points and faults (docs/rules.md §4, §8, §9, §11) on small hand-built mazes.
#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <vector>

#include "amazes/game.hpp"
#include "amazes/maze_io.hpp"
#include "support/random_maze.hpp"
#include "support/seed_examples.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using D = Direction;
using Lines = std::vector<std::string>;

// 4×4: the top row is a corridor open to the South at its two right squares; the rest is
// a loop through rows 1..3.
constexpr const char* kSmall =
    "+-+-+-+-+\n"
    "|       |\n"
    "+-+-+ + +\n"
    "|   | | |\n"
    "+ + + + +\n"
    "| |     |\n"
    "+ +-+-+ +\n"
    "|       |\n"
    "+-+-+-+-+\n";

// 2×2, a U: red sees enough at once to know the whole maze.
constexpr const char* kTiny =
    "+-+-+\n"
    "|   |\n"
    "+-+ +\n"
    "|   |\n"
    "+-+-+\n";

Maze maze_of(const char* text) { return parse_maze(text).maze; }

// Red on (0,0) facing West (its back, East, is open); blue on (2,3) facing North.
Game small_game(GameSettings settings = {}) {
  return Game(maze_of(kSmall), {{{0, 0}, D::West}, {{2, 3}, D::North}}, settings);
}
Game tiny_game() { return Game(maze_of(kTiny), {{{0, 0}, D::West}, {{1, 0}, D::West}}); }
Game seed_game() { return Game(testing::seed_view_maze(), {testing::kSeedViewRed, testing::kSeedViewBlue}); }

// The line that walks the shortest path from `from` to `to` (test-only, by BFS).
std::string path_line(const Maze& maze, Start from, Square to) {
  std::vector<int> previous(maze.square_count(), -1);
  std::vector<D> via(maze.square_count(), D::North);
  std::deque<Square> queue{from.square};
  previous[maze.index_of(from.square)] = maze.index_of(from.square);
  while (!queue.empty()) {
    const Square s = queue.front();
    queue.pop_front();
    for (const D d : kAllDirections) {
      if (!maze.is_open(s, d)) continue;
      const Square t = step(s, d);
      if (previous[maze.index_of(t)] >= 0) continue;
      previous[maze.index_of(t)] = maze.index_of(s);
      via[maze.index_of(t)] = d;
      queue.push_back(t);
    }
  }
  std::vector<D> directions;
  for (Square s = to; s != from.square; s = maze.square_at(previous[maze.index_of(s)])) {
    directions.insert(directions.begin(), via[maze.index_of(s)]);
  }
  std::string line;
  D facing = from.facing;
  for (const D d : directions) {
    line += d == facing ? 'F' : d == reverse(facing) ? 'T' : d == turn_left(facing) ? 'L' : 'R';
    facing = d;
  }
  return line;
}

// ---------------------------------------------------------------------------------------
// Lines

TEST(ClassifyLine, LegalLines) {
  EXPECT_EQ(classify_line("F"), std::nullopt);
  EXPECT_EQ(classify_line("FTLR"), std::nullopt);
  EXPECT_EQ(classify_line(std::string(256, 'T')), std::nullopt);
  EXPECT_EQ(classify_line("F\r"), std::nullopt);                         // one '\r' tolerated
  EXPECT_EQ(classify_line(std::string(256, 'L') + "\r"), std::nullopt);  // and not counted
}

TEST(ClassifyLine, IllegalLines) {
  EXPECT_EQ(classify_line(""), FaultKind::Illegal);
  EXPECT_EQ(classify_line("\r"), FaultKind::Illegal);  // empty once the '\r' is dropped
  EXPECT_EQ(classify_line("F\r\r"), FaultKind::Illegal);
  EXPECT_EQ(classify_line("F\rF"), FaultKind::Illegal);
  EXPECT_EQ(classify_line("FX"), FaultKind::Illegal);
  EXPECT_EQ(classify_line("f"), FaultKind::Illegal);
  EXPECT_EQ(classify_line("F T"), FaultKind::Illegal);
  EXPECT_EQ(classify_line("F\n"), FaultKind::Illegal);
  EXPECT_EQ(classify_line(std::string_view("F\0", 2)), FaultKind::Illegal);
}

TEST(ClassifyLine, TooLongWinsOverIllegal) {
  EXPECT_EQ(classify_line(std::string(257, 'F')), FaultKind::TooLong);
  EXPECT_EQ(classify_line(std::string(257, 'F') + "\r"), FaultKind::TooLong);
  EXPECT_EQ(classify_line(std::string(256, 'F') + "\r\r"), FaultKind::TooLong);
  EXPECT_EQ(classify_line("X" + std::string(300, 'F')), FaultKind::TooLong);
}

TEST(FaultNames, RoundTrip) {
  const std::vector<std::string> names = {"crash", "timeout", "illegal", "too_long", "unsolicited", "no_output"};
  ASSERT_EQ(names.size(), kAllFaultKinds.size());
  for (std::size_t i = 0; i < kAllFaultKinds.size(); ++i) {
    EXPECT_EQ(fault_name(kAllFaultKinds[i]), names[i]);
    EXPECT_EQ(fault_from_name(names[i]), kAllFaultKinds[i]);
  }
  EXPECT_EQ(fault_from_name("Crash"), std::nullopt);
  EXPECT_EQ(fault_from_name(""), std::nullopt);
}

// ---------------------------------------------------------------------------------------
// Set-up and turn order

TEST(Game, RejectsBadStarts) {
  const Maze maze = maze_of(kSmall);
  EXPECT_THROW(Game(maze, {{{4, 0}, D::West}, {{2, 3}, D::North}}), std::invalid_argument);
  EXPECT_THROW(Game(maze, {{{0, 0}, D::West}, {{2, 1}, D::East}}), std::invalid_argument);   // wall behind blue
  EXPECT_THROW(Game(maze, {{{0, 0}, D::East}, {{2, 3}, D::North}}), std::invalid_argument);  // wall behind red
}

TEST(Game, TurnsAlternateRedFirst) {
  Game game = small_game({.turns = 3});
  EXPECT_EQ(game.settings().turns, 3);
  const std::vector<std::pair<Color, int>> order = {{Color::Red, 1},  {Color::Blue, 1}, {Color::Red, 2},
                                                    {Color::Blue, 2}, {Color::Red, 3},  {Color::Blue, 3}};
  for (const auto& [color, turn] : order) {
    ASSERT_FALSE(game.over());
    EXPECT_EQ(game.to_move(), color);
    EXPECT_EQ(game.turn(), turn);
    const TurnResult& record = game.play("T");
    EXPECT_EQ(record.player, color);
    EXPECT_EQ(record.turn, turn);
  }
  EXPECT_TRUE(game.over());
  EXPECT_EQ(game.end(), GameEnd::Normal);
  EXPECT_TRUE(game.input().empty());
  EXPECT_EQ(game.results().size(), 6u);
  EXPECT_THROW(game.play("T"), std::logic_error);
  EXPECT_THROW(game.play_substitute(), std::logic_error);
  EXPECT_THROW(game.play_fault(FaultKind::Crash), std::logic_error);
}

TEST(Game, DefaultIs150TurnsEach) {
  Game game = small_game();
  int played = 0;
  while (!game.over()) {
    game.play("T");
    ++played;
  }
  EXPECT_EQ(played, 300);
  EXPECT_EQ(game.results().back().player, Color::Blue);
  EXPECT_EQ(game.results().back().turn, 150);
}

TEST(Game, ZeroTurnsIsOverAtOnce) {
  Game game = small_game({.turns = 0});
  EXPECT_TRUE(game.over());
  EXPECT_TRUE(game.input().empty());
  EXPECT_EQ(game.knowledge(Color::Red).discovered_count(), 0);
}

// "Start" on red's very first turn only, then four corridors and the squared distance.
TEST(Game, InputLines) {
  Game game = small_game();
  EXPECT_EQ(game.input(), (Lines{"Start", "W", "W", "NRRW", "W", "13"}));
  game.play("F");  // a wall: the extra T takes red to (0,1), facing East
  EXPECT_EQ(game.input(), (Lines{"NLW", "W", "RW", "RRW", "8"}));
  game.play("F");  // blue to (1,3), facing North
  EXPECT_EQ(game.input(), (Lines{"RRW", "W", "NW", "W", "5"}));
}

// ---------------------------------------------------------------------------------------
// Moves

// The seed's 'TFRFF': the R would run into a wall, so R and everything after it is dropped.
TEST(Game, SeedMoveStopsAtTheWall) {
  Game game = seed_game();
  EXPECT_EQ(game.input(), (Lines{"Start", "W", "W", "LLBNW", "W", "17"}));
  const TurnResult& r = game.play("TFRFF");
  EXPECT_EQ(r.played, "TFRFF");
  EXPECT_EQ(r.steps_done, 2);
  EXPECT_FALSE(r.extra_t);
  EXPECT_EQ(r.pos, (Start{{2, 3}, D::West}));  // the facing of the last step that happened
  EXPECT_EQ(r.cost, 5);                        // every character is paid for
  EXPECT_EQ(r.discovered, 9);                  // all at the information phase
  EXPECT_EQ(r.first, 9);
  EXPECT_EQ(r.points, 9 + 9 - 5);
  EXPECT_EQ(game.points(Color::Red), 13);
}

// Running into a wall at once leaves red on its start square: the free extra T.
TEST(Game, ExtraTAfterAWallAtTheFirstStep) {
  Game game = seed_game();
  const TurnResult& r = game.play("FTTT");
  EXPECT_EQ(r.steps_done, 0);
  EXPECT_TRUE(r.extra_t);
  EXPECT_EQ(r.pos, (Start{{2, 4}, D::West}));
  EXPECT_EQ(r.cost, 4);  // the extra T is free
  EXPECT_EQ(r.points, 18 - 4);
}

// Walking away and back also ends on the start square.
TEST(Game, ExtraTAfterReturningToTheStart) {
  Game game = seed_game();
  const TurnResult& r = game.play("TT");
  EXPECT_EQ(r.steps_done, 2);
  EXPECT_TRUE(r.extra_t);
  EXPECT_EQ(r.pos, (Start{{2, 4}, D::West}));
  EXPECT_EQ(r.cost, 2);
}

TEST(Game, NoExtraTAwayFromTheStart) {
  Game game = seed_game();
  const TurnResult& r = game.play("T");
  EXPECT_EQ(r.steps_done, 1);
  EXPECT_FALSE(r.extra_t);
  EXPECT_EQ(r.pos, (Start{{2, 4}, D::West}));
}

// Squares walked over are discovered at once and scored: (4,2) and (5,2) were not seen.
TEST(Game, WalkingDiscoversAndScores) {
  Game game = seed_game();
  EXPECT_FALSE(game.knowledge(Color::Red).discovered({4, 2}));
  const TurnResult& r = game.play("TFFLFF");
  EXPECT_EQ(r.steps_done, 6);
  EXPECT_EQ(r.pos, (Start{{5, 2}, D::South}));
  EXPECT_EQ(r.discovered, 9 + 2);  // both phases of the turn
  EXPECT_EQ(r.first, 9 + 2);
  EXPECT_EQ(r.points, 22 - 6);
  EXPECT_TRUE(game.knowledge(Color::Red).discovered({4, 2}));
  EXPECT_TRUE(game.knowledge(Color::Red).discovered({5, 2}));
  // Walking discovers no edge.
  EXPECT_EQ(game.knowledge(Color::Red).edge({5, 2}, D::South), EdgeState::Unknown);
}

// The first-discovery bonus depends on what the opponent has discovered at that moment.
TEST(Game, FirstDiscoveryBonus) {
  Game game = small_game();
  const TurnResult& red1 = game.play("F");
  EXPECT_EQ(red1.discovered, 6);  // (0,0), (0,1), (0,2), (0,3), (1,2), (1,3)
  EXPECT_EQ(red1.first, 6);
  const TurnResult& blue1 = game.play("F");
  // Blue sees 10 squares, four of which red discovered already: (0,2), (0,3), (1,2), (1,3).
  EXPECT_EQ(blue1.discovered, 10);
  EXPECT_EQ(blue1.first, 6);
  EXPECT_EQ(blue1.points, 16 - 1);
  game.play("T");  // red: to (0,0)
  // Blue walks to (0,1), which red discovered and blue had not: +1, no first bonus.
  const TurnResult& blue2 = game.play("FLF");
  EXPECT_EQ(blue2.pos, (Start{{0, 1}, D::West}));
  EXPECT_EQ(blue2.discovered, 1);
  EXPECT_EQ(blue2.first, 0);
  EXPECT_EQ(blue2.points, 15 + 1 - 3);
}

// ---------------------------------------------------------------------------------------
// Catches and sudden death

TEST(Game, CatchEndingOnTheOpponent) {
  Game game = small_game();
  game.play("F");                          // red to (0,1)
  game.play("F");                          // blue to (1,3)
  const TurnResult& r = game.play("FFR");  // (0,2), (0,3), then South onto blue
  EXPECT_EQ(r.pos.square, (Square{1, 3}));
  EXPECT_TRUE(r.caught);
  EXPECT_FALSE(r.sudden_death);
  EXPECT_EQ(r.points, 11 - 3 + kCatchBonus);
  EXPECT_FALSE(game.over());
}

// Only the square where the turn ends counts: passing through the opponent is no catch.
TEST(Game, OnlyTheEndSquareCatches) {
  Game ends_there = small_game();
  ends_there.play("F");                           // red to (0,1), facing East
  const TurnResult& r = ends_there.play("FFLF");  // blue: (1,3), (0,3), (0,2), (0,1)
  EXPECT_EQ(r.pos.square, (Square{0, 1}));
  EXPECT_TRUE(r.caught);
  EXPECT_EQ(r.points, 16 - 4 + 1 + kCatchBonus);  // (0,1) walked: new for blue, red's first
  Game passes = small_game();
  passes.play("F");
  const TurnResult& r2 = passes.play("FFLFF");  // through (0,1) on to (0,0)
  EXPECT_EQ(r2.pos.square, (Square{0, 0}));
  EXPECT_FALSE(r2.caught);
}

// Blue stands right behind red; red runs into a wall and the extra T catches blue.
TEST(Game, CatchThroughTheExtraT) {
  Game game(maze_of(kSmall), {{{0, 0}, D::West}, {{0, 1}, D::West}});
  const TurnResult& r = game.play("F");
  EXPECT_TRUE(r.extra_t);
  EXPECT_TRUE(r.caught);
  EXPECT_EQ(r.points, r.discovered + r.first - 1 + kCatchBonus);
}

// Red knows all four squares of the 2×2 maze after its first look, then walks onto blue.
TEST(Game, SuddenDeathDoublesAndZeroes) {
  Game game = tiny_game();
  EXPECT_TRUE(game.knowledge(Color::Red).all_discovered());
  const TurnResult& r = game.play("TRR");
  EXPECT_EQ(r.discovered, 4);
  EXPECT_EQ(r.first, 4);
  EXPECT_TRUE(r.caught);
  EXPECT_TRUE(r.sudden_death);
  EXPECT_EQ(r.points, (8 - 3) * 2);
  EXPECT_TRUE(game.over());
  EXPECT_EQ(game.end(), GameEnd::SuddenDeath);
  EXPECT_EQ(game.points(Color::Red), 10);
  EXPECT_EQ(game.points(Color::Blue), 0);
  EXPECT_EQ(game.score(Color::Red), 10);
  EXPECT_EQ(game.score(Color::Blue), 0);
  EXPECT_TRUE(game.input().empty());
  EXPECT_THROW(game.play("T"), std::logic_error);
}

TEST(Game, SuddenDeathDoublesNegativePoints) {
  Game game = tiny_game();
  std::string long_line;
  for (int i = 0; i < 128; ++i) long_line += "TT";
  const TurnResult& r1 = game.play(long_line);  // back and forth, back on the start: extra T
  EXPECT_TRUE(r1.extra_t);
  EXPECT_EQ(r1.cost, 256);
  EXPECT_EQ(r1.points, 8 - 256);
  const TurnResult& b1 = game.play("T");  // blue to (1,1)
  EXPECT_EQ(b1.discovered, 4);
  EXPECT_EQ(b1.first, 0);
  EXPECT_EQ(b1.points, 4 - 1);
  const TurnResult& r2 = game.play("R");  // red (0,1) facing East: South onto blue
  EXPECT_TRUE(r2.sudden_death);
  EXPECT_EQ(r2.points, (8 - 256 - 1) * 2);
  EXPECT_EQ(game.points(Color::Red), -498);
  EXPECT_EQ(game.points(Color::Blue), 0);
  EXPECT_EQ(game.score(Color::Red), 0);
  EXPECT_EQ(game.score(Color::Blue), 0);
}

// ---------------------------------------------------------------------------------------
// Faults and take-over

TEST(Game, IllegalLineFaultsAndIsTakenOver) {
  Game game = small_game();
  const TurnResult& r = game.play("");
  EXPECT_EQ(r.fault, FaultKind::Illegal);
  EXPECT_TRUE(r.substituted);
  EXPECT_EQ(r.played, "T");
  EXPECT_EQ(r.cost, 1);
  EXPECT_EQ(r.steps_done, 1);
  EXPECT_EQ(r.pos, (Start{{0, 1}, D::East}));
  EXPECT_EQ(r.points, 12 - 1);
  EXPECT_TRUE(game.taken_over(Color::Red));
  EXPECT_EQ(game.fault(Color::Red), FaultKind::Illegal);
  EXPECT_EQ(game.fault_turn(Color::Red), 1);
  EXPECT_FALSE(game.taken_over(Color::Blue));

  game.play("F");  // blue plays normally
  // Red's later turns: nothing is written, and only substitutes are accepted.
  EXPECT_EQ(game.to_move(), Color::Red);
  EXPECT_TRUE(game.input().empty());
  EXPECT_THROW(game.play("F"), std::logic_error);
  EXPECT_THROW(game.play_fault(FaultKind::Crash), std::logic_error);
  const TurnResult& s = game.play_substitute();
  EXPECT_TRUE(s.substituted);
  EXPECT_EQ(s.fault, std::nullopt);
  EXPECT_EQ(s.played, "T");
  EXPECT_EQ(s.cost, 1);
  EXPECT_EQ(s.pos, (Start{{0, 0}, D::West}));
  EXPECT_EQ(s.turn, 2);
  EXPECT_GT(game.points(Color::Red), 0);
  EXPECT_EQ(game.score(Color::Red), 0);                    // a faulted player scores 0 whatever its points
  EXPECT_THROW(game.play_substitute(), std::logic_error);  // blue's turn: not taken over
}

TEST(Game, FaultKindsFromTheDriver) {
  {
    Game game = small_game();
    const TurnResult& r = game.play_fault(FaultKind::Unsolicited);
    EXPECT_EQ(r.fault, FaultKind::Unsolicited);
    EXPECT_EQ(r.discovered, 6);  // but the player still looked around
    EXPECT_EQ(r.points, 12 - 1);
  }
  {
    Game game = small_game();
    const TurnResult& r = game.play_fault(FaultKind::Crash);
    EXPECT_EQ(r.fault, FaultKind::Crash);
    EXPECT_EQ(r.played, "T");
  }
  {
    Game game = small_game();
    game.play("T");
    const TurnResult& r = game.play_fault(FaultKind::Timeout);
    EXPECT_EQ(r.player, Color::Blue);
    EXPECT_EQ(game.fault(Color::Blue), FaultKind::Timeout);
    EXPECT_EQ(game.fault_turn(Color::Blue), 1);
  }
}

TEST(Game, TooLongAndIllegalCharacters) {
  {
    Game game = small_game();
    const std::string line(257, 'F');
    const TurnResult& r = game.play(line);
    EXPECT_EQ(r.fault, FaultKind::TooLong);
    EXPECT_EQ(r.cost, 1);
    EXPECT_EQ(r.played, "T");
  }
  {
    Game game = small_game();
    const TurnResult& r = game.play("FFX");
    EXPECT_EQ(r.fault, FaultKind::Illegal);
    EXPECT_EQ(r.steps_done, 1);  // the substitute T, not the legal prefix
  }
  {
    Game game = small_game();
    const TurnResult& r = game.play(std::string(256, 'F'));  // legal: 256 points paid
    EXPECT_EQ(r.fault, std::nullopt);
    EXPECT_EQ(r.cost, 256);
    EXPECT_EQ(r.steps_done, 0);
    EXPECT_TRUE(r.extra_t);
    EXPECT_EQ(r.points, 12 - 256);
  }
}

TEST(Game, CarriageReturnIsToleratedAndNotCounted) {
  Game game = small_game();
  const TurnResult& r = game.play("TF\r");
  EXPECT_EQ(r.fault, std::nullopt);
  EXPECT_EQ(r.played, "TF");  // what was executed
  EXPECT_EQ(r.cost, 2);
  EXPECT_EQ(r.pos, (Start{{0, 2}, D::East}));
}

// A taken-over player still looks around at its information phase and scores what it sees.
TEST(Game, TakenOverPlayerStillDiscovers) {
  Game game = seed_game();
  game.play_fault(FaultKind::Crash);  // T: red to (2,4) facing West
  game.play("T");
  EXPECT_TRUE(game.input().empty());
  EXPECT_TRUE(game.knowledge(Color::Red).discovered({3, 5}));  // seen from (2,4), down to (3,4)
  const TurnResult& s = game.play_substitute();
  EXPECT_GE(s.discovered, 1);
  EXPECT_EQ(s.points, 18 - 1 + s.discovered + s.first - 1);
}

// A substitute T catches like any step.
TEST(Game, SubstituteTCanCatch) {
  Game game = small_game();
  game.play_fault(FaultKind::Crash);         // red: T to (0,1), facing East
  const TurnResult& b = game.play("FFLFF");  // blue through (0,1) to (0,0)
  EXPECT_EQ(b.pos, (Start{{0, 0}, D::West}));
  EXPECT_EQ(b.discovered, 10 + 2);               // what it saw, then (0,1) and (0,0) walked
  EXPECT_EQ(b.first, 6 + 0);                     // red had discovered (0,1) and (0,0) first
  const TurnResult& s = game.play_substitute();  // red: T back West onto blue
  EXPECT_TRUE(s.caught);
  EXPECT_EQ(s.points, 12 - 1 - 1 + kCatchBonus);
  EXPECT_EQ(game.score(Color::Red), 0);
}

TEST(Game, SubstituteTCanEndTheGameBySuddenDeath) {
  Game game = tiny_game();
  game.play_fault(FaultKind::Timeout);  // red knows the whole maze; T to (0,1) facing East
  game.play("TLL");                     // blue: (1,1), (0,1), (0,0)
  const TurnResult& s = game.play_substitute();
  EXPECT_TRUE(s.sudden_death);
  EXPECT_EQ(s.points, (8 - 1 - 1) * 2);
  EXPECT_EQ(game.end(), GameEnd::SuddenDeath);
  EXPECT_EQ(game.points(Color::Blue), 0);
  EXPECT_EQ(game.score(Color::Red), 0);  // still faulted
}

// ---------------------------------------------------------------------------------------
// Final score

TEST(Game, ScoreClampsAtZero) {
  Game game = small_game({.turns = 1});
  game.play(std::string(256, 'T'));
  game.play("T");
  EXPECT_TRUE(game.over());
  EXPECT_LT(game.points(Color::Red), 0);
  EXPECT_EQ(game.score(Color::Red), 0);
  EXPECT_EQ(game.score(Color::Blue), game.points(Color::Blue));
}

// Red chases blue, which was taken over and steps back and forth: a catch every turn.
TEST(Game, ScoreClampsAtOneThousand) {
  Rng rng(99);
  const Maze maze = testing::random_test_maze(rng, 25, 50);
  const Start red = testing::random_test_starts(maze, rng).red;
  // Blue 3 to 8 steps away from red, facing away from an open edge.
  std::optional<Start> blue;
  for (int i = 0; i < maze.square_count() && !blue; ++i) {
    const Square s = maze.square_at(i);
    const auto length = path_line(maze, red, s).size();
    if (length < 3 || length > 8) continue;
    for (const D d : kAllDirections) {
      if (maze.is_open(s, reverse(d))) blue = Start{s, d};
    }
  }
  ASSERT_TRUE(blue.has_value());
  Game game(maze, {red, *blue});
  int catches = 0;
  while (!game.over()) {
    if (game.to_move() == Color::Red) {
      const TurnResult& r = game.play(path_line(maze, game.position(Color::Red), game.position(Color::Blue).square));
      catches += r.caught;
    } else if (game.taken_over(Color::Blue)) {
      game.play_substitute();
    } else {
      game.play_fault(FaultKind::Crash);
    }
  }
  EXPECT_EQ(catches, kDefaultTurns);
  EXPECT_EQ(game.end(), GameEnd::Normal);
  EXPECT_GT(game.points(Color::Red), 1000);
  EXPECT_EQ(game.score(Color::Red), 1000);
  EXPECT_EQ(game.score(Color::Blue), 0);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
