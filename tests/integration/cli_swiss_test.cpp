// Contests as CodeCup ran them, with the real judge and real sample bots: a Swiss stage of 13
// players over 5 rounds and a final of its top 4 — no pairing twice, one bye a round and never
// twice to a player, the leaders paired with each other, per-round standings of both stages,
// the final's players the stage's top 4; the same pairings and standings after SIGKILLs and
// resumes, and through the plan executor (`amazes work`, `amazes collect`, planned again as
// each round's results decide the next). And how sure each rank is: bots that throw a known
// share of their games are rated in that order, the strongest and the weakest told apart.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <map>
#include <set>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "amazes/competition/results_store.hpp"
#include "amazes/random.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"
#include "support/tournament_helpers.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

constexpr int kRounds = 5;
constexpr int kFinalTop = 4;

// 13 players of different strengths: the sample bots and the random bot with ten seeds.
std::vector<std::string> swiss_arguments() {
  std::vector<std::string> args = {"tournament",   "-q",
                                   "--format",     "swiss",
                                   "--rounds",     std::to_string(kRounds),
                                   "--final-top",  std::to_string(kFinalTop),
                                   "--size",       "11",
                                   "--turns",      "60",
                                   "--seed",       "2005",
                                   "--tie-breaks", "buchholz,wins"};
  for (const char* bot : {"explorer", "hunter", "wallfollower"})
    args.push_back(std::string(bot) + "=" + player_path(bot));
  for (int seed = 1; seed <= 10; ++seed) {
    args.push_back("random" + std::to_string(seed) + "=" + player_path("random") + " --seed " + std::to_string(seed));
  }
  return args;
}

std::string command_of(const std::vector<std::string>& args, const std::filesystem::path& out, int jobs) {
  std::string command = amazes_exe();
  for (const auto& arg : args) command += " " + shell_quote(arg);
  return command + " -j " + std::to_string(jobs) + " --out " + shell_quote(out.string());
}

void expect_a_swiss_stage_and_its_final(const std::filesystem::path& out) {
  const auto pairings = stored_pairings(out);
  std::set<std::pair<std::string, std::string>> met;
  std::set<std::string> had_bye;
  std::map<int, int> byes_in_round;
  for (const auto& pairing : pairings) {
    if (!pairing.second) {
      EXPECT_TRUE(had_bye.insert(pairing.first).second) << pairing.first << " had a second bye";
      ++byes_in_round[pairing.round];
      continue;
    }
    const auto key = std::minmax(pairing.first, *pairing.second);
    EXPECT_TRUE(met.insert(key).second) << key.first << " and " << key.second << " met twice";
  }
  for (int round = 1; round <= kRounds; ++round) EXPECT_EQ(byes_in_round[round], 1) << "round " << round;

  // The leaders after each round meet each other in the next while two of them have not met.
  for (int round = 2; round <= kRounds; ++round) {
    const auto table = csv_table(read_file(out / fmt::format("round-{:02}", round - 1) / "standings.csv"));
    std::set<std::string> leaders;
    for (std::size_t k = 1; k < table.size(); ++k) {
      if (table[k].size() > 2 && table[k][2] == table[1][2]) leaders.insert(table[k][1]);
    }
    std::set<std::pair<std::string, std::string>> met_before;
    for (const auto& pairing : pairings) {
      if (pairing.round < round && pairing.second) met_before.insert(std::minmax(pairing.first, *pairing.second));
    }
    bool could_meet = false;
    for (const auto& a : leaders) {
      for (const auto& b : leaders) could_meet |= a < b && met_before.count({a, b}) == 0;
    }
    int inside = 0;
    for (const auto& pairing : pairings) {
      if (pairing.round == round && pairing.second && leaders.count(pairing.first) != 0 &&
          leaders.count(*pairing.second) != 0) {
        ++inside;
      }
    }
    if (could_meet) {
      EXPECT_GE(inside, 1) << "round " << round;
    }
  }

  // Per-round standings and pairings of the stage, standings of the final, the final's players
  // the stage's top 4.
  for (int round = 1; round <= kRounds; ++round) {
    for (const char* file : {"standings.txt", "standings.md", "standings.csv", "standings.html", "pairings.csv"}) {
      EXPECT_TRUE(std::filesystem::exists(out / fmt::format("round-{:02}", round) / file)) << round << " " << file;
    }
  }
  EXPECT_TRUE(std::filesystem::exists(out / "final-round-01" / "standings.csv"));
  const auto stage = csv_table(read_file(out / fmt::format("round-{:02}", kRounds) / "standings.csv"));
  std::set<std::string> top;
  for (int k = 1; k <= kFinalTop; ++k) top.insert(stage.at(static_cast<std::size_t>(k)).at(1));
  std::set<std::string> finalists;
  for (const auto& row : comparable_games(out)) {
    if (row.id.rfind("final-r01-", 0) != 0) continue;
    finalists.insert(row.side[0].player);
    finalists.insert(row.side[1].player);
  }
  EXPECT_EQ(finalists, top);
  const auto whole = csv_table(read_file(out / "standings.csv"));
  std::set<std::string> first_four;
  for (int k = 1; k <= kFinalTop; ++k) first_four.insert(whole.at(static_cast<std::size_t>(k)).at(1));
  EXPECT_EQ(first_four, top) << "the final decides places 1..4";
  EXPECT_EQ(comparable_games(out).size(), static_cast<std::size_t>(kRounds * 12 + kFinalTop * (kFinalTop - 1)));
}

