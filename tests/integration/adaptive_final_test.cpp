// The adaptive final with the real judge on fields of known strength (tests/games/strength.ini):
// it stops as soon as the top is sure, orders the true top better than a fixed final of as many
// games, and plays the same pairings, games and standings after SIGKILLs and resumes, through
// the plan executor, and on when --max-games grows. And the whole chain from a game's result to
// the standings' certainty columns: every "sure ahead" a table prints is true, and the rank
// intervals hold the true places as often as stated.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "amazes/competition/pairing.hpp"
#include "amazes/random.hpp"
#include "support/files.hpp"
#include "support/run.hpp"
#include "support/simulated_field.hpp"
#include "support/tournament_helpers.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

// The players state their strength: the one-turn trial before the first game tells nothing.
std::string judge_command(const std::filesystem::path& out, const std::string& options, const std::string& players) {
  return amazes_exe() + " tournament -q --no-trial" + strength_game_option() + " " + options + " --out " +
         shell_quote(out.string()) + players;
}

std::string stored_meta(const std::filesystem::path& out, const std::string& key) {
  const auto store =
      competition::ResultsStore::open(competition::store_path(out), competition::ResultsStore::Access::ReadOnly);
  return store.meta(key).value_or("");
}

// The players of standings.csv, best first.
std::vector<std::string> standings_order(const std::filesystem::path& out) {
  std::vector<std::string> order;
  const auto table = csv_table(read_file(out / "standings.csv"));
  for (std::size_t row = 1; row < table.size(); ++row) order.push_back(table[row].at(1));
  return order;
}

// What the certainty columns of a run's standings.csv claim, checked against the true places.
struct Claims {
  int sure = 0;     // "sure_ahead yes"
  int wrong = 0;    // of which the player is not truly ahead of the next
  int covered = 0;  // rank intervals that hold the true place
  int players = 0;
};

Claims check_claims(const std::filesystem::path& out) {
  const auto table = csv_table(read_file(out / "standings.csv"));
  const auto& header = table.front();
  const auto column = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  const std::size_t player = column("player"), ranks = column("ranks"), sure = column("sure_ahead");
  Claims claims;
  for (std::size_t row = 1; row < table.size(); ++row) {
    const int place = true_place(table[row].at(player));
    const auto& interval = table[row].at(ranks);
    const auto dash = interval.find('-');
    const int best = std::stoi(interval.substr(0, dash));
    const int worst = dash == std::string::npos ? best : std::stoi(interval.substr(dash + 1));
    ++claims.players;
    claims.covered += best <= place && place <= worst;
    if (table[row].at(sure) != "yes") continue;
    ++claims.sure;
    claims.wrong += place > true_place(table.at(row + 1).at(player));
  }
  return claims;
}

// Mean over the true top `top` of how far each is from its true place.
double top_rank_error(const std::vector<std::string>& order, int top) {
  double error = 0;
  for (std::size_t place = 0; place < order.size(); ++place) {
    const int truth = true_place(order[place]);
    if (truth <= top) error += std::abs(truth - static_cast<int>(place) - 1);
  }
  return error / top;
}

TEST(AdaptiveFinal, StopsAsSoonAsItsTopIsSure) {
  ScratchDir dir("adaptive-clear");
  // Each 600 Elo ahead of the next (also a test the sanitizers run: a game is a few forks of a
  // large process there, so the field is small).
  const std::vector<double> elo{3000, 2400, 1800, 1200};
  const auto out = dir.path() / "t";
  const auto run =
      run_command(judge_command(out, "--seed 3 --format swiss --rounds 1 --decide-top 2 --max-games 2000 -j 2",
                                simulated_field(dir.path(), elo)) +
                  " 2>&1");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(stored_meta(out, competition::kFinalEndKey), competition::kFinalSettled);
  const auto games = stable_rows(out).size();
  EXPECT_LT(games, 200U) << "a clear top needs few games of the 2,000 allowed";
  const auto order = standings_order(out);
  ASSERT_GE(order.size(), 2U);
  EXPECT_EQ(order[0], "s01");
  EXPECT_EQ(order[1], "s02");
  const Claims claims = check_claims(out);
  EXPECT_GE(claims.sure, 2) << "places 1 and 2 are each surely ahead of the next";
  EXPECT_EQ(claims.wrong, 0);
  const auto text = read_file(out / "standings.txt");
  EXPECT_NE(text.find("each of places 1 to 2 is surely ahead of the next"), std::string::npos) << text;
}

