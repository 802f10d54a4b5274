// The chunk interface: `amazes tournament --executor plan` writes the games still to
// play, `amazes work DIR --chunk I` plays a chunk anywhere DIR is seen, `amazes collect DIR`
// stores what is finished. The standings equal a local tournament's with the same seed and
// bots; a chunk run again plays only what it lacks; collect stores nothing twice; a tournament
// collected half-way continues where it was. `amazes versus --executor plan` the same way: its
// tests decide at the same pairs as a local run's. Real judge, real sample bots, GNU parallel.
#include <gtest/gtest.h>

#include <map>

#include <nlohmann/json.hpp>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/competition/results_store.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/output_folders.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

std::string quoted(const std::filesystem::path& path) { return shell_quote(path.string()); }

std::string tournament(const std::filesystem::path& out, const std::string& options) {
  std::string players;
  for (const char* bot : {"explorer", "random", "hunter"}) players += " " + shell_quote(player_path(bot));
  return amazes_exe() + " tournament -q --rounds 2 --turns 20 --size 9 --seed 7 --out " + quoted(out) + " " + options +
         players;
}

// What a game's row says of the game itself, without when it was played and how long it took.
std::string game_of(competition::MatchRow row) {
  row.duration_ms = 0;
  row.played_at.clear();
  row.log.clear();
  for (auto& side : row.side) side.time_ms = 0;
  return row.id + " " + std::to_string(row.side[0].score) + " " + std::to_string(row.side[1].score) + " " +
         std::to_string(row.turns) + " " + row.maze;
}

