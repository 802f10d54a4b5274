// The moves of More (docs/more-rules.md §2, §3): the start, steps and their penalties, jumps
// over either side's stones, and every way a move is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "amazes/more/board.hpp"
#include "amazes/more/move.hpp"
#include "amazes/more/position.hpp"

namespace amazes::more {
namespace AMAZES_FILE_NAMESPACE {

Square sq(const char* name) { return parse_square(name).value(); }
Move mv(const char* text) { return parse_move(text).value(); }

MoveJudgement judge(const Board& board, const Position& position, Side side, const char* move) {
  return judge_move(board, position, side, mv(move));
}

TEST(MoreMoves, TheMoveTextIsTwoSquares) {
  EXPECT_EQ(mv("a1a3"), (Move{sq("a1"), sq("a3")}));
  EXPECT_EQ(format_move(mv("f6f4")), "f6f4");
  EXPECT_EQ(parse_move("e5e4\r"), mv("e5e4"));  // a trailing '\r' is tolerated
  for (const char* bad : {"", "a1", "a1a", "a1a3 ", " a1a3", "a1-a3", "A1A3", "a1a7", "g1a1", "a1a3\r\r", "Nil"}) {
    EXPECT_FALSE(parse_move(bad)) << bad;
  }
}

TEST(MoreMoves, WhiteStartsBottomRightBlackTopLeft) {
  const Position start;
  for (const char* s : {"e5", "e6", "f5", "f6"}) EXPECT_EQ(start.at(sq(s)), Side::White) << s;
  for (const char* s : {"a1", "a2", "b1", "b2"}) EXPECT_EQ(start.at(sq(s)), Side::Black) << s;
  EXPECT_FALSE(start.at(sq("c3")));
  EXPECT_EQ(target_corner(Side::White), start_corner(Side::Black));
  EXPECT_TRUE(in_target_corner(Side::Black, sq("f6")));
  EXPECT_FALSE(in_target_corner(Side::Black, sq("a1")));
  EXPECT_FALSE(start.arrived(Side::White));
}

// The first moves of the rules' communication example: each a jump over a stone of one's own.
TEST(MoreMoves, TheExampleGameOpensWithJumpsOverOwnStones) {
  const Board board;
  Position position;
  for (const auto& [side, text] :
       {std::pair{Side::White, "f6f4"}, std::pair{Side::Black, "a1c1"}, std::pair{Side::White, "f5d5"},
        std::pair{Side::Black, "b1d1"}, std::pair{Side::White, "e5c5"}, std::pair{Side::Black, "c1e1"}}) {
    const MoveJudgement judged = judge(board, position, side, text);
    ASSERT_TRUE(judged.legal) << text << ": " << judged.refusal;
    EXPECT_EQ(judged.legal->kind, MoveKind::Jump) << text;
    EXPECT_EQ(judged.legal->penalty, 0) << text;
    position.move_stone(mv(text));
  }
}

TEST(MoreMoves, AJumpOverTheOpponentsStoneIsLegal) {
  const Board board;
  Position position;
  position.move_stone(mv("e5c5"));  // white now on c5, next to nothing yet
  position.move_stone(mv("b2c4"));  // black on c4, beside white's c5
  const MoveJudgement over_black = judge(board, position, Side::White, "c5c3");
  ASSERT_TRUE(over_black.legal) << over_black.refusal;
  EXPECT_EQ(over_black.legal->kind, MoveKind::Jump);
  const MoveJudgement over_white = judge(board, position, Side::Black, "c4c6");
  ASSERT_TRUE(over_white.legal) << over_white.refusal;
  EXPECT_EQ(over_white.legal->kind, MoveKind::Jump);
}

TEST(MoreMoves, AStepAcrossAWallCostsOnePenaltyPerSingleWallTwoPerDouble) {
  Board board;
  board.set_wall(sq("e5"), Direction::North, Wall::Single);  // e5 | d5
  board.set_wall(sq("e5"), Direction::West, Wall::Double);   // e5 | e4
  const Position start;
  const auto penalty = [&](const char* move) { return judge(board, start, Side::White, move).legal.value().penalty; };
  EXPECT_EQ(penalty("e5d5"), 1);
  EXPECT_EQ(penalty("e5e4"), 2);
  EXPECT_EQ(penalty("e6d6"), 0);
  EXPECT_EQ(judge(board, start, Side::White, "e5d5").legal->kind, MoveKind::Step);
}

TEST(MoreMoves, NoJumpAcrossAWallOnEitherEdge) {
  const Position start;
  Board first;
  first.set_wall(sq("f6"), Direction::West, Wall::Single);  // f6 | f5: the edge the jump leaves by
  EXPECT_FALSE(judge(first, start, Side::White, "f6f4").legal);
  Board second;
  second.set_wall(sq("f5"), Direction::West, Wall::Single);  // f5 | f4: the edge it lands by
  const MoveJudgement judged = judge(second, start, Side::White, "f6f4");
  EXPECT_FALSE(judged.legal);
  EXPECT_EQ(judged.refusal, "a jump from f6 to f4 crosses a wall");
  Board elsewhere;
  elsewhere.set_wall(sq("f6"), Direction::North, Wall::Double);  // a wall not on the way
  EXPECT_TRUE(judge(elsewhere, start, Side::White, "f6f4").legal);
}

TEST(MoreMoves, EveryRefusalSaysWhy) {
  const Board board;
  const Position start;
  const auto refusal = [&](Side side, const char* move) {
    const MoveJudgement judged = judge(board, start, side, move);
    EXPECT_FALSE(judged.legal) << move;
    return judged.refusal;
  };
  EXPECT_EQ(refusal(Side::White, "a1a3"), "no white stone on a1");  // black's stone
  EXPECT_EQ(refusal(Side::White, "c3c4"), "no white stone on c3");  // empty
  EXPECT_EQ(refusal(Side::White, "e5e6"), "e6 is taken");
  EXPECT_EQ(refusal(Side::White, "e5d4"), "d4 is neither a neighbour of e5 nor 2 away in line");  // diagonal
  EXPECT_EQ(refusal(Side::White, "e5e2"), "e2 is neither a neighbour of e5 nor 2 away in line");  // 3 away
  EXPECT_EQ(refusal(Side::White, "e5c5"), "no stone on d5 to jump over");
  EXPECT_EQ(refusal(Side::Black, "b2b2"), "b2 is taken");
}

// White's stones at the start: four steps (e5 up and left, e6 up, f5 left) and four jumps
// (e6 over e5, f5 over e5, f6 over e6 and over f5), in the fixed order of legal_moves.
TEST(MoreMoves, LegalMovesAtTheStartInTheirFixedOrder) {
  const Board board;
  std::vector<std::string> texts;
  for (const LegalMove& m : legal_moves(board, Position(), Side::White)) texts.push_back(format_move(m.move));
  EXPECT_EQ(texts, (std::vector<std::string>{"e5d5", "e5e4", "e6d6", "e6e4", "f5f4", "f5d5", "f6d6", "f6f4"}));
}

TEST(MoreMoves, ArrivedMeansAllFourStonesInTheTargetCorner) {
  Position position;
  for (const char* move : {"e5a3", "e6a4", "f5b3", "f6b4", "a1c1", "a2c2", "b1d1", "b2d2"})
    position.move_stone(mv(move));
  EXPECT_FALSE(position.arrived(Side::White));
  for (const char* move : {"a3a1", "a4a2", "b3b1"}) position.move_stone(mv(move));
  EXPECT_FALSE(position.arrived(Side::White));
  position.move_stone(mv("b4b2"));
  EXPECT_TRUE(position.arrived(Side::White));
  EXPECT_FALSE(position.arrived(Side::Black));
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::more
