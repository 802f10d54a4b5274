// `amazes versus` end to end: the real judge, real bot processes, exit codes, JSON (docs/formats.md).
// Games are short (9×9 mazes, 4 turns) so that each test takes well under a few seconds.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "amazes/competition/results_store.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "support/files.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

std::string bot(const std::string& command) {
  return shell_quote((binary_dir() / "tests" / "bots").string() + "/" + command);
}

std::string player(const std::string& name) { return shell_quote((binary_dir() / "players" / name).string()); }

// Short games: 9×9 mazes, 4 turns (the test bots); 13×13 and 50 turns (the sample bots, about
// 0.05 s a game).
constexpr const char* kShort = " --size 9 --turns 4 -j 2 -q";
constexpr const char* kSmall = " --size 13 --turns 50 -j 2 -q";

struct Run {
  int exit_code;
  std::string output;
  nlohmann::json json;
};

Run versus(const ScratchDir& dir, const std::string& players, const std::string& options,
           const std::string& games = kShort) {
  const auto json_path = dir.path() / "versus.json";
  std::filesystem::remove(json_path);
  // The verdicts and pair counts below hold for these mazes (without --seed they are drawn).
  const std::string seed = options.find("--seed") == std::string::npos ? " --seed 2010" : "";
  const auto result =
      run_command(amazes_exe() + " versus " + players + games + " --out " + shell_quote((dir.path() / "out").string()) +
                  " --json " + shell_quote(json_path.string()) + seed + " " + options + " 2>&1");
  Run run{result.exit_code, result.output, nullptr};
  if (std::filesystem::exists(json_path)) run.json = nlohmann::json::parse(read_file(json_path));
  return run;
}

int stored_games(const ScratchDir& dir) {
  const auto store = competition::ResultsStore::open(competition::store_path(dir.path() / "out"),
                                                     competition::ResultsStore::Access::ReadOnly);
  return static_cast<int>(store.matches().size());
}

TEST(CliVersus, HelpDocumentsTheExitStatus) {
  const auto help = run_command(amazes_exe() + " versus --help");
  EXPECT_EQ(help.exit_code, 0);
  for (const char* text :
       {"0  NEW is not worse than any opponent", "1  NEW is worse than at least one opponent", "3  undecided",
        "2  usage error", "--sprt D0 D1", "--alpha", "--beta", "--games", "--margin", "--json", "ln((1-beta)/alpha)"}) {
    EXPECT_NE(help.output.find(text), std::string::npos) << text;
  }
  EXPECT_NE(run_command(amazes_exe() + " --help").output.find("versus"), std::string::npos);
}

TEST(CliVersus, UsageErrorsExitTwoAndCreateNothing) {
  ScratchDir dir("cli-versus-usage");
  const std::string out = " --out " + shell_quote((dir.path() / "out").string());
  const std::string two = " " + bot("polite") + " " + bot("polite");
  for (const std::string& args : {std::string(" ") + bot("polite"),  // no OLD
                                  two + " --sprt 5",                 // one bound
                                  two + " --sprt 20 0",              // D0 >= D1
                                  two + " --sprt 0 x", two + " --sprt 0 20 --alpha 1.5",
                                  two + " --alpha 0.1",              // --alpha without --sprt
                                  two + " --sprt -20 0 --margin 5",  // --margin is for intervals
                                  two + " --margin -1", two + " --games 0", two + " --seed -3",
                                  two + " --clock sundial", " " + bot("polite") + " " + bot("no-such-bot")}) {
    const auto result = run_command(amazes_exe() + " versus" + args + out + " 2>&1");
    EXPECT_EQ(result.exit_code, 2) << args << "\n" << result.output;
    EXPECT_NE(result.output.find("error"), std::string::npos) << result.output;
  }
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "out"));
}

