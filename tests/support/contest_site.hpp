#pragma once
// What the contest site tests share (report/site.hpp): a small tournament of real bots, one of
// which prints a marker on stderr, one that floods stderr and one that faults; and the checks
// that a site is whole: every page there, every private page at its token, nothing private on a
// public page.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/report/site.hpp"
#include "report/html_escape.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes::testing {

inline constexpr const char* kSiteMarker = "SITE-MARKER-5c1e";

// Each game page of the site of the competition in `out` (site/matches/, a page whose title is
// "Game …"): its path and its text.
inline std::map<std::filesystem::path, std::string> site_game_pages(const std::filesystem::path& out) {
  std::map<std::filesystem::path, std::string> pages;
  for (const auto& entry : std::filesystem::directory_iterator(out / "site" / "matches")) {
    std::string page = read_file(entry.path());
    if (page.find("<h1>Game ") != std::string::npos) pages.emplace(entry.path(), std::move(page));
  }
  return pages;
}

// `amazes tournament` of four bots: `marker` prints kSiteMarker on stderr every turn, `flood`
// writes 20,000 bytes of stderr at its first turn (10,000 of them dropped), `chatty` answers
// "FFX" at its third turn (an illegal move) after telling its turns on stderr, and explorer.
inline std::vector<std::string> site_tournament_words(const std::filesystem::path& out, int rounds) {
  return {judge_program(),
          "tournament",
          "-q",
          "--rounds",
          std::to_string(rounds),
          "--size",
          "9",
          "--turns",
          "20",
          "--seed",
          "34",
          "-j",
          "2",
          "--out",
          out.string(),
          "marker=" + bot_path("stderr_marker") + " " + kSiteMarker,
          "flood=" + bot_path("stderr_flood") + " 1 20000",
          "chatty=" + bot_path("chatty") + " 3",
          "explorer=" + player_path("explorer")};
}

inline std::string command_line(const std::vector<std::string>& words) {
  std::string command;
  for (const auto& word : words) command += (command.empty() ? "" : " ") + shell_quote(word);
  return command;
}

// Every regular file under `dir`, by path relative to it.
inline std::map<std::string, std::string> files_under(const std::filesystem::path& dir) {
  std::map<std::string, std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file()) files[std::filesystem::relative(entry.path(), dir).string()] = read_file(entry.path());
  }
  return files;
}

// OUT/private-links.txt: contestant → path of their private page (relative to OUT).
inline std::map<std::string, std::string> private_links(const std::filesystem::path& out) {
  std::map<std::string, std::string> links;
  std::istringstream lines(read_file(out / report::kPrivateLinksFile));
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto tab = line.find('\t');
    links[line.substr(0, tab)] = tab == std::string::npos ? "" : line.substr(tab + 1);
  }
  return links;
}

// The token in a private page's path.
inline std::string token_of(const std::string& private_path) {
  std::smatch found;
  if (!std::regex_match(private_path, found, std::regex("site/private/([0-9a-f]{32})/index\\.html"))) return "";
  return found[1];
}

// A finished run's site: every page of every stored game, contestant and complete round; each
// contestant's private page at the token the store keeps; no token in any file's text, no
// temporary file; and nothing refreshing.
inline void expect_a_complete_site(const std::filesystem::path& out, int rounds) {
  const auto site = out / report::kSiteFolder;
  const auto store =
      competition::ResultsStore::open(out / competition::kStoreFileName, competition::ResultsStore::Access::ReadOnly);
  const auto links = private_links(out);
  std::map<std::string, std::string> tokens;
  for (const auto& player : store.players()) {
    ASSERT_EQ(links.count(player.name), 1U) << player.name;
    const auto token = token_of(links.at(player.name));
    ASSERT_FALSE(token.empty()) << links.at(player.name);
    EXPECT_EQ(store.meta(report::kSiteTokenKeyPrefix + player.name), token);
    EXPECT_TRUE(std::filesystem::exists(out / links.at(player.name))) << links.at(player.name);
    EXPECT_TRUE(std::filesystem::exists(site / "players" / (player.name + ".html"))) << player.name;
    tokens[player.name] = token;
  }
  EXPECT_EQ(links.size(), tokens.size());
  for (const char* page : {"index.html", "schedule.html", "standings.html", "players.html", "private/index.html",
                           "standings/final.html"}) {
    EXPECT_TRUE(std::filesystem::exists(site / page)) << page;
  }
  for (int round = 1; round <= rounds; ++round) {
    const auto standings = site / "standings" / fmt::format("round-{:02}.html", round);
    ASSERT_TRUE(std::filesystem::exists(standings)) << standings;
    EXPECT_NE(read_file(standings).find("Cross table"), std::string::npos);
    EXPECT_TRUE(std::filesystem::exists(site / "schedule" / fmt::format("round-{:02}.html", round)));
  }
  const auto rows = store.matches();
  EXPECT_EQ(rows.size(), static_cast<std::size_t>(12 * rounds));
  for (const auto& row : rows) {
    const auto page = site / "matches" / (row.id + ".html");
    ASSERT_TRUE(std::filesystem::exists(page)) << page;
    const std::string html = read_file(page);
    EXPECT_NE(html.find("href=\"" + row.id + ".replay.html\""), std::string::npos) << row.id;
    EXPECT_TRUE(std::filesystem::exists(site / "matches" / (row.id + ".replay.html"))) << row.id;
    for (const auto& side : row.side) {
      EXPECT_NE(html.find(">" + side.player + "</a>"), std::string::npos) << row.id;
      EXPECT_TRUE(std::filesystem::exists(site / "private" / tokens[side.player] / (row.id + ".html"))) << row.id;
    }
  }
  for (const auto& [path, text] : files_under(site)) {
    EXPECT_EQ(path.find(".tmp-"), std::string::npos) << path;
    EXPECT_EQ(text.find("http-equiv=\"refresh\""), std::string::npos) << path << " still refreshes";
    for (const auto& [name, token] : tokens) EXPECT_EQ(text.find(token), std::string::npos) << path << ": " << name;
  }
}

}  // namespace amazes::testing