TEST(CliWorkCollect, ChunksPlayedAnywhereGiveTheLocalStandings) {
  ScratchDir dir("work-collect");
  const auto local = dir.path() / "local";
  ASSERT_EQ(run_command(tournament(local, "") + " 2>&1").exit_code, 0);

  const auto out = dir.path() / "planned";
  const auto planned = run_command(tournament(out, "--executor plan --chunk-size 5") + " 2>/dev/null");
  ASSERT_EQ(planned.exit_code, 0) << planned.output;
  EXPECT_EQ(planned.output, (out / "plan.json").string() + ": 12 games to play in 3 chunks of up to 5 games\n" +
                                "play each chunk I from 0 to 2 (on any machines that see " + out.string() +
                                "): amazes work " + out.string() + " --chunk I\n" +
                                "then store the finished games and write the standings: amazes collect " +
                                out.string() + "\n");
  EXPECT_TRUE(rows_of(out).empty()) << "planning plays nothing";
  const auto plan = nlohmann::json::parse(read_file(out / "plan.json"));
  EXPECT_EQ(plan["format"], "amazes-plan/1");
  EXPECT_EQ(plan["games"].size(), 12U);

  // Two chunks now (as two array tasks would), the third later: collect in between stores
  // what is finished and writes no standings of an incomplete round.
  const std::string judge = amazes_exe();
  ASSERT_EQ(
      run_command("parallel -j 2 " + shell_quote(judge) + " work -q " + quoted(out) + " --chunk {} ::: 0 1").exit_code,
      0);
  auto collected = run_command(judge + " collect -q " + quoted(out) + " 2>&1");
  ASSERT_EQ(collected.exit_code, 0) << collected.output;
  EXPECT_EQ(rows_of(out).size(), 10U);
  EXPECT_TRUE(std::filesystem::exists(out / "round-01" / "standings.txt"));
  EXPECT_FALSE(std::filesystem::exists(out / "round-02" / "standings.txt"));

  // Chunk 1 again (a resubmitted task): nothing is played twice, no log is rewritten.
  const auto first_log = match_logs_in(out / "matches").front();
  const std::string first_text = read_file(first_log);
  const auto again = run_command(judge + " work " + quoted(out) + " --chunk 1 2>&1");
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_NE(again.output.find("chunk 1: 0 games played here, all 5 finished"), std::string::npos) << again.output;
  EXPECT_EQ(read_file(first_log), first_text);

  // Chunk 2 finished by a worker, then the local executor run on the folder: it stores the
  // worker's games first and plays none of them again.
  ASSERT_EQ(run_command(judge + " work -q " + quoted(out) + " --chunk 2 2>&1").exit_code, 0);
  const auto last_log = match_logs_in(out / "matches").back();
  const std::string last_text = read_file(last_log);
  std::string local_run = tournament(out, "");
  local_run.replace(local_run.find(" -q "), 4, " ");  // its info lines are what is checked
  const auto here = run_command(local_run + " 2>&1");
  ASSERT_EQ(here.exit_code, 0) << here.output;
  EXPECT_NE(here.output.find("2 games that workers finished in " + (out / "finished").string() + " stored first"),
            std::string::npos)
      << here.output;
  EXPECT_NE(here.output.find("nothing left to play"), std::string::npos) << here.output;
  EXPECT_EQ(read_file(last_log), last_text);
  collected = run_command(judge + " collect -q " + quoted(out) + " 2>&1");
  ASSERT_EQ(collected.exit_code, 0) << collected.output;
  const auto twice = run_command(judge + " collect -q " + quoted(out) + " 2>&1");
  ASSERT_EQ(twice.exit_code, 0) << twice.output;
  EXPECT_EQ(twice.output, collected.output);

  // The same games, the same standings as the local executor; logs written in the plan's format.
  std::vector<std::string> local_games, planned_games;
  for (const auto& row : rows_of(local)) local_games.push_back(game_of(row));
  for (const auto& row : rows_of(out)) planned_games.push_back(game_of(row));
  EXPECT_EQ(planned_games, local_games);
  for (const char* file : {"standings.txt", "standings.csv", "round-01/standings.txt", "round-02/standings.md"}) {
    EXPECT_EQ(read_file(out / file), read_file(local / file)) << file;
  }
  const auto logs = match_logs_in(out / "matches");
  ASSERT_EQ(logs.size(), 12U);
  for (const auto& log : logs) {
    EXPECT_EQ(log.extension(), ".zst") << log;
    // The worker plays in the same sandbox: the same mechanisms and limits (the UIDs and the
    // CPU are whichever were free).
    const auto worker = arbiter::read_match_log(log).sandbox_used;
    const auto here = arbiter::read_match_log(local / "matches" / log.filename()).sandbox_used;
    EXPECT_EQ(worker.mechanisms, here.mechanisms) << log;
    ASSERT_EQ(worker.limits.has_value(), here.limits.has_value()) << log;
    if (worker.limits) {
      EXPECT_EQ(worker.limits->data_bytes, here.limits->data_bytes) << log;
      EXPECT_EQ(worker.limits->file_size_bytes, here.limits->file_size_bytes) << log;
    }
    EXPECT_EQ(worker.uids[0].has_value(), here.uids[0].has_value()) << log;
  }
}

std::string versus(const std::filesystem::path& out, const std::string& options) {
  std::string players;
  for (const char* bot : {"explorer", "random", "hunter"}) players += " " + shell_quote(player_path(bot));
  return amazes_exe() + " versus --games 10 --sprt -20 0 --turns 20 --size 9 --seed 5 --out " + quoted(out) + " " +
         options + players;
}

