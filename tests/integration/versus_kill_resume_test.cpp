// `amazes versus` killed with SIGKILL at random moments and re-run (again and again, until a run
// completes) ends with the report of an uninterrupted run: nothing lost, nothing counted twice,
// the sequential tests decided at the same pairs.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "amazes/random.hpp"
#include "support/files.hpp"
#include "support/run.hpp"
#include "support/tournament_helpers.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

// polite against a bot crashing at its 3rd turn (decided "not worse" at pair 8) and against
// itself (every difference 0 = D1: "not worse" at pair 8): exit 0.
std::vector<std::string> arguments(const std::filesystem::path& out, int jobs) {
  const auto bots = binary_dir() / "tests" / "bots";
  return {judge_program(),
          "versus",
          (bots / "polite").string(),
          (bots / "crash").string() + " 3",
          (bots / "polite").string(),
          "--sprt",
          "-10",
          "0",
          "--games",
          "12",
          "--size",
          "9",
          "--seed",  // the reference plays in another folder: the same games only with the same seed
          "2010",
          "--turns",
          "4",
          "-q",
          "-j",
          std::to_string(jobs),
          "--out",
          out.string(),
          "--json",
          (out.parent_path() / "report.json").string()};
}

int wait_for(pid_t pid) {
  int status = 0;
  EXPECT_EQ(::waitpid(pid, &status, 0), pid);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// The report without what names the directory.
nlohmann::json report_of(const std::filesystem::path& dir) {
  auto json = nlohmann::json::parse(read_file(dir / "report.json"));
  json.erase("out");
  return json;
}

TEST(VersusKillAndResume, KilledAtRandomMomentsEndsLikeAnUninterruptedRun) {
  ScratchDir reference("versus-kill-reference");
  const auto t0 = std::chrono::steady_clock::now();
  ASSERT_EQ(wait_for(spawn_silently(arguments(reference.path() / "out", 2))), 0);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const auto expected = report_of(reference.path());
  ASSERT_EQ(expected["opponents"].size(), 2U);
  EXPECT_EQ(expected["opponents"][0]["pairs"], 8);
  EXPECT_EQ(expected["opponents"][1]["pairs"], 8);
  // The rows the report counts: pairs 1..8 of both opponents.
  const auto counted = [](const std::filesystem::path& out) {
    std::map<std::string, competition::MatchRow> rows;
    for (auto row : testing::stable_rows(out)) {
      if (row.round > 8) continue;
      for (auto& side : row.side) side.time_ms = 0;
      rows.emplace(row.id, row);
    }
    return rows;
  };
  const auto expected_rows = counted(reference.path() / "out");
  ASSERT_EQ(expected_rows.size(), 32U);

  Rng rng(11);
  int kills = 0;
  for (int trial = 0; trial < 3; ++trial) {
    ScratchDir dir("versus-kill");
    int status = -1;
    for (int attempt = 0; attempt < 30 && status != 0; ++attempt) {
      const pid_t pid = spawn_silently(arguments(dir.path() / "out", 1 + rng.below(2)));
      // Not synchronisation: the kill moment itself is what is being sampled.
      std::this_thread::sleep_for(std::chrono::duration<double>(rng.unit() * seconds * 0.8));
      ::kill(pid, SIGKILL);
      status = wait_for(pid);
      if (status != 128 + SIGKILL) {
        ASSERT_EQ(status, 0) << "the re-run failed instead of continuing";
      }
      kills += status == 0 ? 0 : 1;
    }
    if (status != 0) {
      ASSERT_EQ(wait_for(spawn_silently(arguments(dir.path() / "out", 2))), 0);
    }
    EXPECT_EQ(report_of(dir.path()), expected) << "trial " << trial;
    EXPECT_EQ(counted(dir.path() / "out"), expected_rows) << "trial " << trial;
    // Every stored game has its log.
    for (const auto& row : testing::stable_rows(dir.path() / "out")) {
      EXPECT_TRUE(std::filesystem::exists(dir.path() / "out" / row.log)) << row.log;
    }
  }
  RecordProperty("kills", kills);
  EXPECT_GT(kills, 0);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
