// The contest site's parts (report/site.hpp) with the fake match: which files a stored game
// rewrites (only its own and those it changes, whatever was played before), the tokens made
// once and kept in the store, the writer's atomic replacement, a stderr cut by characters.
#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <regex>
#include <set>

#include <fmt/format.h>

#include "amazes/competition/tournament.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/report/site.hpp"
#include "report/site/site_state.hpp"
#include "support/tournament_helpers.hpp"

namespace amazes::testing {
namespace AMAZES_FILE_NAMESPACE {

const std::vector<std::string> kSix = {"alice", "bob", "carol", "dave", "erin", "frank"};

// Every file of the folder with its inode: a file replaced by a rename gets a new one. From the
// directory entries alone (d_ino): a stat and a canonical path per file made this test four
// times slower than the site it checks.
void add_inodes(const std::filesystem::path& dir, const std::string& prefix, std::map<std::string, ino_t>& files) {
  DIR* folder = ::opendir(dir.c_str());
  if (folder == nullptr) return;
  while (const dirent* entry = ::readdir(folder)) {
    const std::string name = entry->d_name;
    if (name == "." || name == "..") continue;
    if (entry->d_type == DT_DIR) {
      add_inodes(dir / name, prefix + name + "/", files);
    } else if (entry->d_type == DT_REG) {
      files[prefix + name] = entry->d_ino;
    }
  }
  ::closedir(folder);
}

std::map<std::string, ino_t> inodes(const std::filesystem::path& dir) {
  std::map<std::string, ino_t> files;
  add_inodes(dir, "", files);
  return files;
}

// Plays a fake tournament with the site and checks, for every stored game, the files it replaced:
// its own, its players', its round's schedule page (and, of a round in parts, its part's: the
// page that lists it), and the four summaries; nothing else. Returns the games.
int expect_each_game_rewrites_only_its_pages(const std::vector<std::string>& players, int rounds) {
  ScratchDir dir("site-unit");
  FakeMatch fake;
  auto run = competition::prepare_tournament(fake_request(dir.path(), players, rounds));
  report::ContestSite site(run.out, run.store, true);
  const auto token = [&](const std::string& name) { return *run.store.meta(report::kSiteTokenKeyPrefix + name); };
  const auto site_dir = dir.path() / report::kSiteFolder;
  int games = 0;
  competition::TournamentHooks hooks;
  hooks.committed = [&](const competition::MatchRow& row, int, int) {
    const auto before = inodes(site_dir);
    site.committed(row);
    const auto after = inodes(site_dir);
    const std::string round_page = "schedule/round-0" + std::to_string(row.round);
    std::set<std::string> expected = {
        "index.html",        "schedule.html", "standings.html", "players.html", "matches/" + row.id + ".html",
        round_page + ".html"};
    for (const auto& side : row.side) {
      expected.insert("players/" + side.player + ".html");
      expected.insert("private/" + token(side.player) + "/index.html");
      expected.insert("private/" + token(side.player) + "/" + row.id + ".html");
    }
    std::set<std::string> changed;
    for (const auto& [path, inode] : after) {
      const auto was = before.find(path);
      if (was == before.end() || was->second != inode) changed.insert(path);
    }
    // The fake match's games have no turns: no replay page (the rules engine disagrees).
    changed.erase("matches/" + row.id + ".replay.html");
    std::set<std::string> parts;
    for (auto it = changed.begin(); it != changed.end();) {
      const bool part = it->rfind(round_page + "-part-", 0) == 0;
      if (part) parts.insert(*it);
      it = part ? changed.erase(it) : std::next(it);
    }
    EXPECT_EQ(changed, expected) << row.id;
    if (!parts.empty()) {
      EXPECT_EQ(parts.size(), 1U) << row.id;
      EXPECT_NE(read_file(site_dir / *parts.begin()).find(">" + row.id + "<"), std::string::npos) << row.id;
    }
    ++games;
  };
  competition::run_tournament(run, competition::LocalExecutor(play_with(fake), 1), hooks);
  return games;
}

TEST(ContestSite, AStoredGameRewritesOnlyThePagesItChanges) {
  EXPECT_EQ(expect_each_game_rewrites_only_its_pages(kSix, 2), 60);
}

TEST(ContestSite, ARoundOfManyGamesIsListedInPartsAndAGameRewritesOnlyItsPart) {
  std::vector<std::string> fifteen;
  for (int k = 0; k < 15; ++k) fifteen.push_back("p" + std::to_string(k));
  // 210 games a round: a part of 200 and one of 10.
  EXPECT_EQ(expect_each_game_rewrites_only_its_pages(fifteen, 1), 210);
}

// The pages that list the whole field (the contestants, the live standings) are rewritten once
// per players/50 stored games, not per game: 100 contestants, every second game; the run's end
// writes them with every game.
TEST(ContestSite, AFieldOfManyRewritesItsWholeFieldPagesEveryFewGames) {
  ScratchDir dir("site-many");
  FakeMatch fake;
  std::vector<std::string> names;
  for (int k = 0; k < 100; ++k) names.push_back(fmt::format("p{:03}", k));
  auto request = fake_request(dir.path(), names, 1);
  request.format = competition::Format::Swiss;
  auto run = competition::prepare_tournament(request);
  report::ContestSite site(run.out, run.store, true);
  const auto site_dir = dir.path() / report::kSiteFolder;
  const auto inode_of = [&](const char* file) {
    struct stat st {};
    EXPECT_EQ(::stat((site_dir / file).c_str(), &st), 0) << file;
    return st.st_ino;
  };
  int games = 0, players_rewrites = 0, standings_rewrites = 0;
  competition::TournamentHooks hooks;
  hooks.committed = [&](const competition::MatchRow& row, int, int) {
    const auto players = inode_of("players.html");
    const auto standings = inode_of("standings.html");
    site.committed(row);
    ++games;
    players_rewrites += inode_of("players.html") != players;
    standings_rewrites += inode_of("standings.html") != standings;
  };
  competition::run_tournament(run, competition::LocalExecutor(play_with(fake), 1), hooks);
  ASSERT_EQ(games, 100);
  EXPECT_EQ(players_rewrites, 50);
  EXPECT_EQ(standings_rewrites, 50);
  site.finished(std::nullopt);
  EXPECT_NE(read_file(site_dir / "players.html").find(">p099<"), std::string::npos);
}

TEST(ContestSite, MakesEachTokenOnceAndKeepsItInTheStore) {
  ScratchDir dir("site-tokens");
  FakeMatch fake;
  run_fake_tournament(fake_request(dir.path(), kSix, 1), fake, 2);
  auto store = competition::ResultsStore::open(competition::store_path(dir.path()),
                                               competition::ResultsStore::Access::ReadWrite);
  // A store from before the site has no tokens: they are made and stored.
  EXPECT_FALSE(report::every_contestant_has_a_token(store));
  std::map<std::string, std::string> first;
  {
    report::ContestSite site(dir.path(), store, false);
    for (const auto& name : kSix) {
      first[name] = site.private_page(name).string();
      EXPECT_TRUE(std::regex_match(first[name], std::regex("site/private/[0-9a-f]{32}/index\\.html"))) << first[name];
    }
  }
  EXPECT_TRUE(report::every_contestant_has_a_token(store));
  std::set<std::string> distinct;
  for (const auto& [name, path] : first) distinct.insert(path);
  EXPECT_EQ(distinct.size(), kSix.size());
  report::ContestSite again(dir.path(), store, false);
  for (const auto& name : kSix) EXPECT_EQ(again.private_page(name).string(), first[name]);
}

TEST(ContestSite, PagesRefreshWhileTheRunGoesAndNotAfter) {
  ScratchDir dir("site-refresh");
  FakeMatch fake;
  run_fake_tournament(fake_request(dir.path(), kSix, 1), fake, 2);
  auto store = competition::ResultsStore::open(competition::store_path(dir.path()),
                                               competition::ResultsStore::Access::ReadWrite);
  const auto site_dir = dir.path() / report::kSiteFolder;
  const std::string refresh = "<meta http-equiv=\"refresh\" content=\"10\">";
  report::ContestSite site(dir.path(), store, true);
  const auto private_index = dir.path() / site.private_page("alice");
  for (const auto& page : {site_dir / "index.html", site_dir / "players" / "alice.html", private_index}) {
    EXPECT_NE(read_file(page).find(refresh), std::string::npos) << page;
  }
  // A played game's page does not change any more.
  EXPECT_EQ(read_file(site_dir / "matches" / "r01-alice-bob.html").find(refresh), std::string::npos);
  site.finished(std::nullopt);
  for (const auto& [path, text] : [&] {
         std::map<std::string, std::string> all;
         for (const auto& entry : std::filesystem::recursive_directory_iterator(site_dir)) {
           if (entry.is_regular_file()) all[entry.path().string()] = read_file(entry.path());
         }
         return all;
       }()) {
    EXPECT_EQ(text.find("http-equiv=\"refresh\""), std::string::npos) << path;
  }
}

// A game handed to a worker shows as being played on its round's page, from the next page
// written until it is stored (or its referee fails it); a run that ends leaves no game "playing".
TEST(ContestSite, AGameHandedOutIsPlayingUntilStored) {
  ScratchDir dir("site-playing");
  FakeMatch fake;
  auto run = competition::prepare_tournament(fake_request(dir.path(), {"alice", "bob", "carol"}, 1));
  report::ContestSite site(run.out, run.store, true);
  const auto round_page = dir.path() / report::kSiteFolder / "schedule" / "round-01.html";
  const auto shown_as = [&](const std::string& id) {
    std::smatch cell;
    const auto text = read_file(round_page);
    const std::regex row(id + "(</a>)?</td><td>.*?</td><td class=\"num[^\"]*\">(<a [^>]*>)?([^<]*)<");
    return std::regex_search(text, cell, row) ? cell[3].str() : "missing";
  };
  std::vector<std::string> stored;
  competition::TournamentHooks hooks;
  hooks.committed = [&](const competition::MatchRow& row, int, int) {
    // The next game in schedule order, handed out while this one was stored.
    const std::string next = stored.empty() ? "r01-carol-alice" : "";
    if (!next.empty()) site.playing(next);
    // One whose referee failed it is to play again.
    const std::string failed = stored.empty() ? "r01-bob-carol" : "";
    if (!failed.empty()) {
      site.playing(failed);
      site.not_played(failed);
    }
    site.committed(row);
    stored.push_back(row.id);
    EXPECT_NE(shown_as(row.id), "playing") << row.id;
    if (!next.empty() && next != row.id) EXPECT_EQ(shown_as(next), "playing");
    if (!failed.empty() && failed != row.id) EXPECT_EQ(shown_as(failed), "to play");
  };
  competition::run_tournament(run, competition::LocalExecutor(play_with(fake), 1), hooks);
  ASSERT_EQ(stored.size(), 6U);
  site.finished(std::nullopt);
  EXPECT_EQ(read_file(round_page).find(">playing<"), std::string::npos);
}

TEST(ContestSite, TokensAre128RandomBits) {
  const auto a = report::new_site_token();
  const auto b = report::new_site_token();
  EXPECT_TRUE(std::regex_match(a, std::regex("[0-9a-f]{32}"))) << a;
  EXPECT_NE(a, b);
}

TEST(ContestSite, PagesAreReplacedNotRewrittenInPlace) {
  ScratchDir dir("site-atomic");
  const auto page = dir.path() / "page.html";
  files::write_file_atomically(page, "old page", false);
  // A reader that opened the old page keeps reading it whole while the new one takes its name.
  std::ifstream reader(page);
  files::write_file_atomically(page, "new page", false);
  std::string seen((std::istreambuf_iterator<char>(reader)), std::istreambuf_iterator<char>());
  EXPECT_EQ(seen, "old page");
  EXPECT_EQ(read_file(page), "new page");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), std::filesystem::directory_iterator()), 1);
}

TEST(ContestSite, CutsAStderrAtACharacterNotInsideOne) {
  const std::string text =
      "ab\xc3\xa9\xe5\x90\x8d"
      "cd";  // a, b, é, 名, c, d
  const auto cut = report::site::first_characters(text, 4);
  EXPECT_EQ(cut.text, "ab\xc3\xa9\xe5\x90\x8d");
  EXPECT_EQ(cut.characters, 6U);
  EXPECT_EQ(cut.shown, 4U);
  EXPECT_EQ(report::site::first_characters(text, 10).text, text);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::testing
