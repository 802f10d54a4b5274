// Files the judge writes with a maze or results in them (config/sandbox.md), the match log of
// `match --log` and the report of `versus --json`, are refused before the first game when a
// player's sandbox would show them (in a later game on the same seed if not in this one), with
// one line naming the player, the folder and the file, exit 2, and nothing created; and so is
// the output folder of `amazes work` where a worker's machine has it inside a bot's folder. The
// real judge, bundled bots, each in a folder of its own as a contest lays them out.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support
namespace fs = std::filesystem;

// bots/explorer/explorer and bots/wallfollower/wallfollower in a scratch contest folder.
struct Contest {
  ScratchDir dir{"secrets"};
  Contest() {
    for (const char* name : {"explorer", "wallfollower"}) {
      fs::create_directories(dir.path() / "bots" / name);
      fs::copy_file(player_path(name), dir.path() / "bots" / name / name);
    }
  }
  // `amazes ARGUMENTS` run in the contest folder, stdout and stderr.
  CommandResult judge(const std::string& arguments) const {
    return run_command("cd " + shell_quote(dir.path().string()) + " && " + amazes_exe() + arguments + " 2>&1");
  }
  // Every path under the contest folder, to see that a refusal made nothing.
  std::vector<fs::path> contents() const {
    std::vector<fs::path> paths;
    for (const auto& entry : fs::recursive_directory_iterator(dir.path())) paths.push_back(entry.path());
    std::sort(paths.begin(), paths.end());
    return paths;
  }
};

constexpr const char* kPlayers = " bots/explorer/explorer bots/wallfollower/wallfollower";

// A refusal as the layout check words it: one line, exit 2, naming the player, the folder
// it sees and the secret.
void expect_refused(const Contest& contest, const CommandResult& run, const std::string& player,
                    const std::string& secret) {
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1) << run.output;
  EXPECT_NE(run.output.find("error: player '" + player + "' would see " + secret + ": it lies in " +
                            (contest.dir.path() / "bots" / player).string() + ", a folder that player's sandbox shows"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("one folder per bot"), std::string::npos) << run.output;
}

TEST(CliSecrets, AMatchLogInsideABotsFolderIsRefusedAndNotWritten) {
  const Contest contest;
  const auto before = contest.contents();
  for (const std::string log : {"bots/explorer/game.json", "bots/wallfollower/logs/game.json"}) {
    SCOPED_TRACE(log);
    const auto run = contest.judge(" match --turns 2 --seed 7 --log " + log + kPlayers);
    const std::string player = log.find("explorer") != std::string::npos ? "explorer" : "wallfollower";
    expect_refused(contest, run, player, "the match log of --log " + log);
    EXPECT_EQ(contest.contents(), before);  // neither the log nor its folder
  }
  // A link into a bot's folder leaks as much as the folder.
  fs::create_symlink(contest.dir.path() / "bots" / "explorer", contest.dir.path() / "logs");
  const auto linked = contest.judge(" match --turns 2 --seed 7 --log logs/game.json" + std::string(kPlayers));
  expect_refused(contest, linked, "explorer", "the match log of --log logs/game.json");
  EXPECT_FALSE(fs::exists(contest.dir.path() / "bots" / "explorer" / "game.json"));
}

TEST(CliSecrets, AMatchLogOutsideTheBotsFoldersOrWithoutASandboxIsWritten) {
  const Contest contest;
  const auto outside = contest.judge(" match --turns 2 --seed 7 --log logs/game.json" + std::string(kPlayers));
  EXPECT_EQ(outside.exit_code, 0) << outside.output;
  EXPECT_TRUE(fs::exists(contest.dir.path() / "logs" / "game.json"));
  // Without a sandbox the bots see everything anyway: nothing to refuse (as for mazes).
  const auto unsandboxed =
      contest.judge(" match --turns 2 --seed 7 --sandbox none --log bots/explorer/game.json" + std::string(kPlayers));
  EXPECT_EQ(unsandboxed.exit_code, 0) << unsandboxed.output;
  EXPECT_TRUE(fs::exists(contest.dir.path() / "bots" / "explorer" / "game.json"));
}

TEST(CliSecrets, AVersusReportInsideABotsFolderIsRefusedBeforeAnyGame) {
  const Contest contest;
  const auto before = contest.contents();
  const auto run = contest.judge(" versus --games 1 --turns 2 --seed 7 --out out --json bots/wallfollower/report.json" +
                                 std::string(kPlayers));
  expect_refused(contest, run, "wallfollower", "the report of --json bots/wallfollower/report.json");
  EXPECT_EQ(contest.contents(), before);  // no report, no output folder, no store
  // Elsewhere it is written, with the results.
  const auto elsewhere =
      contest.judge(" versus -q --games 1 --turns 2 --seed 7 --out out --json report.json" + std::string(kPlayers));
  EXPECT_NE(elsewhere.exit_code, 2) << elsewhere.output;
  EXPECT_NE(elsewhere.exit_code, 4) << elsewhere.output;
  EXPECT_TRUE(fs::exists(contest.dir.path() / "report.json"));
}

// A worker sees the plan's folder where its machine has it, which may be inside a bot's folder
// where the coordinator's was not.
TEST(CliSecrets, AWorkerRefusesAnOutputFolderInsideABotsFolder) {
  const Contest contest;
  const auto plan =
      contest.judge(" tournament -q --rounds 1 --turns 2 --seed 7 --executor plan --out plan" + std::string(kPlayers));
  ASSERT_EQ(plan.exit_code, 0) << plan.output;
  const fs::path inside = contest.dir.path() / "bots" / "explorer" / "plan";
  fs::rename(contest.dir.path() / "plan", inside);
  const auto before = contest.contents();
  const auto work = contest.judge(" work bots/explorer/plan --chunk 0");
  EXPECT_EQ(work.exit_code, 2) << work.output;
  EXPECT_EQ(std::count(work.output.begin(), work.output.end(), '\n'), 1) << work.output;
  EXPECT_NE(work.output.find("player 'explorer' would see the output folder bots/explorer/plan"), std::string::npos)
      << work.output;
  EXPECT_EQ(contest.contents(), before);  // no log, no finished game
  // Outside the bots' folders the same chunk is played.
  fs::rename(inside, contest.dir.path() / "plan");
  EXPECT_EQ(contest.judge(" work -q plan --chunk 0").exit_code, 0);
  EXPECT_EQ(files_in(contest.dir.path() / "plan" / "finished", ".json").size(), 2U);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
