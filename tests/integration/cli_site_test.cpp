// The contest site of a real tournament (report/site.hpp): every page there once the run is
// over; a bot's stderr on its own private page only, escaped, with the note of what was dropped;
// a fault's why on the game's page as `amazes match` says it; the same site written again by
// `amazes standings`; after SIGKILLs and a resume the site complete and the tokens unchanged;
// the site of games played by workers (`amazes work`) written by `amazes collect`; and a versus
// run's site.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <regex>
#include <thread>

#include "amazes/random.hpp"
#include "amazes/report/fault_reason.hpp"
#include "support/contest_site.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

// The pages' text without the moment they were written.
std::string without_time(const std::string& html) {
  return std::regex_replace(html, std::regex("updated [0-9T:Z-]+"), "updated (time)");
}

// The rows of the store whose `side` is `player`, with that side.
std::vector<std::pair<competition::MatchRow, int>> games_of(const std::filesystem::path& out,
                                                            const std::string& player) {
  const auto store =
      competition::ResultsStore::open(out / competition::kStoreFileName, competition::ResultsStore::Access::ReadOnly);
  std::vector<std::pair<competition::MatchRow, int>> games;
  for (const auto& row : store.matches()) {
    for (int side = 0; side < 2; ++side) {
      if (row.side[side].player == player) games.emplace_back(row, side);
    }
  }
  return games;
}

class ContestSiteOfATournament : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new ScratchDir("site");
    const auto run = run_command(command_line(site_tournament_words(out(), 2)) + " 2>&1");
    ASSERT_EQ(run.exit_code, 0) << run.output;
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  static std::filesystem::path out() { return dir_->path() / "out"; }
  static std::filesystem::path site() { return out() / report::kSiteFolder; }
  static std::string private_folder(const std::string& player) {
    return "private/" + token_of(private_links(out()).at(player));
  }
  static ScratchDir* dir_;
};
ScratchDir* ContestSiteOfATournament::dir_ = nullptr;

TEST_F(ContestSiteOfATournament, HasEveryPageAndNoTokenOnAnyPage) {
  expect_a_complete_site(out(), 2);
  const std::string index = read_file(site() / "index.html");
  EXPECT_NE(index.find("24 of 24 games played"), std::string::npos) << index;
  EXPECT_NE(index.find("COMPLETE"), std::string::npos);
  // The private links are for the organiser: outside the site, one line per contestant.
  EXPECT_EQ(private_links(out()).size(), 4U);
  EXPECT_TRUE(std::filesystem::is_regular_file(out() / "private-links.txt"));
  EXPECT_FALSE(std::filesystem::exists(site() / "private-links.txt"));
  // Each contestant's public page lists all of its games, played, with links to them.
  for (const auto& [row, side] : games_of(out(), "explorer")) {
    EXPECT_NE(read_file(site() / "players" / "explorer.html").find("href=\"../matches/" + row.id + ".html\""),
              std::string::npos)
        << row.id;
  }
  // The round's standings link their games to the site's game pages, not to the logs.
  const std::string round = read_file(site() / "standings" / "round-01.html");
  EXPECT_NE(round.find("href=\"../matches/r01-"), std::string::npos);
  EXPECT_EQ(round.find(".json"), std::string::npos);
}

TEST_F(ContestSiteOfATournament, ShowsAStderrOnlyOnItsOwnersPrivatePages) {
  const std::string own = private_folder("marker") + "/";
  int with_marker = 0;
  for (const auto& [path, text] : files_under(site())) {
    const bool has = text.find(kSiteMarker) != std::string::npos;
    if (!has) continue;
    ++with_marker;
    EXPECT_EQ(path.rfind(own, 0), 0U) << path << " shows the marker bot's stderr";
    // As text: the bot's "<b>&amp;</b>" escaped, never markup.
    EXPECT_NE(text.find("&lt;b&gt;&amp;amp;&lt;/b&gt;"), std::string::npos) << path;
    EXPECT_EQ(text.find("<b>&amp;</b>"), std::string::npos) << path;
  }
  // One private page per game of the marker bot (6 of each round), and no other file.
  EXPECT_EQ(with_marker, 12);
  // chatty's stderr too is on chatty's pages only.
  for (const auto& [path, text] : files_under(site())) {
    if (text.find("chatty turn") != std::string::npos) {
      EXPECT_EQ(path.rfind(private_folder("chatty") + "/", 0), 0U) << path;
    }
  }
  // Neither is anywhere else in the output folder but in the logs (and not in the links file).
  EXPECT_EQ(read_file(out() / "private-links.txt").find(kSiteMarker), std::string::npos);
}

