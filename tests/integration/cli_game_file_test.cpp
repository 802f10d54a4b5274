// A game the judge knows from a game file alone (tests/games/guess.ini, a game of the test tree):
// its row drives `match`, `tournament` (ranking, the site's side names) and `compile`'s admission
// against its reference bot, as a row of the catalogue does.
#include <gtest/gtest.h>

#include "amazes/arbiter/match_log.hpp"
#include "support/contest_site.hpp"
#include "support/files.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

std::filesystem::path games() { return source_dir() / "tests" / "games"; }

std::string game_option() { return " --game " + shell_quote((games() / "guess.ini").string()); }

std::string player(const char* name) { return shell_quote((games() / "guess-players" / name).string()); }

TEST(CliGameFile, AMatchPlaysTheFilesGameWithItsSettings) {
  ScratchDir dir("cli-game-file");
  const std::filesystem::path log = dir.path() / "game.json";
  // The seed's last digits 1, 2, 3: five is nearer in every round.
  const CommandResult played =
      run_command(amazes_exe() + " match" + game_option() + " --seed 123 --log " + shell_quote(log.string()) + " " +
                  player("five") + " " + player("nine") + " 2>&1");
  ASSERT_EQ(played.exit_code, 0) << played.output;
  const arbiter::MatchRecord record = arbiter::read_match_log(log);
  // The referee's program is found beside the game file, from any folder.
  EXPECT_EQ(record.settings.game.referee(), (games() / "guess_referee.sh").string() + " {seed}");
  EXPECT_EQ(arbiter::score_range_text(record.settings.scores), "0-3");
  EXPECT_EQ(record.settings.time_ms, 2000);
  EXPECT_EQ(record.outcome[0].score, 3) << played.output;
  EXPECT_EQ(record.outcome[1].score, 0) << played.output;
}

// The store keeps the file's row: the site, written from the store, names the sides as the file does.
TEST(CliGameFile, ATournamentIsRankedAndShownAsTheFileSays) {
  ScratchDir dir("cli-game-file-tournament");
  const std::filesystem::path out = dir.path() / "t";
  const CommandResult run =
      run_command(amazes_exe() + " tournament -q" + game_option() + " --seed 5 --rounds 1 --out " +
                  shell_quote(out.string()) + " five=" + player("five") + " nine=" + player("nine") + " 2>&1");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  // Ranked as the file says: NIO 2005's match points, then faults and Buchholz.
  const std::string standings = read_file(out / "standings.txt");
  EXPECT_NE(standings.find("buchholz"), std::string::npos) << standings;
  const auto pages = site_game_pages(out);
  EXPECT_EQ(pages.size(), 2U);
  for (const auto& [path, page] : pages) {
    EXPECT_NE(page.find("<tr><td>odd</td>"), std::string::npos) << path;
    EXPECT_NE(page.find("<tr><td>even</td>"), std::string::npos) << path;
    EXPECT_EQ(page.find(">red<"), std::string::npos) << path;
  }
}

TEST(CliGameFile, CompileAdmitsABotAgainstTheFilesReference) {
  ScratchDir dir("cli-game-file-compile");
  const std::filesystem::path subs = dir.path() / "subs";
  std::filesystem::create_directories(subs);
  write_file(subs / "seven.py", "import sys\nfor line in sys.stdin:\n    print(7, flush=True)\n");
  write_file(subs / "silent.py", "import sys\nfor line in sys.stdin:\n    pass\n");
  const std::filesystem::path out = dir.path() / "out";
  const CommandResult run = run_command(amazes_exe() + " compile -q" + game_option() + " --seed 3 --out " +
                                        shell_quote(out.string()) + " " + shell_quote(subs.string()) + " 2>&1");
  EXPECT_EQ(run.exit_code, 1) << run.output;  // one not admitted
  const std::string report = read_file(out / "report.txt");
  EXPECT_NE(report.find("seven.py"), std::string::npos) << report;
  EXPECT_NE(report.find("admitted"), std::string::npos) << report;
  EXPECT_NE(report.find("not admitted: test game 1 of 2 (1): timeout"), std::string::npos) << report;
}

// Each wrong line of a game file is one line naming the file and the line, exit 2.
TEST(CliGameFile, AWrongGameFileIsOneLineNamingItsLine) {
  ScratchDir dir("cli-game-file-wrong");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"name = more\nreferee = x\n", ":1: name 'more' is a game of the judge's own: --game more plays it"},
      {"name = g\nreferee = x\nsides = <b>,red\n", ":3: sides '<b>,red' must be two names"},
      {"name = g\nreferee = x\nscores = 5-1\n", ":3: scores '5-1' must be A-B"},
      {"name = g\nreferee = x\nturn = each\n", ":3: unknown key 'turn'"},
      {"name = g\n", ": no 'referee' line"},
      {"name = g\nreferee = x {maze}\n", ": a referee on a maze ({maze}) plays Amazes: --game amazes"},
  };
  for (const auto& [text, expected] : cases) {
    SCOPED_TRACE(text);
    const std::filesystem::path file = dir.path() / "g.ini";
    write_file(file, text);
    const CommandResult run = run_command(amazes_exe() + " match --game " + shell_quote(file.string()) + " a b 2>&1");
    EXPECT_EQ(run.exit_code, 2) << run.output;
    EXPECT_NE(run.output.find(file.string() + expected), std::string::npos) << run.output;
    EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1) << run.output;
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
