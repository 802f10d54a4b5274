// A config file names its files from its own folder (config/README.md, "Paths"): the games'
// configs of config/ run from any folder, and `amazes match --config` plays a contest's game with
// the config's settings.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <utility>

#include "amazes/arbiter/match_log.hpp"
#include "support/files.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

std::string config(const char* name) { return shell_quote((source_dir() / "config" / name).string()); }

std::string more_player(const char* name) { return shell_quote((binary_dir() / "more-players" / name).string()); }

// config/'s players are this checkout's build/ as seen from config/.
bool built_in_checkout_build() {
  std::error_code ec;
  return std::filesystem::equivalent(binary_dir(), source_dir() / "build", ec);
}

TEST(CliConfig, TheGamesConfigsRunFromAnotherFolder) {
  if (!built_in_checkout_build()) GTEST_SKIP() << "config/ names the bots of build/; this build is " << binary_dir();
  ScratchDir dir("cli-config-folder");
  for (const auto& [name, player] : {std::pair{"more.ini", "runner"}, {"lamistra.ini", "bot"}, {"susan.ini", "bot"}}) {
    SCOPED_TRACE(name);
    const CommandResult result =
        run_command("cd " + shell_quote(dir.path().string()) + " && " + amazes_exe() +
                    " tournament -q --rounds 1 --out " + name + " --config " + config(name) + " 2>&1");
    ASSERT_EQ(result.exit_code, 0) << result.output;
    // The config's sample bot, in this folder's output.
    const std::string standings = read_file(dir.path() / name / "standings.csv");
    EXPECT_NE(standings.find(std::string(",") + player + ","), std::string::npos) << standings;
  }
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "more.ini" / "standings.csv"));
}

TEST(CliConfig, AMatchTakesTheConfigsSettingsAndTheCommandLineWins) {
  ScratchDir dir("cli-config-match");
  const std::filesystem::path log = dir.path() / "game.json";
  const std::string players = " " + more_player("more_runner") + " " + more_player("random_more");
  CommandResult played = run_command(amazes_exe() + " match --seed 5 --config " + config("more.ini") + " --log " +
                                     shell_quote(log.string()) + players + " 2>&1");
  ASSERT_EQ(played.exit_code, 0) << played.output;
  arbiter::MatchRecord record = arbiter::read_match_log(log);
  EXPECT_EQ(record.settings.game.name(), "more");
  EXPECT_EQ(arbiter::score_range_text(record.settings.scores), "0-20");
  EXPECT_EQ(record.settings.time_ms, 30000);

  played = run_command(amazes_exe() + " match --seed 5 --time-ms 7000 --config " + config("more.ini") + " --log " +
                       shell_quote(log.string()) + players + " 2>&1");
  ASSERT_EQ(played.exit_code, 0) << played.output;
  record = arbiter::read_match_log(log);
  EXPECT_EQ(record.settings.time_ms, 7000);
  EXPECT_EQ(arbiter::score_range_text(record.settings.scores), "0-20");

  // A wrong line is one line naming the file and line, a usage error.
  write_file(dir.path() / "bad.ini", "turns = 10\nscores = many\n");
  played = run_command(amazes_exe() + " match --config " + shell_quote((dir.path() / "bad.ini").string()) + players +
                       " 2>&1");
  EXPECT_EQ(played.exit_code, 2) << played.output;
  EXPECT_NE(played.output.find("bad.ini:2: "), std::string::npos) << played.output;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