TEST_F(ContestSiteOfATournament, SaysOnTheFloodersPageWhatWasDropped) {
  const auto games = games_of(out(), "flood");
  ASSERT_FALSE(games.empty());
  for (const auto& [row, side] : games) {
    const auto record = arbiter::read_match_log(out() / row.log);
    const auto dropped = record.outcome[side].stderr_dropped;
    ASSERT_GT(dropped, 0U) << row.id;
    const std::string page = read_file(site() / private_folder("flood") / (row.id + ".html"));
    EXPECT_NE(page.find(fmt::format("{} bytes of stderr were dropped", dropped)), std::string::npos) << page;
  }
  EXPECT_NE(read_file(site() / private_folder("flood") / "index.html").find("dropped"), std::string::npos);
  EXPECT_EQ(read_file(site() / private_folder("explorer") / "index.html").find("dropped"), std::string::npos);
}

TEST_F(ContestSiteOfATournament, GivesAFaultsWhyAsTheMatchCommandDoes) {
  int faults = 0;
  for (const auto& [row, side] : games_of(out(), "chatty")) {
    if (!row.side[side].fault) continue;
    ++faults;
    const auto record = arbiter::read_match_log(out() / row.log);
    const auto why = report::fault_why(record, side == 0 ? Color::Red : Color::Blue);
    ASSERT_FALSE(why.empty());
    EXPECT_NE(read_file(site() / "matches" / (row.id + ".html")).find(report::escape_html(why)), std::string::npos)
        << row.id << ": " << why;
    EXPECT_NE(read_file(site() / "players" / "chatty.html").find(report::escape_html(why)), std::string::npos);
  }
  EXPECT_EQ(faults, 12);  // every game of chatty: its third turn is illegal
}

TEST_F(ContestSiteOfATournament, IsWrittenAgainTheSameByTheStandingsCommand) {
  const auto before = files_under(site());
  const auto links = read_file(out() / "private-links.txt");
  const auto rebuilt = run_command(amazes_exe() + " standings -q " + shell_quote(out().string()) + " 2>&1");
  ASSERT_EQ(rebuilt.exit_code, 0) << rebuilt.output;
  const auto after = files_under(site());
  EXPECT_EQ(links, read_file(out() / "private-links.txt"));
  ASSERT_EQ(before.size(), after.size());
  for (const auto& [path, text] : before) {
    // The index lists the latest games in the order they ended, which the store does not keep.
    if (path == "index.html") continue;
    ASSERT_EQ(after.count(path), 1U) << path;
    EXPECT_EQ(without_time(text), without_time(after.at(path))) << path;
  }
}

TEST(ContestSite, IsCompleteAfterKillsAndAResumeWithTheSameTokens) {
  ScratchDir dir("site-killed");
  const auto out = dir.path() / "out";
  const auto words = site_tournament_words(out, 3);
  // How long a whole run takes here, to kill the others at random moments within it.
  ScratchDir timing("site-timing");
  const auto t0 = std::chrono::steady_clock::now();
  const auto whole = run_command(command_line(site_tournament_words(timing.path() / "out", 3)) + " 2>&1");
  ASSERT_EQ(whole.exit_code, 0) << whole.output;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  Rng rng(34);
  std::string links;
  for (int kill = 0; kill < 3; ++kill) {
    const pid_t pid = spawn_silently(words);
    // Not synchronisation: the kill moment itself is what is being sampled.
    std::this_thread::sleep_for(std::chrono::duration<double>((0.15 + rng.unit() * 0.6) * seconds));
    ::kill(pid, SIGKILL);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    if (!std::filesystem::exists(out / "private-links.txt")) continue;
    const auto now = read_file(out / "private-links.txt");
    if (links.empty()) links = now;
    EXPECT_EQ(now, links) << "after kill " << kill;
  }
  const auto resumed = run_command(command_line(words) + " 2>&1");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
  expect_a_complete_site(out, 3);
  ASSERT_FALSE(links.empty()) << "no kill came after the site was first written";
  EXPECT_EQ(read_file(out / "private-links.txt"), links);
}

