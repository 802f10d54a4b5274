// A Susan program that fills its folder to the last page and entry and makes SPEL.UIT and SPEL.IN
// hard links to its filler (tests/bots/move_fill.cpp), in each command that plays Susan: `amazes
// match`, a tournament of config/susan.ini and the admission games of `amazes compile`. Each game
// is played to its end: whatever the filler leaves is the filler's doing, no opponent faults,
// nothing stops (docs/security.md, "A player run once per move"). Under the judge's namespaces and
// again behind bubblewrap (tests/CMakeLists.txt).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "amazes/arbiter/match_log.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"
#include "support/sandbox_offer.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

namespace fs = std::filesystem;

std::string susan_player(const std::string& name) { return (binary_dir() / "susan-players" / name).string(); }
std::string toeval(int seed) { return susan_player("toeval_susan") + " " + std::to_string(seed); }
std::string sandbox_option() { return " --sandbox " + isolation_under_test(); }

// The columns of standings.csv that count a player's faults (docs/formats.md).
const std::vector<std::string> kFaultColumns = {"crash", "timeout", "illegal", "too_long", "unsolicited", "no_output"};

TEST(SusanFiller, AMatchIsPlayedToItsEndWhicheverSideTheFillerHas) {
  REQUIRE_SANDBOX(isolation_under_test(), "root");
  ScratchDir dir("susan-filler-match");
  const fs::path log = dir.path() / "game.json";
  for (int filler = 0; filler < 2; ++filler) {
    const std::string fill = shell_quote(bot_path("move_fill"));
    const std::string other = shell_quote(toeval(3));
    const auto played = run_command(amazes_exe() + " match -q" + sandbox_option() +
                                    " --referee 'amazes referee susan' --scores 0-200 --move-files SPEL.IN,SPEL.UIT "
                                    "--move-time-ms 15000 --log " +
                                    shell_quote(log.string()) + " " +
                                    (filler == 0 ? fill + " " + other : other + " " + fill) + " 2>&1");
    ASSERT_EQ(played.exit_code, 0) << played.output;
    const arbiter::MatchRecord record = arbiter::read_match_log(log);
    EXPECT_FALSE(record.outcome[1 - filler].fault) << played.output;
    EXPECT_NE(record.outcome[filler].stderr_text.find("wrote 64 MiB, 999 entries; SPEL.UIT linked: yes"),
              std::string::npos)
        << record.outcome[filler].stderr_text;
    // Its later moves found their input in a folder it had filled.
    EXPECT_NE(record.outcome[filler].stderr_text.find("full from before"), std::string::npos)
        << record.outcome[filler].stderr_text;
    EXPECT_EQ(record.outcome[0].score + record.outcome[1].score, 200) << record.referee()->report;
  }
}

TEST(SusanFiller, ATournamentOfTheConfigCompletesAndOnlyTheFillerCanFault) {
  REQUIRE_SANDBOX(isolation_under_test(), "root");
  ScratchDir dir("susan-filler-tournament");
  const auto result =
      run_command(amazes_exe() + " tournament -q --rounds 2" + sandbox_option() + " --config " +
                  shell_quote((source_dir() / "config" / "susan.ini").string()) + " --out " +
                  shell_quote(dir.path().string()) + " bot=" + shell_quote(susan_player("susan_bot")) +
                  " toeval=" + shell_quote(toeval(1)) + " filler=" + shell_quote(bot_path("move_fill")) + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const auto table = csv_table(read_file(dir.path() / "standings.csv"));
  ASSERT_EQ(table.size(), 4U) << result.output;
  const auto& header = table[0];
  const auto column = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  for (std::size_t row = 1; row < table.size(); ++row) {
    EXPECT_EQ(table[row][column("games")], "8") << table[row][column("player")];  // 2 rounds, 2 opponents, 2 colours
    if (table[row][column("player")] == "filler") continue;
    for (const std::string& fault : kFaultColumns) {
      EXPECT_EQ(table[row][column(fault)], "0") << table[row][column("player")] << " " << fault;
    }
  }
}

TEST(SusanFiller, ItsAdmissionGamesUnderCompileEndInAVerdictOfItsOwn) {
  REQUIRE_SANDBOX(isolation_under_test(), "root");
  ScratchDir dir("susan-filler-compile");
  const fs::path subs = dir.path() / "subs";
  fs::create_directories(subs);
  fs::copy_file(source_dir() / "tests" / "bots" / "move_fill.cpp", subs / "move_fill.cpp");
  const auto run = run_command(amazes_exe() + " compile -q" + sandbox_option() + " --out " +
                               shell_quote((dir.path() / "out").string()) + " --config " +
                               shell_quote((source_dir() / "config" / "susan.ini").string()) + " --seed 4 " +
                               shell_quote(subs.string()) + " 2>&1");
  const std::string report = read_file(dir.path() / "out" / "report.txt");
  // Its admission games against TOEVAL (drawing its moves from /dev/urandom) were played to their
  // end: it is admitted, or not for a fault of its own (an irregular move of its simple play),
  // never undecided for one of the reference bot's, and the compile was not stopped.
  EXPECT_TRUE(run.exit_code == 0 || run.exit_code == 1) << run.output;
  const std::size_t verdict = report.find("move_fill.cpp ");
  ASSERT_NE(verdict, std::string::npos) << run.output << report;
  const std::string line = report.substr(verdict, report.find('\n', verdict) - verdict);
  EXPECT_TRUE(line.ends_with(" admitted") || line.find("not admitted: test game ") != std::string::npos) << line;
  EXPECT_EQ(line.find("undecided"), std::string::npos) << line;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
