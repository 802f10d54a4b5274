// Why the referee refused a player's line, where an author looks (docs/referees.md, "Why a
// fault"): the More referee's reason, from the log the judge gives it and keeps, in `amazes
// match`'s result, in `amazes log show`, on a tournament's game page and on the author's private
// page (as text, never markup); and a referee whose log runs on is bounded and still ends its game.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "amazes/arbiter/match_log.hpp"
#include "support/contest_site.hpp"
#include "support/files.hpp"
#include "support/run.hpp"
#include "support/tournament_helpers.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

std::string path_arg(const std::filesystem::path& path) { return shell_quote(path.string()); }
std::string more_bot(const std::string& name) { return path_arg(binary_dir() / "more-players" / name); }

const std::string kMoreReferee = " --scores 0-20 --referee " + shell_quote(judge_program() + " referee more --seed 5");

TEST(RefereeReasons, MatchAndLogShowSayWhyTheMoreRefereeRefusedTheMove) {
  ScratchDir dir("reasons-match");
  const auto log = dir.path() / "game.json";
  const auto referee_log = dir.path() / "referee.log";
  const auto result =
      run_command(amazes_exe() + " match" + kMoreReferee + " --referee-log " + path_arg(referee_log) + " --log " +
                  path_arg(log) + " " + more_bot("more_runner") + " " + path_arg(bot_path("more_illegal")) + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const std::string why = "why: the referee judged it: illegal: \"a1a1\": a1 is taken\n";
  EXPECT_NE(result.output.find("fault illegal at move 1 (the referee's)\n      " + why), std::string::npos)
      << result.output;

  const auto record = arbiter::read_match_log(log);
  ASSERT_TRUE(record.referee() != nullptr);
  EXPECT_EQ(record.outcome[1].fault_reason, "illegal: \"a1a1\": a1 is taken");
  EXPECT_EQ(record.outcome[0].fault_reason, "");
  // The referee's own log, kept whole (a few KiB), and written where --referee-log asked.
  const std::string& kept = record.referee()->log_text;
  EXPECT_EQ(kept.rfind("board ", 0), 0U) << kept;
  EXPECT_NE(kept.find("\nfault 2 illegal: \"a1a1\": a1 is taken\n"), std::string::npos) << kept;
  EXPECT_NE(kept.find("\nresult: white "), std::string::npos) << kept;
  EXPECT_EQ(record.referee()->log_dropped, 0U);
  EXPECT_EQ(read_file(referee_log), kept);
  // The referee was given a file of the judge's, gone after the game.
  const std::filesystem::path given = record.referee()->command.back();
  EXPECT_EQ(given.filename(), "referee.log");
  EXPECT_FALSE(std::filesystem::exists(given)) << given;

  const auto shown = run_command(amazes_exe() + " log show " + path_arg(log) + " 2>&1");
  ASSERT_EQ(shown.exit_code, 0) << shown.output;
  EXPECT_NE(shown.output.find("fault illegal at move 1 (the referee's)\n      " + why), std::string::npos)
      << shown.output;
  const auto streams = run_command(amazes_exe() + " log show --stderr " + path_arg(log) + " 2>&1");
  EXPECT_NE(streams.output.find("referee's own log ("), std::string::npos) << streams.output;
  EXPECT_NE(streams.output.find("  fault 2 illegal: \"a1a1\": a1 is taken\n"), std::string::npos) << streams.output;
}

TEST(RefereeReasons, TheAmazesRefereeSaysWhyALineIsNoAnswer) {
  const auto result =
      run_command(amazes_exe() + " match --seed 7 --turns 10 --referee " +
                  shell_quote(judge_program() + " referee amazes --turns 10 --maze {maze}") + " " +
                  path_arg(bot_path("illegal_char")) + " " + path_arg(binary_dir() / "players" / "explorer") + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(
      result.output.find("fault illegal at move 1 (the referee's)\n      why: the referee judged it: illegal: \"f\": "
                         "an answer is one or more of the letters F, T, L and R\n"),
      std::string::npos)
      << result.output;
}

TEST(RefereeReasons, ATournamentShowsTheReasonOnTheGamePageAndTheAuthorsPrivatePageAsText) {
  ScratchDir dir("reasons-tournament");
  const auto result = run_command(amazes_exe() + " tournament --rounds 1 --seed 17 --time-ms 30000" + kMoreReferee +
                                  " --out " + path_arg(dir.path()) + " runner=" + more_bot("more_runner") +
                                  " markup=" + path_arg(bot_path("more_markup")) + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  // The bot's line, in the referee's words, escaped for HTML: text on the page, not markup.
  const std::string reason = "illegal: &quot;&lt;b id=&quot;x&quot;&gt;a1&amp;a2&lt;/b&gt;&quot;:";
  const auto rows = stable_rows(dir.path());
  ASSERT_EQ(rows.size(), 2U);
  const auto site = dir.path() / "site";
  const std::string own = "private/" + token_of(private_links(dir.path()).at("markup"));
  for (const auto& row : rows) {
    const std::string game_page = read_file(site / "matches" / (row.id + ".html"));
    EXPECT_NE(game_page.find("the referee judged it: " + reason), std::string::npos) << row.id << "\n" << game_page;
    EXPECT_EQ(game_page.find("<b id="), std::string::npos) << row.id;
    const std::string private_page = read_file(site / own / (row.id + ".html"));
    EXPECT_NE(private_page.find("the referee judged it: " + reason), std::string::npos) << private_page;
  }
  const std::string private_index = read_file(site / own / "index.html");
  EXPECT_EQ(private_index.find("<b id="), std::string::npos) << private_index;
  // The reason is the markup bot's alone: the runner's private pages say nothing of it.
  const std::string runner = "private/" + token_of(private_links(dir.path()).at("runner"));
  EXPECT_EQ(read_file(site / runner / (rows[0].id + ".html")).find("a1&amp;a2"), std::string::npos);
}

TEST(RefereeReasons, ARefereeWhoseLogRunsOnIsBoundedAndItsGameEndsWithItsResult) {
  ScratchDir dir("reasons-huge-log");
  ScratchDir tmp("reasons-huge-log-tmp");
  const auto log = dir.path() / "game.json";
  const auto referee_log = dir.path() / "referee.log";
  const std::string referee =
      (source_dir() / "tests" / "referees" / "huge_log.sh").string() + " " + shell_quote(judge_program()) + " {seed}";
  const auto result =
      run_command("TMPDIR=" + path_arg(tmp.path()) + " " + amazes_exe() + " match --seed 5 --scores 0-20 --referee " +
                  shell_quote(referee) + " --referee-log " + path_arg(referee_log) + " --log " + path_arg(log) + " " +
                  more_bot("more_runner") + " " + more_bot("random_more") + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("1     more_runner          points    20  score   20  fault -"), std::string::npos)
      << result.output;
  const auto record = arbiter::read_match_log(log);
  const std::string& kept = record.referee()->log_text;
  // Its first 64 KiB kept; the file it wrote stopped at the judge's limit of 16 MiB.
  EXPECT_EQ(kept.size(), 64U * 1024U);
  EXPECT_EQ(kept.rfind("the referee goes on and on about this game\n", 0), 0U);
  EXPECT_EQ(record.referee()->log_dropped, (16U << 20) - 64U * 1024U);
  EXPECT_EQ(read_file(referee_log), kept);
  EXPECT_NE(result.output.find("amazes match: the referee's log was cut after 65536 bytes (16711680 more)"),
            std::string::npos)
      << result.output;
  // Nothing of the game is left in the judge's temporary folder.
  EXPECT_TRUE(std::filesystem::is_empty(tmp.path()));
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
