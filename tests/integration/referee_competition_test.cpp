// Competitions of referee games (docs/referees.md §6): a More tournament of the sample bots and a
// faulting bot, the Amazes referee's tournament against the built-in one, a referee that fails
// some games while the tournament plays the others, and a versus run on More's scores.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "amazes/competition/match_row.hpp"
#include "amazes/competition/results_store.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"
#include "support/store_sql.hpp"
#include "support/tournament_helpers.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

std::string shell_arg(const std::filesystem::path& path) { return shell_quote(path.string()); }
std::string more_bot(const std::string& name) { return shell_arg(binary_dir() / "more-players" / name); }
std::string sample_bot(const std::string& name) { return shell_arg(binary_dir() / "players" / name); }
std::string referee_script(const std::string& name) { return (source_dir() / "tests" / "referees" / name).string(); }

const std::string kMoreReferee = "--referee 'amazes referee more --seed {seed}' --scores 0-20 --time-ms 30000";

std::map<std::string, competition::MatchRow> rows_by_id(const std::filesystem::path& out) {
  std::map<std::string, competition::MatchRow> rows;
  for (auto& row : stable_rows(out)) rows.emplace(row.id, row);
  return rows;
}

TEST(RefereeTournament, MoreOfTheSampleBotsAndAFaultingBotEndsWithScoresOfMore) {
  ScratchDir dir("referee-tournament-more");
  // The crash bot dies at its first line: the trial game would refuse it (--no-trial plays it).
  const auto result =
      run_command(amazes_exe() + " tournament --no-trial --rounds 3 --seed 17 " + kMoreReferee + " --out " +
                  shell_arg(dir.path()) + " runner=" + more_bot("more_runner") + " random=" + more_bot("random_more") +
                  " crash=" + shell_arg(bot_path("first_line_crash")) + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("Final standings (3 rounds): 3 players, 18 games"), std::string::npos) << result.output;
  const auto rows = rows_by_id(dir.path());
  ASSERT_EQ(rows.size(), 18U);  // every game of the schedule, none failed
  for (const auto& [id, row] : rows) {
    for (const auto& side : row.side) {
      EXPECT_GE(side.score, 0) << id;
      EXPECT_LE(side.score, 20) << id;
      EXPECT_EQ(side.points, side.score) << id;  // a referee's report gives scores only
      if (side.player == "crash") {
        EXPECT_EQ(side.fault, FaultKind::Crash) << id;
        EXPECT_EQ(side.score, 0) << id;
      } else {
        EXPECT_FALSE(side.fault.has_value()) << id;
      }
    }
    const bool faulted = row.side[0].fault || row.side[1].fault;
    // More's scores sum to 20 (more-rules.md §7), unless a side faulted and got 0 for it.
    if (!faulted) {
      EXPECT_EQ(row.side[0].score + row.side[1].score, 20) << id;
    }
    // Both games of a pair are played on one board: the same seed, whoever is white.
    const std::string swapped = competition::match_id(row.round, row.side[1].player, row.side[0].player);
    EXPECT_EQ(rows.at(swapped).seed, row.seed) << id;
  }
  // The runner beats the random bot (docs/referees.md §5), whose substitute plays for the crashed bot.
  const auto& runner_vs_random = rows.at(competition::match_id(1, "runner", "random"));
  EXPECT_EQ(runner_vs_random.side[0].score, 20);
  const auto& runner_vs_crash = rows.at(competition::match_id(1, "runner", "crash"));
  EXPECT_GT(runner_vs_crash.side[0].score, 0);
  EXPECT_EQ(runner_vs_crash.side[1].fault_turn, 1);

  const auto shown = run_command(amazes_exe() + " log show " + shell_arg(dir.path() / runner_vs_crash.log) + " 2>&1");
  ASSERT_EQ(shown.exit_code, 0) << shown.output;
  EXPECT_NE(shown.output.find("<caiaio:_player_"), std::string::npos) << shown.output;
  // A referee game has no replay page: the folder's replays pass over them, --replays is refused.
  const auto replays = run_command(amazes_exe() + " replay " + shell_arg(dir.path()) + " 2>&1");
  EXPECT_EQ(replays.exit_code, 0) << replays.output;
  EXPECT_NE(replays.output.find("0 replays written in " + (dir.path() / "matches").string() +
                                ", 18 referee games without a replay page"),
            std::string::npos)
      << replays.output;
  const auto refused = run_command(amazes_exe() + " tournament --replays " + kMoreReferee + " a b 2>&1");
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_NE(refused.output.find("--replays: a referee game has no replay page"), std::string::npos) << refused.output;
}