TEST(CliWorkCollect, AVersusRunPlayedInChunksReachesTheLocalVerdictAtTheSamePair) {
  ScratchDir dir("work-collect-versus");
  const auto local = dir.path() / "local";
  const auto here = run_command(versus(local, "") + " 2>/dev/null");
  ASSERT_NE(here.exit_code, 2) << here.output;
  ASSERT_NE(here.exit_code, 4) << here.output;

  const auto out = dir.path() / "planned";
  const auto planned = run_command(versus(out, "--executor plan --chunk-size 7") + " 2>/dev/null");
  ASSERT_EQ(planned.exit_code, 0) << planned.output;
  // Workers cannot stop at a decision: every pair up to --games is planned.
  EXPECT_EQ(planned.output, (out / "plan.json").string() + ": 40 games to play in 6 chunks of up to 7 games\n" +
                                "play each chunk I from 0 to 5 (on any machines that see " + out.string() +
                                "): amazes work " + out.string() + " --chunk I\n" +
                                "then store the finished games and print the report: amazes collect " + out.string() +
                                "\n");
  const std::string judge = amazes_exe();
  const std::string chunks = " --chunk {} ::: 0 1 2 3 4 5";
  ASSERT_EQ(run_command("parallel -j 2 " + shell_quote(judge) + " work -q " + quoted(out) + chunks).exit_code, 0);
  const auto collected = run_command(judge + " collect -q " + quoted(out));
  ASSERT_EQ(collected.exit_code, 0) << collected.output;
  EXPECT_NE(collected.output.find("verdict: "), std::string::npos) << collected.output;
  EXPECT_EQ(collected.output.find("(exit "), std::string::npos) << "collect's status is its own: " << collected.output;
  EXPECT_EQ(rows_of(out).size(), 40U);

  // The same tests decided at the same pairs, the same statistics and verdict as the local run.
  const std::string local_report = versus_report_of(local);
  EXPECT_NE(local_report.find("SPRT"), std::string::npos) << local_report;
  EXPECT_EQ(versus_report_of(out), local_report);
  EXPECT_EQ(run_command(judge + " versus --report " + quoted(out) + " >/dev/null 2>&1").exit_code, here.exit_code);
  // Every game the local run played is a game of the plan, with the same scores.
  std::map<std::string, std::string> planned_games;
  for (const auto& row : rows_of(out)) planned_games[row.id] = game_of(row);
  for (const auto& row : rows_of(local)) EXPECT_EQ(planned_games[row.id], game_of(row)) << row.id;
  EXPECT_LT(rows_of(local).size(), 40U) << "the local run stops at its decisions";
}

TEST(CliWorkCollect, BadChunksPlansAndFoldersAreOneLine) {
  ScratchDir dir("work-collect-bad");
  const auto out = dir.path() / "p";
  ASSERT_EQ(run_command(tournament(out, "--executor plan --chunk-size 100") + " >/dev/null 2>&1").exit_code, 0);
  auto result = run_command(amazes_exe() + " work " + quoted(out) + " --chunk 1 2>&1");
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_NE(result.output.find("--chunk must be from 0 to 0, not 1"), std::string::npos) << result.output;

  // A bot missing on the worker's machine fails the task; nothing of the game is kept.
  auto plan = nlohmann::json::parse(read_file(out / "plan.json"));
  plan["games"][0]["game"]["players"]["red"]["command"] = (dir.path() / "gone" / "bot").string();
  write_file(out / "plan.json", plan.dump());
  result = run_command(amazes_exe() + " work " + quoted(out) + " --chunk 0 2>&1");
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_NE(result.output.find(plan["games"][0]["game"]["id"].get<std::string>() + ": "), std::string::npos)
      << result.output;
  EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << result.output;
  EXPECT_FALSE(std::filesystem::exists(out / "finished"));

  write_file(out / "plan.json", "{\"format\": \"amazes-plan/1\", \"chunk_size\": 0}");
  result = run_command(amazes_exe() + " work " + quoted(out) + " --chunk 0 2>&1");
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_EQ(result.output, "amazes work: " + (out / "plan.json").string() + ": /chunk_size: expected at least 1\n");

  result = run_command(amazes_exe() + " collect " + quoted(dir.path() / "none") + " 2>&1");
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << result.output;

  // Replays are written as games are stored here; games stored by collect get theirs from `amazes replay DIR`.
  result = run_command(tournament(dir.path() / "r", "--executor plan --replays") + " 2>&1");
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_NE(result.output.find("--replays is for --executor local"), std::string::npos) << result.output;

  result = run_command(tournament(dir.path() / "q", "--executor remote") + " 2>&1");
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_NE(result.output.find("--executor must be local, plan or slurm, not 'remote'"), std::string::npos)
      << result.output;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
