// One game of More (docs/more-rules.md §5–§8): turns, a side that passes, the end when both have
// arrived, the cut-off and its completion, the score, faults and the substitute.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "amazes/more/board.hpp"
#include "amazes/more/game.hpp"
#include "amazes/more/home_distance.hpp"
#include "support/more_blockade.hpp"

namespace amazes::more {
namespace AMAZES_FILE_NAMESPACE {

Square sq(const char* name) { return parse_square(name).value(); }
Stones stones(const char* a, const char* b, const char* c, const char* d) { return {sq(a), sq(b), sq(c), sq(d)}; }
int moves_home(const Board& board, Side side, const Stones& placed) {
  return HomeDistance(board, side, Counting::Moves).of(placed);
}
int points_home(const Board& board, Side side, const Stones& placed) {
  return HomeDistance(board, side, Counting::Points).of(placed);
}

// Plays testing::blockade_moves() up to white's move that leaves black no legal move.
void play_blockade(Game& game) {
  for (const std::string& move : testing::blockade_moves()) game.play(move);
}

// Both sides play the substitute's move (the best step towards home), a side that faulted by
// the substitute itself; `black_waits` moves of black first go back and forth between a2 and
// a3, so that white arrives first.
void play_out(Game& game, int black_waits = 0) {
  while (!game.over()) {
    if (game.taken_over(game.to_move())) {
      game.play_substitute();
    } else if (game.to_move() == Side::Black && black_waits > 0) {
      game.play(black_waits-- % 2 == 0 ? "a2a3" : "a3a2");  // an even count: a2a3 first
    } else {
      game.play(format_move(game.substitute_move().move));
    }
  }
}

// The rules' example: 55 moves and 4 penalties (59 points) against 60 moves and 2 penalties
// (62 points) scores 62 − 59 + 10 = 13, and the other 59 − 62 + 10 = 7.
TEST(MoreScore, TheExampleOfTheRules) {
  EXPECT_EQ(score_for(55 + 4, 60 + 2), 13);
  EXPECT_EQ(score_for(60 + 2, 55 + 4), 7);
  EXPECT_EQ(score_for(40, 40), 10);  // a draw
  EXPECT_EQ(score_for(30, 45), 20);  // clamped to 0..20
  EXPECT_EQ(score_for(45, 30), 0);
}

TEST(MoreGame, WhiteMovesFirstThenTheyAlternate) {
  Game game{Board()};
  EXPECT_EQ(game.to_move(), Side::White);
  EXPECT_THROW(game.score(Side::White), std::logic_error);  // not over
  game.play("f6f4");
  EXPECT_EQ(game.to_move(), Side::Black);
  const TurnResult& turn = game.play("a1c1");
  EXPECT_EQ(turn.side, Side::Black);
  EXPECT_EQ(turn.move_number, 1);
  EXPECT_EQ(turn.played.kind, MoveKind::Jump);
  EXPECT_EQ(game.to_move(), Side::White);
  EXPECT_EQ(game.moves(Side::White), 1);
}

TEST(MoreGame, PenaltiesAreAddedToTheMoves) {
  Board board;
  board.set_wall(sq("e5"), Direction::North, Wall::Double);
  board.set_wall(sq("b2"), Direction::East, Wall::Single);
  Game game(board);
  EXPECT_EQ(game.play("e5d5").played.penalty, 2);
  EXPECT_EQ(game.play("b2b3").played.penalty, 1);
  EXPECT_EQ(game.points(Side::White), 3);
  EXPECT_EQ(game.points(Side::Black), 2);
}

// When one side has arrived the other plays on alone (the referee sends it "Nil") until it
// arrives too; then the game ends and both scores come from moves and penalties.
TEST(MoreGame, TheOtherPlaysOnAloneUntilBothHaveArrived) {
  Game game{Board()};
  play_out(game, 6);
  ASSERT_EQ(game.end(), GameEnd::Arrived);
  EXPECT_TRUE(game.arrived(Side::White));
  EXPECT_TRUE(game.arrived(Side::Black));
  std::size_t white_home = 0;
  for (std::size_t i = 0; i < game.results().size(); ++i) {
    if (game.results()[i].side == Side::White && game.results()[i].arrived) white_home = i;
  }
  ASSERT_LT(white_home + 2, game.results().size()) << "black should need several moves more";
  for (std::size_t i = white_home + 1; i < game.results().size(); ++i) {
    EXPECT_EQ(game.results()[i].side, Side::Black) << i;
  }
  EXPECT_TRUE(game.results().back().arrived);
  EXPECT_FALSE(game.completion(Side::White));
  EXPECT_EQ(game.points(Side::White), game.moves(Side::White));  // no walls
  EXPECT_EQ(game.score(Side::White), score_for(game.points(Side::White), game.points(Side::Black)));
  EXPECT_EQ(game.score(Side::White) + game.score(Side::Black), 20);
  EXPECT_GT(game.score(Side::White), 10);
  EXPECT_THROW(game.play("a1a2"), std::logic_error);  // over
}

// "80 moves" counts per side: the game is cut off when the side to move has made 80, so both
// have made 80 here.
TEST(MoreGame, TheCutOffComesAfterEightyMovesOfEachSide) {
  Game game{Board()};
  int turns = 0;
  while (!game.over()) {
    const bool white = game.to_move() == Side::White;
    const bool forth = game.moves(game.to_move()) % 2 == 0;
    game.play(white ? (forth ? "e5e4" : "e4e5") : (forth ? "a2a3" : "a3a2"));
    ++turns;
  }
  EXPECT_EQ(turns, 160);
  EXPECT_EQ(game.end(), GameEnd::CutOff);
  EXPECT_EQ(game.moves(Side::White), 80);
  EXPECT_EQ(game.moves(Side::Black), 80);
  // Both back at the start: each needs the same completion, and the scores are even.
  ASSERT_TRUE(game.completion(Side::White));
  EXPECT_EQ(game.completion(Side::White), moves_home(Board(), Side::White, start_corner(Side::White)));
  EXPECT_EQ(game.completion(Side::White), game.completion(Side::Black));
  EXPECT_EQ(game.points(Side::White), 80 + *game.completion(Side::White));
  EXPECT_EQ(game.score(Side::White), 10);
}

TEST(MoreGame, ACutOffAddsTheCompletionOfEachSideThatHadNotArrived) {
  Board board;
  board.set_wall(sq("d5"), Direction::North, Wall::Single);
  Game game(board, GameSettings{1});
  game.play("f6f4");
  game.play("a1c1");
  ASSERT_EQ(game.end(), GameEnd::CutOff);
  for (const Side side : kBothSides) {
    const int completion = moves_home(board, side, game.position().stones(side));
    EXPECT_EQ(game.completion(side), completion);
    EXPECT_EQ(game.points(side), 1 + completion);
  }
}

// "the fewest moves in which it could reach the other corner with no stones of the opponent on
// the board": moves, whatever walls they cross; jumps over the side's own stones only.
TEST(MoreCompletion, CountsTheFewestMovesOfTheSideAlone) {
  Board board;
  const HomeDistance white(board, Side::White, Counting::Moves);
  EXPECT_EQ(white.of(stones("a1", "a2", "b1", "b2")), 0);
  EXPECT_EQ(white.of(stones("b2", "a2", "b1", "a1")), 0);  // any order
  EXPECT_EQ(white.of(stones("a1", "a2", "b1", "c2")), 1);  // one step
  EXPECT_EQ(white.of(stones("a1", "a2", "b1", "d2")), 2);  // two steps (a jump needs a stone on c2)
  EXPECT_EQ(white.of(stones("a1", "a2", "c2", "d2")), 3);  // d2 jumps over c2 to b2, c2 steps to c1, b1
  // A wall between b2 and c2, single or double: still one move.
  board.set_wall(sq("b2"), Direction::South, Wall::Single);
  EXPECT_EQ(moves_home(board, Side::White, stones("a1", "a2", "b1", "c2")), 1);
  board.set_wall(sq("b2"), Direction::South, Wall::Double);
  EXPECT_EQ(moves_home(board, Side::White, stones("a1", "a2", "b1", "c2")), 1);
  // From the start: 4 stones 8 squares from home each, a jump covers 2, a step 1.
  const int from_start = moves_home(Board(), Side::White, start_corner(Side::White));
  EXPECT_GE(from_start, 16);
  EXPECT_LT(from_start, 32);
}

// The substitute's measure (docs/more-rules.md §8): the points a way home costs, penalties counted.
TEST(MoreHomeDistance, InPointsAStepAcrossAWallCostsItsPenaltyToo) {
  Board board;
  EXPECT_EQ(points_home(board, Side::White, stones("a1", "a2", "b1", "c2")), 1);
  // A single wall between b2 and c2: the step costs 2, and every way round 3.
  board.set_wall(sq("b2"), Direction::South, Wall::Single);
  EXPECT_EQ(points_home(board, Side::White, stones("a1", "a2", "b1", "c2")), 2);
  // A double one: the step costs 3, as much as going round by c3 and b3.
  board.set_wall(sq("b2"), Direction::South, Wall::Double);
  EXPECT_EQ(points_home(board, Side::White, stones("a1", "a2", "b1", "c2")), 3);
}

// Single walls on every edge: no jump anywhere, every step 1 move and 1 penalty. Each side has
// stepped once towards home across a wall; the cut-off charges the 31 moves left, not the 62
// points they would cost.
TEST(MoreGame, TheCutOffChargesTheCompletionsMovesNotItsWalls) {
  const Board board = parse_board(std::string(60, '1'));
  Game game(board, GameSettings{1});
  game.play("e5d5");
  game.play("b2c2");
  ASSERT_EQ(game.end(), GameEnd::CutOff);
  for (const Side side : kBothSides) {
    EXPECT_EQ(game.penalties(side), 1);
    EXPECT_EQ(game.completion(side), 31);
    EXPECT_EQ(points_home(board, side, game.position().stones(side)), 62);
    EXPECT_EQ(game.points(side), 1 + 1 + 31);
    EXPECT_EQ(game.score(side), 10);
  }
}

// A side with no legal move passes, as one that has arrived does (docs/more-rules.md §5): the
// other moves again, and the game goes on.
TEST(MoreGame, ASideWithNoLegalMovePassesAndTheOtherMovesAgain) {
  Game game(testing::blockade_board());
  play_blockade(game);
  ASSERT_FALSE(game.over());
  EXPECT_TRUE(legal_moves(game.board(), game.position(), Side::Black).empty());
  EXPECT_TRUE(game.results().back().other_passes);
  EXPECT_EQ(game.passes(Side::Black), 1);
  EXPECT_EQ(game.to_move(), Side::White);
  EXPECT_EQ(game.moves(Side::White), 25);
  EXPECT_EQ(game.moves(Side::Black), 24);
  EXPECT_EQ(game.penalties(Side::White), 1);  // a4a3, across its wall
  // White opens the ring (b3 to c3); black moves again, and a pass costs nothing.
  EXPECT_FALSE(game.play("b3c3").other_passes);
  EXPECT_EQ(game.to_move(), Side::Black);
  EXPECT_EQ(game.play("b2b3").side, Side::Black);
  EXPECT_EQ(game.passes(Side::Black), 1);
  EXPECT_EQ(game.points(Side::Black), 25);
  EXPECT_EQ(game.passes(Side::White), 0);
}

// The cut-off comes at the turn of a side that has made the limit's moves, and a side that passes
// has no turn: white, due after black's pass with 25 of 25 moves, is cut off; black, with 24, is
// charged its completion all the same.
TEST(MoreGame, TheCutOffComesAtTheTurnAfterAPass) {
  const Board board = testing::blockade_board();
  Game game(board, GameSettings{25});
  play_blockade(game);
  ASSERT_EQ(game.end(), GameEnd::CutOff);
  EXPECT_EQ(game.passes(Side::Black), 1);
  EXPECT_EQ(game.to_move(), Side::White);
  EXPECT_EQ(game.completion(Side::Black), moves_home(board, Side::Black, start_corner(Side::Black)));
  EXPECT_EQ(game.points(Side::Black), 24 + *game.completion(Side::Black));
  EXPECT_EQ(game.completion(Side::White), moves_home(board, Side::White, stones("a3", "b3", "c1", "c2")));
  EXPECT_EQ(game.points(Side::White), 25 + 1 + *game.completion(Side::White));
}

TEST(MoreGame, AnInvalidMoveIsAnIllegalFaultAndTheSubstitutePlays) {
  Game game{Board()};
  const LegalMove expected = game.substitute_move();
  const TurnResult& turn = game.play("a1a3");  // black's stone
  EXPECT_EQ(turn.fault, FaultKind::Illegal);
  EXPECT_EQ(turn.refusal, "no white stone on a1");
  EXPECT_EQ(turn.line, "a1a3");
  EXPECT_TRUE(turn.substituted);
  EXPECT_EQ(turn.played.move, expected.move);
  EXPECT_TRUE(game.taken_over(Side::White));
  EXPECT_EQ(game.fault_move(Side::White), 1);
  game.play("a1c1");
  EXPECT_THROW(game.play("e5e4"), std::logic_error);  // white is the substitute's now
  game.play_substitute();
  EXPECT_FALSE(game.taken_over(Side::Black));
}

TEST(MoreGame, LinesThatAreNoMoveAtAllAreIllegalToo) {
  for (const char* line : {"", "Start", "a1", "e5 e4", "e5e4e3"}) {
    Game game{Board()};
    const TurnResult& turn = game.play(line);
    EXPECT_EQ(turn.fault, FaultKind::Illegal) << line;
    EXPECT_EQ(turn.refusal, "not a move: two squares such as a1a3 are expected") << line;
  }
}

// A side that faults scores 0; the other's score is computed as usual, against the points
// the substitute made for the faulty side.
TEST(MoreGame, AFaultScoresZeroAndTheOpponentScoresAsUsual) {
  Game game{Board()};
  game.play("f6f4");
  game.play_fault(FaultKind::Timeout);
  EXPECT_EQ(game.fault(Side::Black), FaultKind::Timeout);
  EXPECT_EQ(game.fault_move(Side::Black), 1);
  play_out(game);
  ASSERT_TRUE(game.over());
  EXPECT_EQ(game.score(Side::Black), 0);
  EXPECT_EQ(game.score(Side::White), score_for(game.points(Side::White), game.points(Side::Black)));
  for (const TurnResult& turn : game.results()) {
    if (turn.side == Side::Black) {
      EXPECT_TRUE(turn.substituted) << turn.move_number;
    }
  }
}

TEST(MoreGame, TheSubstituteTakesTheCheapestWayHome) {
  Game game{Board()};
  game.play_fault(FaultKind::Crash);  // white's substitute: the first best of legal_moves
  const LegalMove first = game.results().back().played;
  EXPECT_EQ(first.kind, MoveKind::Jump);  // a jump gains two squares for one move
  play_out(game);
  EXPECT_TRUE(game.arrived(Side::White));
  EXPECT_EQ(game.end(), GameEnd::Arrived);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::more
