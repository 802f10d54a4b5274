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
  EXPECT_EQ(stages.rounds(PairingState{}), (std::vector<int>{1, 2, final_round(1), final_round(2)}));
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

// Both games of a pairing of `round`, each won by `winner` (score 2 to 0).
std::vector<MatchRow> pairing_won(int round, const std::string& winner, const std::string& loser) {
  std::vector<MatchRow> rows;
  for (const bool winner_red : {true, false}) {
    MatchRow row;
    row.round = round;
    row.side[0].player = winner_red ? winner : loser;
    row.side[1].player = winner_red ? loser : winner;
    row.side[winner_red ? 0 : 1].score = row.side[winner_red ? 0 : 1].points = 2;
    row.id = match_id(round, row.side[0].player, row.side[1].player);
    rows.push_back(row);
  }
  return rows;
}

// Players whose round robins went by their order, `rounds` times over: p0 best.
PairingState ordered_results(int players, int rounds) {
  PairingState state;
  for (int round = 1; round <= rounds; ++round) {
    for (int a = 0; a < players; ++a) {
      for (int b = a + 1; b < players; ++b) {
        for (auto& row : pairing_won(round, "p" + std::to_string(a), "p" + std::to_string(b)))
          state.rows.push_back(row);
      }
    }
  }
  return state;
}

TEST(Stages, AnAdaptiveFinalListsItsDecidedRoundsAndTheNextUntilItEnds) {
  const auto competition = competition_of(5, 2, {.format = Format::Swiss, .decide_top = 2, .max_games = 100});
  const StageSequence stages(competition);
  PairingState state;
  EXPECT_EQ(stages.rounds(state), (std::vector<int>{1, 2, final_round(1)}));
  state.swiss = {{final_round(1), "p0", "p1"}, {final_round(2), "p1", "p2"}};
  EXPECT_EQ(stages.rounds(state), (std::vector<int>{1, 2, final_round(1), final_round(2), final_round(3)}));
  const Stage& adaptive = stages.of_round(final_round(2));
  EXPECT_EQ(adaptive.games(state, final_round(2)), 2);
  EXPECT_EQ(adaptive.round_before(final_round(1)), 2);
  state.final_end = kFinalSettled;
  EXPECT_EQ(stages.rounds(state), (std::vector<int>{1, 2, final_round(1), final_round(2)}));
  EXPECT_EQ(adaptive.games(state, final_round(3)), 0);
}

TEST(Stages, AnAdaptiveFinalEndsWhenItsTopIsSureAndPairsWithinItsGamesOtherwise) {
  // Ten round robins won by the better player every time: the top two are sure.
  auto clear = competition_of(5, 10, {.format = Format::RoundRobin, .decide_top = 2, .max_games = 10000});
  PairingState state = ordered_results(5, 10);
  const auto settled = StageSequence(clear).of_round(final_round(1)).decide(state, final_round(1));
  ASSERT_TRUE(settled);
  EXPECT_EQ(settled->end, kFinalSettled);
  EXPECT_TRUE(settled->swiss.empty());

  // One round robin: nothing is sure yet; the pairings are the contenders', as many as fit.
  auto open = competition_of(5, 1, {.format = Format::RoundRobin, .decide_top = 2, .max_games = 10000});
  state = ordered_results(5, 1);
  const auto paired = StageSequence(open).of_round(final_round(1)).decide(state, final_round(1));
  ASSERT_TRUE(paired);
  EXPECT_TRUE(paired->end.empty());
  ASSERT_GE(paired->swiss.size(), 1U);
  for (const auto& pairing : paired->swiss) EXPECT_EQ(pairing.round, final_round(1));
  open.stages.max_games = static_cast<int>(state.rows.size()) + 3;  // room for one pairing (two games)
  const auto one = StageSequence(open).of_round(final_round(1)).decide(state, final_round(1));
  ASSERT_EQ(one->swiss.size(), 1U);
  EXPECT_EQ(one->swiss.front(), paired->swiss.front()) << "the least sure pairing first";
  open.stages.max_games = static_cast<int>(state.rows.size()) + 1;
  EXPECT_EQ(StageSequence(open).of_round(final_round(1)).decide(state, final_round(1))->end, kFinalMaxGames);
  // A withdrawn contender is not paired: it would only forfeit.
  open.stages.max_games = 10000;
  open.policy.withdrawn = {paired->swiss.front().first};
  const auto without = StageSequence(open).of_round(final_round(1)).decide(state, final_round(1));
  ASSERT_TRUE(without);
  for (const auto& pairing : without->swiss) {
    EXPECT_NE(pairing.first, paired->swiss.front().first);
    EXPECT_NE(pairing.second, paired->swiss.front().first);
  }
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