TEST(RefereeTournament, TheAmazesRefereesTournamentEqualsTheBuiltInOne) {
  ScratchDir built_in("referee-tournament-built-in");
  ScratchDir refereed("referee-tournament-refereed");
  const std::string common = " tournament -q --rounds 2 --seed 2010 --mazes " +
                             shell_arg(source_dir() / "mazes" / "official") + " " + sample_bot("random") + " " +
                             sample_bot("explorer") + " " + sample_bot("hunter");
  const auto first = run_command(amazes_exe() + common + " --out " + shell_arg(built_in.path()) + " 2>&1");
  ASSERT_EQ(first.exit_code, 0) << first.output;
  const auto second = run_command(amazes_exe() + common + " --referee 'amazes referee amazes --maze {maze}' --out " +
                                  shell_arg(refereed.path()) + " 2>&1");
  ASSERT_EQ(second.exit_code, 0) << second.output;
  const auto expected = rows_by_id(built_in.path());
  const auto actual = rows_by_id(refereed.path());
  ASSERT_EQ(actual.size(), expected.size());
  ASSERT_EQ(actual.size(), 12U);
  for (const auto& [id, row] : expected) {
    const auto& other = actual.at(id);
    EXPECT_EQ(other.seed, row.seed) << id;
    EXPECT_EQ(other.maze, row.maze) << id;
    for (std::size_t s = 0; s < 2; ++s) {
      EXPECT_EQ(other.side[s].player, row.side[s].player) << id;
      EXPECT_EQ(other.side[s].score, row.side[s].score) << id;
      EXPECT_EQ(other.side[s].fault, row.side[s].fault) << id;
    }
  }
  // The same final standings and cross table, character for character (-q: nothing after them).
  const auto table = [](const std::string& output) { return output.substr(output.find("Final standings")); };
  EXPECT_EQ(table(second.output), table(first.output));
}

// The referee's silence bound: a hanging referee's games end after it, and a sanitized judge's
// own referee (the sanitize suite's) takes a good part of a second to write its first line.
TEST(RefereeTournament, GamesWhoseRefereeFailsAreNotPlayedAndTheOthersAre) {
  ScratchDir dir("referee-tournament-failing");
  const std::string referee = referee_script("some_games_fail.sh") + " {seed} " + judge_program();
  const std::string command = amazes_exe() + " tournament --rounds 4 --seed 3 --referee " + shell_quote(referee) +
                              " --scores 0-20 --referee-timeout-ms 2000 --out " + shell_arg(dir.path()) +
                              " runner=" + more_bot("more_runner") + " random=" + more_bot("random_more") + " 2>&1";
  const auto result = run_command(command);
  EXPECT_EQ(result.exit_code, 1) << result.output;
  const auto rows = rows_by_id(dir.path());
  int failed = 0;
  for (int round = 1; round <= 4; ++round) {
    for (const auto& id :
         {competition::match_id(round, "runner", "random"), competition::match_id(round, "random", "runner")}) {
      const auto said = result.output.find("amazes tournament: " + id + ": not played: referee '" + referee + "' ");
      if (rows.count(id) != 0) {
        EXPECT_EQ(said, std::string::npos) << id;
        const int last_digit = static_cast<int>(*rows.at(id).seed % 10);
        EXPECT_TRUE(last_digit != 1 && last_digit != 3 && last_digit != 5) << id;
      } else {
        EXPECT_NE(said, std::string::npos) << id << "\n" << result.output;
        ++failed;
      }
    }
  }
  EXPECT_GT(failed, 0) << result.output;  // seed 3's pairs: some seeds end in 1, 3 or 5
  EXPECT_LT(failed, 8) << result.output;
  EXPECT_NE(result.output.find(std::to_string(failed) + " game" + (failed == 1 ? " was" : "s were") + " not played"),
            std::string::npos)
      << result.output;
  EXPECT_NE(result.output.find("Standings so far"), std::string::npos) << result.output;
  // The same command plays the missing games again: they fail again, and nothing is played twice.
  const auto again = run_command(command);
  EXPECT_EQ(again.exit_code, 1) << again.output;
  EXPECT_EQ(rows_by_id(dir.path()).size(), rows.size());
}