TEST(ContestSite, IsWrittenByCollectForGamesPlayedByWorkers) {
  ScratchDir dir("site-plan");
  const auto out = dir.path() / "out";
  auto words = site_tournament_words(out, 1);
  words.insert(words.begin() + 2, {"--executor", "plan", "--chunk-size", "100"});
  const auto planned = run_command(command_line(words) + " 2>&1");
  ASSERT_EQ(planned.exit_code, 0) << planned.output;
  const auto worked = run_command(amazes_exe() + " work -q " + shell_quote(out.string()) + " --chunk 0 2>&1");
  ASSERT_EQ(worked.exit_code, 0) << worked.output;
  const auto collected = run_command(amazes_exe() + " collect -q " + shell_quote(out.string()) + " 2>&1");
  ASSERT_EQ(collected.exit_code, 0) << collected.output;
  expect_a_complete_site(out, 1);
  // The marker bot's stderr, from a worker's log, on its private pages only.
  const std::string own = "private/" + token_of(private_links(out).at("marker")) + "/";
  for (const auto& [path, text] : files_under(out / report::kSiteFolder)) {
    if (text.find(kSiteMarker) != std::string::npos) EXPECT_EQ(path.rfind(own, 0), 0U) << path;
  }
  EXPECT_TRUE(std::filesystem::exists(out / report::kSiteFolder / own / "r01-marker-explorer.html"));
}

TEST(ContestSite, OfAVersusRunHasItsGamesAndContestants) {
  ScratchDir dir("site-versus");
  const auto out = dir.path() / "out";
  const auto run = run_command(
      command_line({judge_program(), "versus", "-q", "--games", "2", "--size", "9", "--turns", "20", "--seed", "3",
                    "--out", out.string(), "marker=" + bot_path("stderr_marker") + " " + kSiteMarker,
                    "explorer=" + player_path("explorer"), "hunter=" + player_path("hunter")}) +
      " 2>&1");
  ASSERT_LE(run.exit_code, 3) << run.output;  // the verdict's status
  const auto site = out / report::kSiteFolder;
  const auto links = private_links(out);
  ASSERT_EQ(links.size(), 3U);
  for (const char* page : {"index.html", "schedule.html", "standings.html", "players.html", "players/marker.html",
                           "players/hunter.html", "schedule/pair-0001.html"}) {
    EXPECT_TRUE(std::filesystem::exists(site / page)) << page;
  }
  const auto store =
      competition::ResultsStore::open(out / competition::kStoreFileName, competition::ResultsStore::Access::ReadOnly);
  const auto rows = store.matches();
  ASSERT_EQ(rows.size(), 8U);
  for (const auto& row : rows) EXPECT_TRUE(std::filesystem::exists(site / "matches" / (row.id + ".html"))) << row.id;
  const std::string own = "private/" + token_of(links.at("marker")) + "/";
  int with_marker = 0;
  for (const auto& [path, text] : files_under(site)) {
    if (text.find(kSiteMarker) == std::string::npos) continue;
    ++with_marker;
    EXPECT_EQ(path.rfind(own, 0), 0U) << path;
  }
  EXPECT_EQ(with_marker, 8);
  EXPECT_EQ(read_file(site / "index.html").find("http-equiv=\"refresh\""), std::string::npos);
  // Its standings: the totals, and the report `amazes versus` printed.
  const std::string standings = read_file(site / "standings.html");
  EXPECT_NE(standings.find("<h2>Report</h2>"), std::string::npos) << standings;
  EXPECT_NE(standings.find("hunter"), std::string::npos);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