TEST(CliVersus, ABetterBotWinsEarlyOnTheSequentialTest) {
  // polite plays every turn; crash dies at its 3rd turn and scores 0 in every game.
  ScratchDir dir("cli-versus-better");
  const auto run = versus(dir, bot("polite") + " " + shell_quote(bot("crash") + " 3"), "--sprt 0 10 --games 50");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  ASSERT_TRUE(run.json.is_object()) << run.output;
  EXPECT_EQ(run.json["new"], "polite");
  const auto& o = run.json["opponents"][0];
  EXPECT_EQ(o["name"], "crash");
  EXPECT_EQ(o["pairs"], 8);  // decided at the earliest pair the test decides on
  EXPECT_EQ(o["sprt"]["verdict"], "H1");
  EXPECT_GE(o["sprt"]["llr"].get<double>(), o["sprt"]["upper"].get<double>());
  EXPECT_NEAR(o["sprt"]["upper"].get<double>(), 2.9444, 1e-4);
  EXPECT_NEAR(o["sprt"]["lower"].get<double>(), -2.9444, 1e-4);
  EXPECT_EQ(o["sprt"]["d0"], 0.0);
  EXPECT_EQ(o["sprt"]["d1"], 10.0);
  EXPECT_EQ(o["old_mean"], 0.0);
  EXPECT_GT(o["new_mean"].get<double>(), 0.0);
  EXPECT_NEAR(o["diff_mean"].get<double>(), 2 * (o["new_mean"].get<double>() - o["old_mean"].get<double>()), 1e-3);
  EXPECT_GT(o["ci95"][0].get<double>(), 0.0);
  EXPECT_EQ(o["wins"], 8);
  EXPECT_EQ(o["faults"]["old"]["crash"], 16);
  EXPECT_EQ(o["faults"]["new"]["crash"], 0);
  EXPECT_EQ(run.json["verdict"], "not_worse");
  // Stopped early: 8 pairs decided it, at most the games in flight (-j 2) more were played.
  const int games = stored_games(dir);
  EXPECT_GE(games, 16);
  EXPECT_LE(games, 18);
  EXPECT_NE(run.output.find("H1 accepted after 8 pairs"), std::string::npos) << run.output;

  // The same command again: nothing to play, the same report.
  const auto again = versus(dir, bot("polite") + " " + shell_quote(bot("crash") + " 3"), "--sprt 0 10 --games 50");
  EXPECT_EQ(again.exit_code, 0);
  EXPECT_EQ(again.json, run.json);
  EXPECT_EQ(stored_games(dir), games);
}

TEST(CliVersus, AWorseBotIsFoundWorse) {
  ScratchDir dir("cli-versus-worse");
  const auto run = versus(dir, shell_quote(bot("crash") + " 3") + " " + bot("polite"), "--sprt -10 0 --games 50");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  ASSERT_TRUE(run.json.is_object());
  EXPECT_EQ(run.json["opponents"][0]["sprt"]["verdict"], "H0");
  EXPECT_EQ(run.json["opponents"][0]["verdict"], "worse");
  EXPECT_EQ(run.json["opponents"][0]["name"], "polite");
  EXPECT_EQ(run.json["new"], "crash");
}

TEST(CliVersus, ABotAgainstItselfClaimsNoDifference) {
  // The same deterministic program twice: both games of a pair are the same game with the
  // colours swapped, so every pair difference is 0.
  ScratchDir plain("cli-versus-self");
  const auto run = versus(plain, bot("polite") + " " + bot("polite"), "--games 10");
  EXPECT_EQ(run.exit_code, 3) << run.output;  // the interval [0, 0] is neither above nor below 0
  ASSERT_TRUE(run.json.is_object());
  const auto& o = run.json["opponents"][0];
  EXPECT_EQ(o["name"], "polite-2");
  EXPECT_EQ(o["pairs"], 10);
  EXPECT_EQ(o["draws"], 10);
  EXPECT_EQ(o["diff_mean"], 0.0);
  EXPECT_EQ(o["ci95"], nlohmann::json::array({0.0, 0.0}));
  EXPECT_EQ(o["sprt"], nullptr);
  EXPECT_EQ(o["verdict"], "undecided");

  // "Better by 10?": not better (H0), which is not "worse": undecided.
  ScratchDir better("cli-versus-self-better");
  const auto progress = versus(better, bot("polite") + " " + bot("polite"), "--sprt 0 10 --games 30");
  EXPECT_EQ(progress.exit_code, 3) << progress.output;
  EXPECT_EQ(progress.json["opponents"][0]["sprt"]["verdict"], "H0");
  EXPECT_NE(progress.output.find("not better"), std::string::npos) << progress.output;

  // "Not worse by more than 10?": yes (H1).
  ScratchDir regression("cli-versus-self-regression");
  const auto check = versus(regression, bot("polite") + " " + bot("polite"), "--sprt -10 0 --games 30");
  EXPECT_EQ(check.exit_code, 0) << check.output;
  EXPECT_EQ(check.json["opponents"][0]["sprt"]["verdict"], "H1");

  // With a margin of 1 point per pair, the interval [0, 0] lies above -1: not worse.
  ScratchDir margin("cli-versus-self-margin");
  EXPECT_EQ(versus(margin, bot("polite") + " " + bot("polite"), "--games 5 --margin 1").exit_code, 0);
}