// A game plan carries the referee: chunks played by `amazes work` and collected give the rows
// of the same tournament played here, and a chunk with games whose referee fails plays the others.
TEST(RefereeTournament, APlanCarriesTheRefereeToItsWorkers) {
  ScratchDir dir("referee-tournament-plan");
  const std::string players = " runner=" + more_bot("more_runner") + " random=" + more_bot("random_more");
  const std::string tournament = amazes_exe() + " tournament -q --rounds 2 --seed 17 " + kMoreReferee + players;
  ASSERT_EQ(run_command(tournament + " --out " + shell_arg(dir.path() / "local") + " 2>&1").exit_code, 0);
  const auto out = dir.path() / "planned";
  const auto planned = run_command(tournament + " --executor plan --chunk-size 2 --out " + shell_arg(out) + " 2>&1");
  ASSERT_EQ(planned.exit_code, 0) << planned.output;
  for (const char* chunk : {"0", "1"}) {
    const auto worked = run_command(amazes_exe() + " work -q " + shell_arg(out) + " --chunk " + chunk + " 2>&1");
    ASSERT_EQ(worked.exit_code, 0) << worked.output;
  }
  const auto collected = run_command(amazes_exe() + " collect -q " + shell_arg(out) + " 2>&1");
  ASSERT_EQ(collected.exit_code, 0) << collected.output;
  auto local = rows_by_id(dir.path() / "local");
  auto workers = rows_by_id(out);
  ASSERT_EQ(workers.size(), 4U);
  for (auto& [id, row] : local) {
    for (std::size_t s = 0; s < 2; ++s) {
      EXPECT_EQ(workers.at(id).side[s].player, row.side[s].player) << id;
      EXPECT_EQ(workers.at(id).side[s].score, row.side[s].score) << id;
      EXPECT_EQ(workers.at(id).side[s].start, row.side[s].start) << id;
    }
    EXPECT_EQ(workers.at(id).seed, row.seed) << id;
  }

  const auto failing = dir.path() / "failing";
  const std::string referee = referee_script("some_games_fail.sh") + " {seed} " + judge_program();
  ASSERT_EQ(run_command(amazes_exe() + " tournament -q --rounds 4 --seed 3 --scores 0-20 --referee-timeout-ms 2000" +
                        " --referee " + shell_quote(referee) + players + " --executor plan --chunk-size 8 --out " +
                        shell_arg(failing) + " 2>&1")
                .exit_code,
            0);
  const auto worked = run_command(amazes_exe() + " work " + shell_arg(failing) + " --chunk 0 2>&1");
  EXPECT_EQ(worked.exit_code, 1) << worked.output;
  EXPECT_NE(worked.output.find("r01-runner-random: not played: referee '" + referee + "' wrote nothing"),
            std::string::npos)
      << worked.output;  // the same games as the local run above fail
  EXPECT_NE(worked.output.find("r02-runner-random: runner 20 - random 0"), std::string::npos) << worked.output;
}

