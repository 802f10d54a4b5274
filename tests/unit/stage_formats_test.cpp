// The formats (src/competition/formats/): each answers its rounds, pairings, games, ids and seeds.
#include <gtest/gtest.h>

#include "amazes/competition/schedule.hpp"
#include "formats/gauntlet.hpp"
#include "formats/stage.hpp"

namespace amazes::competition {
namespace AMAZES_FILE_NAMESPACE {

Competition competition_of(int players, int rounds, StagePlan plan = {}) {
  Competition competition;
  for (int i = 0; i < players; ++i) competition.players.push_back({"p" + std::to_string(i), "./bot"});
  competition.rounds = rounds;
  competition.stages = plan;
  competition.seed = 11;
  return competition;
}

TEST(Stages, EachFormatCountsTheGamesOfItsRounds) {
  const auto competition = competition_of(5, 2, {Format::RoundRobin, 3, 2});
  const StageSequence stages(competition);
  EXPECT_EQ(stages.rounds(), (std::vector<int>{1, 2, final_round(1), final_round(2)}));
  EXPECT_EQ(stages.of_round(1).planned_games(1), 20);
  EXPECT_EQ(stages.of_round(final_round(2)).planned_games(final_round(2)), 6);
  EXPECT_TRUE(stages.waits_for_results());
  EXPECT_FALSE(StageSequence(competition_of(5, 2)).waits_for_results());
}

TEST(Stages, ARoundRobinRoundIsEveryPairRedFirstThenTheOtherColour) {
  const auto competition = competition_of(3, 1);
  const StageSequence stages(competition);
  const Stage& stage = stages.of_round(1);
  const auto games = stage.games_of(*stage.pairings({}, 1));
  ASSERT_EQ(games.size(), 6U);
  EXPECT_EQ(games[0].id, "r01-p0-p1");
  EXPECT_EQ(games[1].id, "r01-p1-p0");
  EXPECT_EQ(games[1].pairing, 0U);
  EXPECT_EQ(games[5].id, "r01-p2-p1");
  EXPECT_EQ(stage.pairing_seed(1, "p0", "p1"), pair_seed(competition.seed, 1, "p0", "p1"));
}

TEST(Stages, ASwissRoundCountsItsStoredPairingsOnceDecided) {
  const auto competition = competition_of(5, 3, {Format::Swiss, 0, 0});
  const StageSequence stages(competition);
  const Stage& stage = stages.of_round(2);
  PairingState state;
  EXPECT_FALSE(stage.pairings(state, 2));
  EXPECT_EQ(stage.games(state, 2), 4);
  state.swiss = {{2, "p0", "p1"}, {2, "p2", std::nullopt}};
  const auto pairings = stage.pairings(state, 2);
  ASSERT_TRUE(pairings);
  EXPECT_EQ(pairings->bye, "p2");
  EXPECT_EQ(stage.games(state, 2), 2);
  EXPECT_EQ(stage.planned_games(2), 4);
}

TEST(Stages, TheFinalIsDecidedOnceTheFirstStageIsComplete) {
  const auto competition = competition_of(4, 3, {Format::RoundRobin, 2, 1});
  const StageSequence stages(competition);
  const Stage& final_stage = stages.of_round(final_round(1));
  EXPECT_EQ(final_stage.round_before(final_round(1)), 3);
  PairingState state;
  EXPECT_FALSE(final_stage.pairings(state, final_round(1)));
  state.finalists = {"p2", "p0"};
  EXPECT_EQ(final_stage.pairings(state, final_round(1))->pairs.size(), 1U);
  EXPECT_EQ(final_stage.match_id(final_round(1), "p2", "p0"), "final-r01-p2-p0");
}

TEST(Stages, TheGauntletPlaysNewAgainstEachOpponentOnOneSeedAPair) {
  auto competition = competition_of(3, 4);
  competition.kind = CompetitionKind::Versus;
  const StageSequence stages(competition);
  const Stage& stage = stages.of_round(7);
  EXPECT_FALSE(stage.waits_for_results());
  const auto games = stage.games_of(*stage.pairings({}, 7));
  ASSERT_EQ(games.size(), 4U);
  EXPECT_EQ(games[0].id, "p0007-p0-p1");
  EXPECT_EQ(games[3].id, "p0007-p2-p0");
  EXPECT_EQ(games[3].pairing, 1U);
  EXPECT_EQ(stage.pairing_seed(7, "p0", "p1"), maze_seed(competition.seed, 7));
  EXPECT_EQ(stage.pairing_seed(7, "p0", "p2"), maze_seed(competition.seed, 7));
  EXPECT_EQ(GauntletStage(competition, {"p2"}).pairings(7).pairs,
            (std::vector<std::pair<std::string, std::string>>{{"p0", "p2"}}));
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::competition
