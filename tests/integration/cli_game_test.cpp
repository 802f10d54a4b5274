// The game catalogue as a user meets it: `amazes --help` and `amazes referee NAME` for each of its
// games, and `--game NAME`, which plays the game with its settings, its reference bot on both sides.
#include <gtest/gtest.h>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/game_catalogue.hpp"
#include "support/contest_site.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

TEST(CliGame, EveryGameOfTheCatalogueHasItsRefereeCommand) {
  const CommandResult overview = run_command(amazes_exe() + " --help 2>&1");
  ASSERT_EQ(overview.exit_code, 0) << overview.output;
  for (const GameRow& game : game_catalogue()) {
    const std::string name(game.name);
    SCOPED_TRACE(name);
    EXPECT_NE(overview.output.find("  referee " + name + " "), std::string::npos) << overview.output;
    EXPECT_NE(overview.output.find(std::string(game.title)), std::string::npos) << overview.output;
    const CommandResult help = run_command(amazes_exe() + " referee " + name + " --help 2>&1");
    EXPECT_EQ(help.exit_code, 0) << help.output;
    EXPECT_EQ(help.output.rfind("usage: amazes referee " + name, 0), 0U) << help.output;
  }
}

// Each game with its own settings (the referee, the scores, the time, the files of a program run
// once per move), its reference bot against itself; a setting given beside --game wins.
TEST(CliGame, GamePlaysTheCataloguesGameWithItsSettings) {
  ScratchDir dir("cli-game");
  for (const GameRow& game : game_catalogue()) {
    const std::string name(game.name);
    SCOPED_TRACE(name);
    const std::filesystem::path log = dir.path() / (name + ".json");
    const std::string bot = shell_quote((binary_dir() / game.players / game.reference).string());
    const CommandResult played = run_command(amazes_exe() + " match --game " + name + " --seed 5 --turns 20 --log " +
                                             shell_quote(log.string()) + " " + bot + " " + bot + " 2>&1");
    ASSERT_EQ(played.exit_code, 0) << played.output;
    const arbiter::MatchRecord record = arbiter::read_match_log(log);
    EXPECT_EQ(record.settings.game.name(), name);
    EXPECT_EQ(record.settings.game.built_in(), name == "amazes");
    EXPECT_EQ(arbiter::score_range_text(record.settings.scores), game.scores);
    EXPECT_EQ(record.settings.time_ms, game.time_ms);
    EXPECT_EQ(arbiter::move_files_text(record.settings.move_files), game.move_files);
    EXPECT_EQ(record.settings.move_time_ms, game.move_time_ms);
    EXPECT_FALSE(record.outcome[0].fault.has_value()) << played.output;
    EXPECT_FALSE(record.outcome[1].fault.has_value()) << played.output;
  }
  const std::filesystem::path log = dir.path() / "more-time.json";
  const std::string more = shell_quote((binary_dir() / "more-players" / "random_more").string());
  const CommandResult given = run_command(amazes_exe() + " match --game more --time-ms 7000 --seed 5 --log " +
                                          shell_quote(log.string()) + " " + more + " " + more + " 2>&1");
  ASSERT_EQ(given.exit_code, 0) << given.output;
  EXPECT_EQ(arbiter::read_match_log(log).settings.time_ms, 7000);
}

TEST(CliGame, AGameTheJudgeDoesNotKnowIsOneUsageLine) {
  const CommandResult result = run_command(amazes_exe() + " match --game chess a b 2>&1");
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_EQ(result.output,
            "amazes match: error: --game must be one of amazes|more|lamistra|susan or a game file, not 'chess' (see "
            "amazes match --help)\n");
}

// A tournament of `--game NAME` is ranked as the game's contest was (Lamistra: NIO 2005's match
// points, then faults and Buchholz), and its site names the sides as the game does.
TEST(CliGame, ATournamentOfAGameIsRankedAndShownAsTheGamesOwn) {
  ScratchDir dir("cli-game-tournament");
  const auto bot = [](const char* folder, const char* name) {
    return shell_quote((binary_dir() / folder / name).string());
  };
  const std::filesystem::path lamistra = dir.path() / "lamistra";
  const CommandResult ranked =
      run_command(amazes_exe() + " tournament -q --game lamistra --seed 5 --rounds 1 --out " +
                  shell_quote(lamistra.string()) + " bot=" + bot("lamistra-players", "lamistra_bot") +
                  " toeval=" + bot("lamistra-players", "toeval_lamistra") + " 2>&1");
  ASSERT_EQ(ranked.exit_code, 0) << ranked.output;
  const std::string standings = read_file(lamistra / "standings.txt");
  EXPECT_NE(standings.find("faults"), std::string::npos) << standings;
  EXPECT_NE(standings.find("buchholz"), std::string::npos) << standings;

  const std::filesystem::path more = dir.path() / "more";
  const CommandResult shown = run_command(amazes_exe() + " tournament -q --game more --seed 5 --rounds 1 --out " +
                                          shell_quote(more.string()) + " runner=" + bot("more-players", "more_runner") +
                                          " random=" + bot("more-players", "random_more") + " 2>&1");
  ASSERT_EQ(shown.exit_code, 0) << shown.output;
  const auto pages = site_game_pages(more);
  EXPECT_EQ(pages.size(), 2U);
  for (const auto& [path, page] : pages) {
    EXPECT_NE(page.find("<tr><td>white</td>"), std::string::npos) << path;
    EXPECT_NE(page.find("<tr><td>black</td>"), std::string::npos) << path;
    EXPECT_EQ(page.find(">red<"), std::string::npos) << path;
    EXPECT_EQ(page.find("<dt>Turns</dt>"), std::string::npos) << "a referee's game keeps no count of turns";
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
