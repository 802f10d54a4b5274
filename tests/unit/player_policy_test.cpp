// Who still plays: exclusions counted in a fixed order of each player's games (never the order
// games finished in), withdrawals, and what a forfeit is worth.
#include <gtest/gtest.h>

#include "amazes/competition/pairing.hpp"
#include "amazes/competition/player_policy.hpp"
#include "amazes/competition/ranking.hpp"
#include "amazes/competition/schedule.hpp"

namespace amazes::competition {
namespace AMAZES_FILE_NAMESPACE {

const std::vector<std::string> kPlayers = {"alice", "bob", "carol"};

MatchRow game(int round, const std::string& red, const std::string& blue, std::optional<FaultKind> red_fault = {},
              std::optional<FaultKind> blue_fault = {}) {
  MatchRow row;
  row.id = match_id(round, red, blue);
  row.round = round;
  row.side[0].player = red;
  row.side[1].player = blue;
  row.side[0].fault = red_fault;
  row.side[1].fault = blue_fault;
  return row;
}

// Round 1 of a round robin of three: each player's 4 games.
std::vector<MatchRow> round_one(std::optional<FaultKind> carol_fault) {
  return {game(1, "alice", "bob"),
          game(1, "bob", "alice"),
          game(1, "alice", "carol", {}, carol_fault),
          game(1, "carol", "alice", carol_fault),
          game(1, "bob", "carol", {}, carol_fault),
          game(1, "carol", "bob", carol_fault)};
}

PresenceTracker tracker(int exclude_after, const std::vector<MatchRow>& scheduled, const std::vector<MatchRow>& stored,
                        std::set<std::string> withdrawn = {}) {
  PresenceTracker presence(PlayerPolicy{exclude_after, std::move(withdrawn)}, kPlayers);
  for (const auto& row : scheduled) presence.scheduled(row.id, row.round, row.side[0].player, row.side[1].player);
  for (const auto& row : stored) presence.stored(row);
  return presence;
}

TEST(PlayerPolicy, ExcludedAfterItsLastGamesBeforeTheRoundAllCrashedOrTimedOut) {
  const auto rows = round_one(FaultKind::Crash);
  const auto presence = tracker(2, rows, rows);
  EXPECT_EQ(presence.presence("carol", 1), Presence::Playing);  // nothing before round 1
  EXPECT_EQ(presence.presence("carol", 2), Presence::Excluded);
  EXPECT_EQ(presence.presence("alice", 2), Presence::Playing);
  // Nobody is excluded without the policy.
  EXPECT_EQ(tracker(0, rows, rows).presence("carol", 2), Presence::Playing);
}

TEST(PlayerPolicy, OtherFaultsDoNotCountAndOneCleanGameBreaksTheRow) {
  auto rows = round_one(FaultKind::Illegal);
  EXPECT_EQ(tracker(2, rows, rows).presence("carol", 2), Presence::Playing);
  rows = round_one(FaultKind::Timeout);
  // Carol's last game in the fixed order (round, then the players' entry positions: bob before
  // carol, bob red first) is carol-bob; played cleanly, it breaks the row.
  rows.back().side[0].fault.reset();
  EXPECT_EQ(tracker(2, rows, rows).presence("carol", 2), Presence::Playing);
  // The same game clean and another faulted: the row of the last 2 is still broken.
  EXPECT_EQ(tracker(4, rows, rows).presence("carol", 2), Presence::Playing);
}

TEST(PlayerPolicy, UnknownUntilTheGamesThatDecideItAreStoredWhateverOrderTheyFinishIn) {
  const auto rows = round_one(FaultKind::Crash);
  // Only carol's first two games stored: her last two are not known yet.
  const auto early = tracker(2, rows, {rows[2], rows[3]});
  EXPECT_EQ(early.presence("carol", 2), Presence::Unknown);
  // Alice's last two are alice-carol and carol-alice: unknown with neither stored, and known to
  // play once one of them is stored clean, whether or not the other is.
  EXPECT_EQ(tracker(2, rows, {rows[0], rows[1]}).presence("alice", 2), Presence::Unknown);
  EXPECT_EQ(tracker(2, rows, {rows[3]}).presence("alice", 2), Presence::Playing);
  const auto later = tracker(2, rows, {rows[4], rows[5]});
  EXPECT_EQ(later.presence("carol", 2), Presence::Excluded);
  EXPECT_EQ(later.presence("bob", 2), Presence::Playing);  // those games crashed for carol, not for bob
}

TEST(PlayerPolicy, AWithdrawnPlayerIsWithdrawnFromEveryRound) {
  const auto presence = tracker(0, {}, {}, {"bob"});
  EXPECT_EQ(presence.presence("bob", 1), Presence::Withdrawn);
  EXPECT_EQ(presence.presence("alice", 1), Presence::Playing);
}

TEST(PlayerPolicy, AForfeitIsLostByTheAbsentSideAndCountsTowardsItsExclusion) {
  const auto row = forfeit_row("r02-alice-carol", 2, "maze", {"alice", "carol"}, {}, std::nullopt, {"", kExcludedExit},
                               "2026-01-01T00:00:00Z");
  EXPECT_EQ(row.status, "forfeit");
  EXPECT_EQ(row.log, "");
  EXPECT_EQ(row.side[0].exit, "not played: its opponent is excluded");
  EXPECT_TRUE(absent_side(row, 1));
  EXPECT_FALSE(absent_side(row, 0));
  EXPECT_TRUE(counts_towards_exclusion(row, 1));
  EXPECT_FALSE(counts_towards_exclusion(row, 0));
  RankingRules match;
  parse_points("match 3/1/0", match);
  EXPECT_EQ(game_points(match, row, 0), 3);
  EXPECT_EQ(game_points(match, row, 1), 0);
  EXPECT_EQ(game_points(RankingRules{}, row, 0), 0);  // by score: nothing for either side
  const auto both = forfeit_row("r02-alice-carol", 2, "maze", {"alice", "carol"}, {}, std::nullopt,
                                {kWithdrawnExit, kExcludedExit}, "");
  EXPECT_EQ(game_points(match, both, 0), 0);
  EXPECT_EQ(game_points(match, both, 1), 0);
}

TEST(PlayerPolicy, AFinalDoesNotTakeAnAbsentPlayerAndTheNextGoesOn) {
  Competition competition;
  for (const auto& name : kPlayers) competition.players.push_back({name, "./" + name});
  competition.rounds = 1;
  competition.stages.final_top = 2;
  auto rows = round_one(std::nullopt);
  for (auto& row : rows) {
    // carol wins every game, alice every other.
    for (int side = 0; side < 2; ++side) {
      const auto& player = row.side[static_cast<std::size_t>(side)].player;
      row.side[static_cast<std::size_t>(side)].score = player == "carol" ? 100 : player == "alice" ? 50 : 0;
    }
  }
  PairingState state;
  state.rows = rows;
  auto decision = decide_round(competition, state, final_round(1));
  ASSERT_TRUE(decision);
  EXPECT_EQ(decision->finalists, (std::vector<std::string>{"carol", "alice"}));
  competition.policy.withdrawn = {"carol"};
  decision = decide_round(competition, state, final_round(1));
  ASSERT_TRUE(decision);
  EXPECT_EQ(decision->finalists, (std::vector<std::string>{"alice", "bob"}));
}

TEST(PlayerPolicy, WithdrawnNamesAsTheStoreKeepsThem) {
  EXPECT_EQ(withdrawn_text({"carol", "alice"}), "alice,carol");
  EXPECT_EQ(withdrawn_from_text(" alice, carol ,,"), (std::set<std::string>{"alice", "carol"}));
  EXPECT_TRUE(withdrawn_from_text("").empty());
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::competition