TEST(CliSwiss, ASwissStageAndAFinalSurviveKillsAndThePlanExecutor) {
  const auto args = swiss_arguments();
  ScratchDir reference("swiss-reference");
  const auto t0 = std::chrono::steady_clock::now();
  const auto whole = run_command(command_of(args, reference.path(), 2) + " 2>&1");
  ASSERT_EQ(whole.exit_code, 0) << whole.output;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  expect_a_swiss_stage_and_its_final(reference.path());

  // Killed three times at random moments, then run to the end: the same pairings, games and
  // standings.
  ScratchDir killed("swiss-killed");
  Rng rng(33);
  for (int kill = 0; kill < 3; ++kill) {
    std::vector<std::string> words = {judge_program()};
    words.insert(words.end(), args.begin(), args.end());
    for (const std::string& extra :
         {std::string("-j"), std::string("2"), std::string("--out"), killed.path().string()}) {
      words.push_back(extra);
    }
    const pid_t pid = spawn_silently(std::move(words));
    // Not synchronisation: the kill moment itself is what is being sampled.
    std::this_thread::sleep_for(std::chrono::duration<double>((0.15 + rng.unit() * 0.5) * seconds));
    ::kill(pid, SIGKILL);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  }
  const auto resumed = run_command(command_of(args, killed.path(), 1) + " 2>&1");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
  EXPECT_EQ(stored_pairings(killed.path()), stored_pairings(reference.path()));
  EXPECT_EQ(comparable_games(killed.path()), comparable_games(reference.path()));
  EXPECT_EQ(standings_files(killed.path()), standings_files(reference.path()));

  // The plan executor: each plan holds what is decided; collect, then plan again.
  ScratchDir planned("swiss-planned");
  const std::string judge = amazes_exe();
  int plans = 0;
  for (; plans < 2 * (kRounds + 1); ++plans) {
    const auto plan = run_command(command_of(args, planned.path(), 1) + " --executor plan 2>&1");
    ASSERT_EQ(plan.exit_code, 0) << plan.output;
    const auto games = nlohmann::json::parse(read_file(planned.path() / "plan.json"))["games"].size();
    if (games == 0) break;
    const auto worked =
        run_command("parallel -j 2 " + shell_quote(judge) + " work -q " + shell_quote(planned.path().string()) +
                    " --chunk {} ::: $(seq 0 " + std::to_string((games + 19) / 20 - 1) + ") 2>&1");
    ASSERT_EQ(worked.exit_code, 0) << worked.output;
    ASSERT_EQ(run_command(judge + " collect -q " + shell_quote(planned.path().string()) + " 2>&1").exit_code, 0);
  }
  EXPECT_EQ(plans, kRounds + 1) << "a plan per round of the stage and one for the final";
  EXPECT_EQ(stored_pairings(planned.path()), stored_pairings(reference.path()));
  EXPECT_EQ(comparable_games(planned.path()), comparable_games(reference.path()));
  EXPECT_EQ(standings_files(planned.path()), standings_files(reference.path()));
}

// Four bots that play alike but throw 0, 20, 50 and 80 % of their games: a round robin rates
// them in that order within its intervals, and tells the strongest from the weakest.
TEST(CliSwiss, RatingsOfBotsOfKnownStrengthCoverTheirOrderAndSeparateTheExtremes) {
  ScratchDir dir("rank-certainty");
  const auto thrower = (binary_dir() / "tests" / "bots" / "thrower").string();
  std::string command = amazes_exe() + " tournament -q --rounds 12 --size 9 --turns 20 --seed 2001 -j 2 --out " +
                        shell_quote(dir.path().string());
  for (const int share : {0, 20, 50, 80}) {
    command += " " + shell_quote("throws" + std::to_string(share) + "=" + thrower + " " + std::to_string(share));
  }
  const auto played = run_command(command + " 2>&1");
  ASSERT_EQ(played.exit_code, 0) << played.output;
  const auto table = csv_table(read_file(dir.path() / "standings.csv"));
  const auto& header = table.at(0);
  const auto column = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  std::map<std::string, std::vector<std::string>> by_player;
  for (std::size_t k = 1; k < table.size(); ++k) by_player[table[k].at(1)] = table[k];
  ASSERT_EQ(by_player.size(), 4U) << read_file(dir.path() / "standings.txt");
  const auto rating = [&](const std::string& player, const char* field) {
    return std::stod(by_player.at(player).at(column(field)));
  };
  // The true order is 0, 20, 50, 80: each one's rank interval holds its true rank.
  int true_rank = 0;
  for (const char* player : {"throws0", "throws20", "throws50", "throws80"}) {
    ++true_rank;
    const std::string ranks = by_player.at(player).at(column("ranks"));
    const auto dash = ranks.find('-');
    const int best = std::stoi(ranks.substr(0, dash));
    const int worst = dash == std::string::npos ? best : std::stoi(ranks.substr(dash + 1));
    EXPECT_LE(best, true_rank) << player << " " << ranks;
    EXPECT_GE(worst, true_rank) << player << " " << ranks;
  }
  EXPECT_GT(rating("throws0", "rating"), rating("throws50", "rating"));
  EXPECT_GT(rating("throws20", "rating"), rating("throws80", "rating"));
  EXPECT_GT(rating("throws0", "rating_low"), rating("throws80", "rating_high"))
      << read_file(dir.path() / "standings.txt");
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
