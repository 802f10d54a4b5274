// Lamistra's board, roles and combat (docs/lamistra-rules.md §1, §2, §4): every row of the
// seed's table and every sentence of its combat rules.
#include <gtest/gtest.h>

#include "amazes/lamistra/board.hpp"
#include "amazes/lamistra/combat.hpp"
#include "amazes/lamistra/role.hpp"

namespace amazes::lamistra {
namespace AMAZES_FILE_NAMESPACE {

TEST(LamistraBoard, SquaresAreNamedAsInChessWithTwoLakes) {
  EXPECT_EQ(format_square(Square{0, 0}), "a1");
  EXPECT_EQ(format_square(Square{6, 6}), "g7");
  EXPECT_EQ(parse_square("d4"), (Square{3, 3}));
  EXPECT_FALSE(parse_square("h1"));
  EXPECT_FALSE(parse_square("a8"));
  EXPECT_FALSE(parse_square("a0"));
  EXPECT_TRUE(is_lake(*parse_square("b4")));
  EXPECT_TRUE(is_lake(*parse_square("f4")));
  EXPECT_FALSE(is_lake(*parse_square("d4")));
  EXPECT_EQ(starting_side(*parse_square("g3")), Side::Red);
  EXPECT_EQ(starting_side(*parse_square("a5")), Side::Blue);
  EXPECT_FALSE(starting_side(*parse_square("a4")));
}

TEST(LamistraBoard, AMoveIsFiveCharacters) {
  const auto move = parse_move("d3-d4");
  ASSERT_TRUE(move);
  EXPECT_EQ(format_move(*move), "d3-d4");
  EXPECT_FALSE(parse_move("d3d4"));
  EXPECT_FALSE(parse_move("d3-d4 "));
  EXPECT_FALSE(parse_move("D3-D4"));
  EXPECT_FALSE(parse_move("g7-h7"));  // off the board
}

TEST(LamistraRoles, TheSeedsTable) {
  int pieces = 0;
  int moving = 0;
  for (const Role role : kAllRoles) {
    pieces += role_count(role);
    moving += is_moving_role(role) ? role_count(role) : 0;
    EXPECT_EQ(parse_role(std::string(1, role_letter(role))), role);
  }
  EXPECT_EQ(pieces, kPiecesPerSide);
  EXPECT_EQ(moving, kMovingPieces);
  EXPECT_EQ(std::string("VBGOLMRS"),
            std::string({role_letter(Role::Flag), role_letter(Role::Bomb), role_letter(Role::General),
                         role_letter(Role::Colonel), role_letter(Role::Lieutenant), role_letter(Role::Miner),
                         role_letter(Role::Rider), role_letter(Role::Spy)}));
  EXPECT_EQ(role_count(Role::Bomb), 4);
  EXPECT_EQ(role_count(Role::Rider), 5);
  EXPECT_EQ(role_rank(Role::General), 1);
  EXPECT_EQ(role_rank(Role::Spy), 6);
  EXPECT_FALSE(is_moving_role(Role::Flag));
  EXPECT_FALSE(is_moving_role(Role::Bomb));
  EXPECT_FALSE(parse_role("g"));
  EXPECT_FALSE(parse_role("GG"));
  EXPECT_FALSE(parse_role(""));
}

TEST(LamistraCombat, TheLowerRankNumberWinsAndEqualRanksBothGo) {
  EXPECT_EQ(combat(Role::General, Role::Colonel), CombatOutcome::AttackerWins);
  EXPECT_EQ(combat(Role::Colonel, Role::Lieutenant), CombatOutcome::AttackerWins);
  EXPECT_EQ(combat(Role::Rider, Role::Lieutenant), CombatOutcome::DefenderWins);  // the seed's example: L takes R
  EXPECT_EQ(combat(Role::Lieutenant, Role::Rider), CombatOutcome::AttackerWins);
  EXPECT_EQ(combat(Role::Miner, Role::Miner), CombatOutcome::BothRemoved);
  EXPECT_EQ(combat(Role::General, Role::General), CombatOutcome::BothRemoved);
  EXPECT_EQ(combat(Role::Spy, Role::Spy), CombatOutcome::BothRemoved);
}

TEST(LamistraCombat, EveryoneBeatsTheSpyButTheSpyThatAttacksTheGeneral) {
  EXPECT_EQ(combat(Role::Spy, Role::General), CombatOutcome::AttackerWins);
  EXPECT_EQ(combat(Role::General, Role::Spy), CombatOutcome::AttackerWins);  // attacked, the spy loses
  EXPECT_EQ(combat(Role::Spy, Role::Colonel), CombatOutcome::DefenderWins);
  EXPECT_EQ(combat(Role::Rider, Role::Spy), CombatOutcome::AttackerWins);
  EXPECT_EQ(combat(Role::Spy, Role::Rider), CombatOutcome::DefenderWins);
}

TEST(LamistraCombat, OnlyTheMinerTakesABombAndAnAttackOnTheFlagWins) {
  EXPECT_EQ(combat(Role::Miner, Role::Bomb), CombatOutcome::AttackerWins);
  for (const Role attacker : {Role::General, Role::Colonel, Role::Lieutenant, Role::Rider, Role::Spy}) {
    EXPECT_EQ(combat(attacker, Role::Bomb), CombatOutcome::DefenderWins) << role_name(attacker);
    EXPECT_EQ(combat(attacker, Role::Flag), CombatOutcome::FlagCaptured) << role_name(attacker);
  }
  EXPECT_EQ(combat(Role::Miner, Role::Flag), CombatOutcome::FlagCaptured);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::lamistra