TEST(RefereeVersus, MoreScoresMakeThePairDifferences) {
  ScratchDir dir("referee-versus-more");
  const auto result =
      run_command(amazes_exe() + " versus --games 4 --seed 9 " + kMoreReferee + " --out " + shell_arg(dir.path()) +
                  " " + more_bot("more_runner") + " " + more_bot("random_more") + " 2>&1");
  // The runner wins every game 20-0: each pair's difference is +40, with no spread.
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("is not worse than any opponent"), std::string::npos) << result.output;
  for (const auto& [id, row] : rows_by_id(dir.path())) {
    const auto& runner = row.side[0].player == "more_runner" ? row.side[0] : row.side[1];
    EXPECT_EQ(runner.score, 20) << id;
  }
}

// A More competition plays on its seeds alone: no maze is made or stored. The store of an older
// judge, which stored an Amazes maze for every round whatever the game, resumes on the same
// seeds, its rounds given their game.
TEST(RefereeTournament, AMoreStoreHoldsNoMazeAndAnOlderJudgesResumes) {
  ScratchDir dir("referee-tournament-older-store");
  const std::string tournament = amazes_exe() + " tournament -q --seed 17 " + kMoreReferee + " --out " +
                                 shell_arg(dir.path()) + " runner=" + more_bot("more_runner") +
                                 " random=" + more_bot("random_more") + " --rounds ";
  const auto first = run_command(tournament + "2 2>&1");
  ASSERT_EQ(first.exit_code, 0) << first.output;
  const auto store_file = dir.path() / competition::kStoreFileName;
  const auto played = rows_by_id(dir.path());
  ASSERT_EQ(played.size(), 4U);
  for (const auto& round :
       competition::ResultsStore::open(store_file, competition::ResultsStore::Access::ReadOnly).rounds()) {
    EXPECT_EQ(round.game, "more");
    EXPECT_EQ(round.maze, "");
    EXPECT_EQ(round.maze_name, "more");
  }
  for (const auto& [id, row] : played) EXPECT_EQ(row.maze, "more") << id;
  // Its site says what the games were played on: the game and each game's seed, no maze.
  EXPECT_NE(read_file(dir.path() / "site" / "index.html").find("the game more, each game set up by its seed"),
            std::string::npos);
  const auto& [first_id, first_row] = *played.begin();
  EXPECT_NE(read_file(dir.path() / "site" / "matches" / (first_id + ".html"))
                .find("<dt>Game</dt><dd>more, seed " + std::to_string(first_row.seed.value())),
            std::string::npos)
      << first_id;

  // What an older judge left: a maze for each round, and no game.
  const std::string maze = read_file(source_dir() / "mazes" / "maze-0001.maze");
  execute_sql(store_file, ("ALTER TABLE rounds DROP COLUMN game; UPDATE rounds SET maze_name = 'generated-' || round, "
                           "maze = '" +
                           maze + "', maze_seed = '12345';")
                              .c_str());
  const auto resumed = run_command(tournament + "3 2>&1");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
  const auto rows = rows_by_id(dir.path());
  ASSERT_EQ(rows.size(), 6U);
  for (const auto& [id, row] : played) {
    EXPECT_EQ(rows.at(id).seed, row.seed) << id;
    EXPECT_EQ(rows.at(id).side[0].score, row.side[0].score) << id;
  }
  const auto rounds = competition::ResultsStore::open(store_file, competition::ResultsStore::Access::ReadOnly).rounds();
  ASSERT_EQ(rounds.size(), 3U);
  for (const auto& round : rounds) {
    EXPECT_EQ(round.game, "more") << round.round;
    EXPECT_EQ(round.maze, "") << round.round;
    EXPECT_FALSE(round.maze_seed.has_value()) << round.round;
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