// On a field tight at the top, as real contests are (neighbours 15 to 40 Elo apart, some draws):
// over three seeds, the adaptive final's top four are nearer the truth than those of a Swiss
// stage followed by a round robin of its top four with as many games in all. Every table's
// "sure ahead" is true, and its rank intervals (95 % per player) hold nearly every true place.
TEST(AdaptiveFinal, OrdersTheTrueTopBetterThanAFixedFinalOfAsManyGames) {
  ScratchDir dir("adaptive-versus-final");
  const std::vector<double> elo{1900, 1870, 1850, 1820, 1780, 1750, 1700, 1650, 1550, 1450, 1350, 1250};
  const auto players = simulated_field(dir.path(), elo);
  constexpr int kTop = 4;
  // 12 players: a Swiss round is 12 games, a final round of four 12 games: 4 + 6 rounds.
  constexpr int kGames = 4 * 12 + 6 * 12;
  double adaptive_error = 0, fixed_error = 0;
  Claims all;
  for (const int seed : {1, 2, 3}) {
    const auto common = fmt::format("--seed {} --format swiss --rounds 4 -j 2", seed);
    const auto adaptive = dir.path() / fmt::format("adaptive-{}", seed);
    const auto fixed = dir.path() / fmt::format("fixed-{}", seed);
    const auto a = run_command(
        judge_command(adaptive, common + fmt::format(" --decide-top {} --max-games {}", kTop, kGames), players) +
        " 2>&1");
    ASSERT_EQ(a.exit_code, 0) << a.output;
    const auto f = run_command(
        judge_command(fixed, common + fmt::format(" --final-top {} --final-rounds 6", kTop), players) + " 2>&1");
    ASSERT_EQ(f.exit_code, 0) << f.output;
    EXPECT_LE(stable_rows(adaptive).size(), static_cast<std::size_t>(kGames));
    EXPECT_EQ(stable_rows(fixed).size(), static_cast<std::size_t>(kGames));
    adaptive_error += top_rank_error(standings_order(adaptive), kTop);
    fixed_error += top_rank_error(standings_order(fixed), kTop);
    for (const auto& out : {adaptive, fixed}) {
      const Claims claims = check_claims(out);
      EXPECT_EQ(claims.wrong, 0) << read_file(out / "standings.txt");
      all.sure += claims.sure;
      all.covered += claims.covered;
      all.players += claims.players;
    }
  }
  RecordProperty("sure_ahead_claims", all.sure);
  // 72 intervals at 95 % each: about 68 expected to hold; 61 or fewer has odds below 1 in 1,000
  // (were they independent).
  EXPECT_GE(all.covered, all.players - 10) << all.covered << " of " << all.players;
  RecordProperty("adaptive_top_rank_error", std::to_string(adaptive_error / 3));
  RecordProperty("fixed_final_top_rank_error", std::to_string(fixed_error / 3));
  EXPECT_LT(adaptive_error, fixed_error);
}

TEST(AdaptiveFinal, KillsResumesThePlanExecutorAndMoreGamesChangeNothingPlayed) {
  ScratchDir dir("adaptive-resume");
  const std::vector<double> elo{1800, 1780, 1750, 1700, 1650, 1600, 1500, 1400};
  const auto players = simulated_field(dir.path(), elo);
  const std::string options = "--seed 9 --format swiss --rounds 3 --decide-top 2 --max-games 90";
  ScratchDir reference_dir("adaptive-reference");
  const auto reference = reference_dir.path();
  const auto t0 = std::chrono::steady_clock::now();
  const auto whole = run_command(judge_command(reference, options + " -j 2", players) + " 2>&1");
  ASSERT_EQ(whole.exit_code, 0) << whole.output;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_FALSE(stored_meta(reference, competition::kFinalEndKey).empty());
  const auto rounds = stored_pairings(reference);
  ASSERT_TRUE(std::any_of(rounds.begin(), rounds.end(), [](const auto& p) { return p.round > 1001; }))
      << "the test needs more than one adaptive round";

  // Killed three times at random moments, then run to the end.
  ScratchDir killed("adaptive-killed");
  Rng rng(45);
  for (int kill = 0; kill < 3; ++kill) {
    const pid_t pid = spawn_silently(
        {"/bin/sh", "-c", "exec " + judge_command(killed.path(), options + " -j 2", players) + " >/dev/null 2>&1"});
    // Not synchronisation: the kill moment itself is what is being sampled.
    std::this_thread::sleep_for(std::chrono::duration<double>((0.15 + rng.unit() * 0.6) * seconds));
    ::kill(pid, SIGKILL);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  }
  const auto resumed = run_command(judge_command(killed.path(), options + " -j 1", players) + " 2>&1");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
  EXPECT_EQ(stored_pairings(killed.path()), stored_pairings(reference));
  EXPECT_EQ(comparable_games(killed.path()), comparable_games(reference));
  EXPECT_EQ(standings_files(killed.path()), standings_files(reference));

  // The plan executor: a plan per round (each holds what is decided), collected, planned again.
  ScratchDir planned("adaptive-planned");
  const std::string judge = amazes_exe();
  int plans = 0;
  for (; plans < 200; ++plans) {
    const auto plan = run_command(judge_command(planned.path(), options + " --executor plan", players) + " 2>&1");
    ASSERT_EQ(plan.exit_code, 0) << plan.output;
    if (nlohmann::json::parse(read_file(planned.path() / "plan.json"))["games"].empty()) break;
    const auto worked = run_command(judge + " work -q " + shell_quote(planned.path().string()) + " --chunk 0 2>&1");
    ASSERT_EQ(worked.exit_code, 0) << worked.output;
    ASSERT_EQ(run_command(judge + " collect -q " + shell_quote(planned.path().string()) + " 2>&1").exit_code, 0);
  }
  EXPECT_LT(plans, 200);
  EXPECT_EQ(stored_pairings(planned.path()), stored_pairings(reference));
  EXPECT_EQ(comparable_games(planned.path()), comparable_games(reference));
  EXPECT_EQ(standings_files(planned.path()), standings_files(reference));

  // More games on a later run: a stage stopped at its most games goes on from where it was.
  if (stored_meta(reference, competition::kFinalEndKey) == competition::kFinalMaxGames) {
    const auto before = comparable_games(reference);
    const auto more = run_command(judge_command(reference, "--max-games 130 -j 2", "") + " 2>&1");
    ASSERT_EQ(more.exit_code, 0) << more.output;
    const auto after = comparable_games(reference);
    EXPECT_GT(after.size(), before.size());
    EXPECT_LE(after.size(), 130U);
    for (const auto& row : before) {
      EXPECT_NE(std::find(after.begin(), after.end(), row), after.end()) << row.id << " changed";
    }
  } else {
    ADD_FAILURE() << "the reference should stop at --max-games 90: " << read_file(reference / "standings.txt");
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