TEST(CliVersus, ExplorerBeatsRandomAndTheTestStopsEarly) {
  ScratchDir dir("cli-versus-explorer");
  const auto run = versus(dir, player("explorer") + " " + player("random"), "--sprt 0 20 --games 40", kSmall);
  EXPECT_EQ(run.exit_code, 0) << run.output;
  ASSERT_TRUE(run.json.is_object()) << run.output;
  const auto& o = run.json["opponents"][0];
  EXPECT_EQ(o["name"], "random");
  EXPECT_EQ(o["sprt"]["verdict"], "H1");
  EXPECT_EQ(o["pairs"], 8);  // of at most 40
  EXPECT_GT(o["ci95"][0].get<double>(), 20.0);
  EXPECT_GT(o["new_mean"].get<double>(), o["old_mean"].get<double>());
  EXPECT_LE(stored_games(dir), 18);
}

TEST(CliVersus, ExplorerAgainstItselfClaimsNoDifference) {
  ScratchDir plain("cli-versus-explorer-self");
  const auto run = versus(plain, player("explorer") + " " + player("explorer"), "--games 5", kSmall);
  EXPECT_EQ(run.exit_code, 3) << run.output;
  ASSERT_TRUE(run.json.is_object()) << run.output;
  EXPECT_EQ(run.json["opponents"][0]["diff_mean"], 0.0);
  EXPECT_EQ(run.json["opponents"][0]["draws"], 5);
  ScratchDir tested("cli-versus-explorer-self-sprt");
  const auto sprt = versus(tested, player("explorer") + " " + player("explorer"), "--sprt 0 20 --games 10", kSmall);
  EXPECT_EQ(sprt.exit_code, 3) << sprt.output;  // not better; not worse either
  EXPECT_NE(sprt.json["opponents"][0]["verdict"], "worse");
}

TEST(CliVersus, SeveralOpponentsAndAResumedRun) {
  ScratchDir dir("cli-versus-several");
  const std::string players = bot("polite") + " " + shell_quote(bot("crash") + " 3") + " " + bot("polite");
  const auto first = versus(dir, players, "--games 3");
  ASSERT_TRUE(first.json.is_object()) << first.output;
  ASSERT_EQ(first.json["opponents"].size(), 2U);
  EXPECT_EQ(first.json["opponents"][0]["verdict"], "not_worse");  // crash: measurably worse than polite
  EXPECT_EQ(first.json["opponents"][1]["verdict"], "undecided");  // polite-2: the same program
  EXPECT_EQ(first.exit_code, 3);
  EXPECT_EQ(stored_games(dir), 12);
  // More pairs: only the new games are played.
  const auto more = versus(dir, players, "--games 5");
  EXPECT_EQ(stored_games(dir), 20);
  EXPECT_EQ(more.json["opponents"][0]["pairs"], 5);
  // A tournament in a versus directory is refused, and so is `amazes standings` on it.
  const auto tournament =
      run_command(amazes_exe() + " tournament -q --out " + shell_quote((dir.path() / "out").string()) + " " +
                  bot("polite") + " " + bot("polite") + " 2>&1");
  EXPECT_EQ(tournament.exit_code, 1);
  EXPECT_NE(tournament.output.find("versus"), std::string::npos) << tournament.output;
  const auto standings =
      run_command(amazes_exe() + " standings " + shell_quote((dir.path() / "out").string()) + " 2>&1");
  EXPECT_EQ(standings.exit_code, 1);
  EXPECT_NE(standings.output.find("versus"), std::string::npos) << standings.output;
  // A run that cannot be made (another seed on this store) is not "worse": exit 4.
  const auto changed = versus(dir, players, "--games 5 --seed 99");
  EXPECT_EQ(changed.exit_code, 4) << changed.output;
  EXPECT_NE(changed.output.find("seed"), std::string::npos) << changed.output;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
