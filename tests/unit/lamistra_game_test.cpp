// Lamistra's rules core (docs/lamistra-rules.md): the seed's example exchange, every rule of
// consistency with a game or position that breaks it, and both ends, a side without a move and
// the move limit decided by the pieces left.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "amazes/lamistra/game.hpp"

namespace amazes::lamistra {
namespace AMAZES_FILE_NAMESPACE {

Square at(const char* name) { return *parse_square(name); }

// Plays the lines in order; each must be accepted.
void play_all(Game& game, const std::vector<std::string>& lines) {
  for (const std::string& line : lines) {
    const Step& step = game.answer(line);
    ASSERT_FALSE(step.fault) << line << ": " << step.refusal;
  }
}

// Plays the lines; the last must be refused with `kind` and a refusal holding `why`.
void expect_refused(Game& game, const std::vector<std::string>& lines, FaultKind kind, const std::string& why) {
  play_all(game, std::vector<std::string>(lines.begin(), lines.end() - 1));
  const Side side = game.to_answer();
  const Step& step = game.answer(lines.back());
  ASSERT_EQ(step.fault, kind) << lines.back();
  EXPECT_NE(step.refusal.find(why), std::string::npos) << step.refusal;
  EXPECT_TRUE(game.over());
  EXPECT_EQ(game.end(), GameEnd::Fault);
  EXPECT_EQ(game.winner(), other(side));
  EXPECT_EQ(game.score(side), 0);
  EXPECT_EQ(game.score(other(side)), kWinPoints);
}

// The seed's communication example: red d3-d4; blue attacks it from d5 as a lieutenant, red's
// piece is a rider and loses; red c3-d3.
TEST(LamistraGame, TheSeedsExampleExchange) {
  Game game;
  EXPECT_EQ(game.to_answer(), Side::Red);
  EXPECT_EQ(game.awaited(), Awaited::Move);
  const Step& first = game.answer("d3-d4");
  EXPECT_FALSE(first.attack);
  EXPECT_EQ(game.to_answer(), Side::Blue);

  const Step& attack = game.answer("d5-d4");
  EXPECT_TRUE(attack.attack);
  EXPECT_EQ(game.to_answer(), Side::Blue);  // the attacker's role comes next, from the attacker
  EXPECT_EQ(game.awaited(), Awaited::AttackerRole);
  EXPECT_EQ(game.answer("L").role, Role::Lieutenant);
  EXPECT_EQ(game.to_answer(), Side::Red);
  EXPECT_EQ(game.awaited(), Awaited::DefenderRole);
  const Step& defence = game.answer("R");
  EXPECT_EQ(defence.role, Role::Rider);
  EXPECT_EQ(defence.outcome, CombatOutcome::AttackerWins);

  EXPECT_EQ(game.to_answer(), Side::Red);
  EXPECT_EQ(game.awaited(), Awaited::Move);
  const Position& position = game.position();
  const Piece& winner = position.piece(*position.piece_at(at("d4")));
  EXPECT_EQ(winner.side, Side::Blue);
  EXPECT_EQ(winner.origin, at("d5"));
  EXPECT_EQ(winner.role, Role::Lieutenant);
  EXPECT_EQ(position.pieces_on_board(Side::Red), 20);
  EXPECT_EQ(position.roles_given(Side::Red, Role::Rider), 1);  // removed, its role stays given

  play_all(game, {"c3-d3"});
  EXPECT_EQ(game.moves(Side::Red), 2);
  EXPECT_EQ(game.moves(Side::Blue), 1);
  EXPECT_FALSE(game.over());
}

TEST(LamistraGame, AMoveMustBeOneStepOfOnesOwnPieceOntoLandNotOwnPiece) {
  {
    Game game;
    expect_refused(game, {"d5-d4"}, FaultKind::IllegalMove, "no piece of red on d5");
  }
  {
    Game game;
    expect_refused(game, {"b3-b4"}, FaultKind::IllegalMove, "b4 is a lake");
  }
  {
    Game game;
    expect_refused(game, {"a1-a2"}, FaultKind::IllegalMove, "a2 holds a piece of red");
  }
  {
    Game game;
    expect_refused(game, {"d3-e4"}, FaultKind::IllegalMove, "not one step");
  }
  {
    Game game;
    expect_refused(game, {"d3d4"}, FaultKind::IllegalMove, "not a move");
  }
  {
    Game game;
    expect_refused(game, {"g3-h3"}, FaultKind::IllegalMove, "not a move");  // off the board
  }
  {
    Game game;
    expect_refused(game, {""}, FaultKind::IllegalMove, "not a move");
  }
  Game game;
  play_all(game, {"d3-d4\r"});  // a trailing carriage return is tolerated
}

TEST(LamistraGame, ARoleOnceGivenIsKept) {
  Game game;
  // Blue's rider attacks red's d4, which is a lieutenant and wins.
  play_all(game, {"d3-d4", "d5-d4", "R", "L", "a3-a4", "c5-c4"});
  Game same = game;
  play_all(same, {"d4-c4", "L"});
  expect_refused(game, {"d4-c4", "G"}, FaultKind::FalseClaim, "is the lieutenant (L), not the general (G)");
}

TEST(LamistraGame, OnlyARoleStillFreeMayBeGiven) {
  Game game;
  // Blue's spy attacks red's rider and loses; blue's next attacker cannot be a spy again.
  play_all(game, {"d3-d4", "d5-d4", "S", "R", "a3-a4", "d6-d5", "g3-g4", "d5-d4"});
  Game same = game;
  play_all(same, {"G"});
  expect_refused(game, {"S"}, FaultKind::FalseClaim, "every spy (S) of blue is given already (1)");
}

TEST(LamistraGame, APieceThatMovedIsNeverTheFlagOrABomb) {
  {
    Game game;  // the defender on d4 came from d3
    expect_refused(game, {"d3-d4", "d5-d4", "L", "B"}, FaultKind::FalseClaim, "has moved: it cannot be the bomb (B)");
  }
  {
    Game game;
    expect_refused(game, {"d3-d4", "d5-d4", "L", "V"}, FaultKind::FalseClaim, "has moved: it cannot be the flag (V)");
  }
  {
    Game game;  // an attacker moves, even one that attacks from its first square
    expect_refused(game, {"d3-d4", "d5-d4", "B"}, FaultKind::FalseClaim, "has moved: it cannot be the bomb (B)");
  }
  Game game;  // an unmoved defender may be a bomb
  play_all(game, {"a3-a4", "d5-d4", "g3-g4", "d4-d3", "L", "B"});
  EXPECT_FALSE(game.position().piece_at(at("d4")));  // the lieutenant lost to the bomb
}

TEST(LamistraGame, BombsNeverMoveNorAttack) {
  const std::vector<std::string> bomb_on_d3 = {"a3-a4", "d5-d4", "g3-g4", "d4-d3", "L", "B"};
  {
    Game game;
    std::vector<std::string> lines = bomb_on_d3;
    lines.push_back("d3-d4");
    expect_refused(game, lines, FaultKind::IllegalMove, "the piece on d3 is the bomb (B): it never moves");
  }
  Game game;  // nor attack: blue's piece comes to d4, beside the bomb
  std::vector<std::string> lines = bomb_on_d3;
  lines.insert(lines.end(), {"a4-a3", "e5-e4", "c3-c4", "e4-d4", "d3-d4"});
  expect_refused(game, lines, FaultKind::IllegalMove, "the piece on d3 is the bomb (B): it never moves");
}

TEST(LamistraGame, NoMovingStraightBackUnlessOneOfTheMovesAttacks) {
  {
    Game game;
    expect_refused(game, {"a3-a4", "g5-g4", "a4-a3"}, FaultKind::IllegalMove,
                   "the piece on a4 came from a3 in red's last move");
  }
  {
    Game game;  // another move between: allowed
    play_all(game, {"a3-a4", "g5-g4", "c3-c4", "e5-e4", "a4-a3"});
  }
  Game game;  // back to where it attacked from: allowed
  play_all(game, {"d3-d4", "e5-e4", "d4-e4", "L", "R", "a5-a4", "e4-d4"});
}

// Sixteen of red's pieces have moved (each there and back): the five others must be the flag
// and the bombs.
Position sixteen_red_movers() {
  std::vector<Piece> pieces = Position().pieces();
  int marked = 0;
  for (Piece& piece : pieces) {
    const bool keep_unmoved = piece.side == Side::Red && piece.origin.rank == 2 && piece.origin.file <= 4;  // a3..e3
    if (piece.side == Side::Red && !keep_unmoved) {
      piece.moved = true;
      ++marked;
    }
  }
  EXPECT_EQ(marked, kMovingPieces);
  return Position(pieces);
}

TEST(LamistraPosition, AtMostSixteenPiecesMoveOrShowAMovingRole) {
  const Position position = sixteen_red_movers();
  EXPECT_EQ(position.movers(Side::Red), kMovingPieces);
  const auto refusal = position.move_refusal(Side::Red, Move{at("a3"), at("a4")});
  ASSERT_TRUE(refusal);
  EXPECT_NE(refusal->find("a seventeenth piece"), std::string::npos) << *refusal;
  EXPECT_FALSE(position.move_refusal(Side::Red, Move{at("g3"), at("g4")}));  // g3 moved before
  for (const Move& move : position.legal_moves(Side::Red)) {
    EXPECT_TRUE(position.piece(*position.piece_at(move.from)).moved) << format_move(move);
  }
  // An unmoved piece attacked now must be the flag or a bomb.
  const int d3 = *position.piece_at(at("d3"));
  const auto claim = position.claim_refusal(d3, Role::Rider);
  ASSERT_TRUE(claim);
  EXPECT_NE(claim->find("must be the flag or a bomb"), std::string::npos) << *claim;
  EXPECT_EQ(position.allowed_claims(d3), (std::vector<Role>{Role::Flag, Role::Bomb}));

  Game game(position, Side::Red);
  expect_refused(game, {"c3-c4"}, FaultKind::IllegalMove, "a seventeenth piece");
}

TEST(LamistraPosition, AnUnmovedPieceGivenAMovingRoleCountsAmongTheSixteen) {
  std::vector<Piece> pieces = sixteen_red_movers().pieces();
  for (Piece& piece : pieces) {
    if (piece.origin == at("g3")) piece.moved = false;       // fifteen moved
    if (piece.origin == at("a3")) piece.role = Role::Rider;  // attacked in place, it said rider
  }
  const Position position(pieces);
  EXPECT_EQ(position.movers(Side::Red), kMovingPieces);
  EXPECT_FALSE(position.move_refusal(Side::Red, Move{at("a3"), at("a4")}));  // a rider may go
  EXPECT_TRUE(position.move_refusal(Side::Red, Move{at("c3"), at("c4")}));
  EXPECT_TRUE(position.move_refusal(Side::Red, Move{at("g3"), at("g4")}));
}

TEST(LamistraGame, AnAttackOnTheFlagWinsTheGame) {
  Game game;
  play_all(game, {"d3-d4", "a5-a4", "d4-d5", "R", "V"});
  ASSERT_TRUE(game.over());
  EXPECT_EQ(game.end(), GameEnd::FlagCaptured);
  EXPECT_EQ(game.winner(), Side::Red);
  EXPECT_EQ(game.steps().back().outcome, CombatOutcome::FlagCaptured);
  EXPECT_EQ(game.score(Side::Red), kWinPoints);
  EXPECT_EQ(game.score(Side::Blue), 0);
}

// Blue's sixteen movers are gone: its five unmoved pieces are its flag and bombs, and cannot move.
Position blue_without_movers() {
  std::vector<Piece> pieces;
  pieces.push_back(Piece{Side::Red, at("d1"), at("d1"), true, Role::General});
  int file = 0;
  for (const Role role : kAllRoles) {
    for (int k = 0; is_moving_role(role) && k < role_count(role); ++k) {
      pieces.push_back(Piece{Side::Blue, Square{file % kBoardSize, 4 + file / kBoardSize}, std::nullopt, true, role});
      ++file;
    }
  }
  for (int f = 0; f < 5; ++f) pieces.push_back(Piece{Side::Blue, Square{f, 6}, Square{f, 6}, false, std::nullopt});
  return Position(pieces);
}

TEST(LamistraGame, ASideWithoutAMoveLoses) {
  Game game(blue_without_movers(), Side::Red);
  ASSERT_FALSE(game.over());
  play_all(game, {"d1-d2"});
  ASSERT_TRUE(game.over());
  EXPECT_EQ(game.end(), GameEnd::NoMove);
  EXPECT_EQ(game.winner(), Side::Red);
  EXPECT_EQ(game.score(Side::Red), kWinPoints);
  EXPECT_EQ(game.score(Side::Blue), 0);

  const Game blue_to_move(blue_without_movers(), Side::Blue);
  EXPECT_EQ(blue_to_move.end(), GameEnd::NoMove);
  EXPECT_EQ(blue_to_move.winner(), Side::Red);
}

TEST(LamistraGame, AfterTheMoveLimitOfBothSidesThePiecesLeftDecide) {
  {
    Game game(GameSettings{2});
    play_all(game, {"d3-d4", "d5-d4", "L", "R", "a3-a4"});
    EXPECT_FALSE(game.over());  // red has made 2 moves, blue 1
    play_all(game, {"g5-g4"});
    ASSERT_TRUE(game.over());
    EXPECT_EQ(game.end(), GameEnd::MoveLimit);
    EXPECT_FALSE(game.winner());
    EXPECT_EQ(game.score(Side::Blue), kMorePiecesPoints);  // 21 pieces against 20
    EXPECT_EQ(game.score(Side::Red), kFewerPiecesPoints);
  }
  Game game(GameSettings{1});
  play_all(game, {"a3-a4", "g5-g4"});
  ASSERT_TRUE(game.over());
  EXPECT_EQ(game.score(Side::Red), kEqualPiecesPoints);
  EXPECT_EQ(game.score(Side::Blue), kEqualPiecesPoints);
  EXPECT_EQ(Game().settings().move_limit, 200);
}

TEST(LamistraGame, ACrashOrATimeoutLosesTheGame) {
  Game game;
  play_all(game, {"d3-d4", "d5-d4"});
  const Step& step = game.play_fault(FaultKind::Timeout);
  EXPECT_EQ(step.awaited, Awaited::AttackerRole);
  EXPECT_EQ(game.fault(Side::Blue), FaultKind::Timeout);
  EXPECT_EQ(game.fault_move(Side::Blue), 1);
  EXPECT_EQ(game.winner(), Side::Red);
  EXPECT_EQ(game.score(Side::Red), kWinPoints);
  EXPECT_THROW(game.answer("L"), std::logic_error);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::lamistra
