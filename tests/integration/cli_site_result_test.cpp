// The contest site gives one result (config/README.md, "The contest site"): a named Swiss with a
// final titles every page with its name, and its index, Standings page, contestants' pages and
// the final standings agree on every place; the index names the winner once it is complete.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "support/contest_site.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"
#include "support/tournament_helpers.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

constexpr const char* kName = "Spring Cup <2027> & co";
constexpr const char* kEscapedName = "Spring Cup &lt;2027&gt; &amp; co";

// The players of standings.csv, in its order.
std::vector<std::string> csv_order(const std::filesystem::path& out) {
  std::vector<std::string> order;
  const std::string csv = read_file(out / "standings.csv");
  std::size_t at = csv.find('\n') + 1;
  while (at < csv.size()) {
    const std::size_t end = csv.find('\n', at);
    const std::string line = csv.substr(at, end - at);
    const std::size_t comma = line.find(',');
    order.push_back(line.substr(comma + 1, line.find(',', comma + 1) - comma - 1));
    at = end == std::string::npos ? csv.size() : end + 1;
  }
  return order;
}

// The contestants a page links in the order it links them, within [from, to) of the page.
std::vector<std::string> linked_players(const std::string& html, std::size_t from, std::size_t to) {
  std::vector<std::string> names;
  const std::regex anchor(R"(href="(?:\.\./)?players/([^".]+)\.html")");
  const std::string part = html.substr(from, to - from);
  for (std::sregex_iterator it(part.begin(), part.end(), anchor), end; it != end; ++it) names.push_back((*it)[1]);
  return names;
}

TEST(ContestSiteResult, ANamedSwissWithAFinalGivesOneResultEverywhere) {
  ScratchDir dir("site-result");
  const std::filesystem::path out = dir.path() / "out";
  std::string players;
  for (const char* bot : {"random", "explorer", "hunter", "wallfollower", "random"}) {
    players += " " + shell_quote(player_path(bot));
  }
  const CommandResult run =
      run_command(amazes_exe() + " tournament --seed 4 --rounds 2 --format swiss --final-top 3 --name " +
                  shell_quote(kName) + " --out " + shell_quote(out.string()) + players + " 2>&1");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  // The terminal and the standings files are titled with the name, and say what the total counts.
  EXPECT_NE(run.output.find(std::string(kName) + ": Final standings"), std::string::npos) << run.output;
  const std::string text = read_file(out / "standings.txt");
  EXPECT_EQ(text.rfind(std::string(kName) + ": Final standings", 0), 0U) << text;
  EXPECT_NE(text.find("total: places 1 to 3 are the final's"), std::string::npos) << text;

  const std::vector<std::string> official = csv_order(out);
  ASSERT_EQ(official.size(), 5U);
  const std::filesystem::path site = out / "site";
  // Every page is titled with the contest's name (the private pages' folder index says nothing).
  int pages = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(site)) {
    if (entry.path().extension() != ".html" || entry.path() == site / "private" / "index.html") continue;
    const std::string html = read_file(entry.path());
    const std::size_t open = html.find("<title>");
    ASSERT_NE(open, std::string::npos) << entry.path();
    const std::string title = html.substr(open, html.find("</title>") - open);
    EXPECT_NE(title.find(kEscapedName), std::string::npos) << entry.path() << ": " << title;
    // No public page cites the project's docs, nor heads a column with a file's raw name.
    if (entry.path().string().find("/private/") == std::string::npos) {
      EXPECT_EQ(html.find("formats.md"), std::string::npos) << entry.path();
      for (const char* raw : {"<th>too_long</th>", "<th>sure_ahead</th>", "<th>first_points</th>", "<th>rank</th>",
                              "<th>rating_low</th>", "<th>no_output</th>"}) {
        EXPECT_EQ(html.find(raw), std::string::npos) << entry.path() << ": " << raw;
      }
    }
    ++pages;
  }
  EXPECT_GT(pages, 20);
  // Shared assets and compressed replays: at most 50 KB a game of 150 turns over the whole site.
  std::uintmax_t bytes = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(site)) {
    if (entry.is_regular_file()) bytes += entry.file_size();
  }
  const std::size_t games = stable_rows(out).size();
  EXPECT_LE(bytes, games * 50'000U) << bytes << " bytes for " << games << " games";

  // The index names the winner, the final standings' first, after the word "Winner".
  const std::string index = read_file(site / "index.html");
  const std::size_t winner = index.find("Winner: ");
  ASSERT_NE(winner, std::string::npos) << index;
  EXPECT_EQ(linked_players(index, winner, index.find("</p>", winner)), std::vector<std::string>{official.front()});
  // The podium: the first three of the official order.
  const std::size_t podium = index.find("<h2>Podium</h2>");
  ASSERT_NE(podium, std::string::npos);
  EXPECT_EQ(linked_players(index, podium, index.find("</table>", podium)),
            std::vector<std::string>(official.begin(), official.begin() + 3));
  // The Standings page lists every place in the official order, and no live sums once complete.
  const std::string standings = read_file(site / "standings.html");
  const std::size_t table = standings.find("<table>");
  ASSERT_NE(table, std::string::npos);
  EXPECT_EQ(linked_players(standings, table, standings.find("</table>", table)), official);
  EXPECT_EQ(standings.find("Points so far"), std::string::npos);
  // Each contestant's page gives its place in the same order.
  for (std::size_t k = 0; k < official.size(); ++k) {
    const std::string page = read_file(site / "players" / (official[k] + ".html"));
    EXPECT_NE(page.find("<b>Place "), std::string::npos) << official[k];
  }
  const std::string first = read_file(site / "players" / (official.front() + ".html"));
  EXPECT_NE(first.find("<b>Place 1 of 5</b>"), std::string::npos) << first;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
