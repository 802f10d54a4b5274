// The contest site in a real browser (Debian's chromium, headless, network disabled), from
// file:// as an organiser or a contestant opens it: a real tournament's index, a round's
// standings, a game's report and its replay, and a contestant's private page. The DOM must hold
// what the store says (players, results, the bot's stderr on its own page), and the screenshots,
// at a phone's width and a desktop's, must show the page as styled: the bar of links in its
// colour at the top, text below it, the warning box of a private page.
#include <gtest/gtest.h>

#include <cstdio>
#include <iostream>
#include <vector>

#include "support/browser.hpp"
#include "support/contest_site.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

// Pixels of exactly this colour in rows [top, bottom) of the picture.
int pixels_of(const Picture& picture, std::uint8_t r, std::uint8_t g, std::uint8_t b, int top, int bottom) {
  int count = 0;
  for (int y = std::max(0, top); y < std::min(bottom, picture.height); ++y) {
    for (int x = 0; x < picture.width; ++x) {
      const auto* p = &picture.rgb[(static_cast<std::size_t>(y) * static_cast<std::size_t>(picture.width) +
                                    static_cast<std::size_t>(x)) *
                                   3];
      if (p[0] == r && p[1] == g && p[2] == b) ++count;
    }
  }
  return count;
}

// Dark pixels (text) below the bar of links.
int dark_pixels(const Picture& picture, int top) {
  int count = 0;
  for (std::size_t i = static_cast<std::size_t>(top) * static_cast<std::size_t>(picture.width) * 3;
       i + 2 < picture.rgb.size(); i += 3) {
    if (picture.rgb[i] < 90 && picture.rgb[i + 1] < 90 && picture.rgb[i + 2] < 110) ++count;
  }
  return count;
}

class ContestSiteInABrowser : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new ScratchDir("site-browser");
    if (chromium().empty()) return;
    const auto run = run_command(command_line(site_tournament_words(out(), 1)) + " 2>&1");
    ASSERT_EQ(run.exit_code, 0) << run.output;
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  void SetUp() override {
    ASSERT_FALSE(chromium().empty()) << "chromium is missing: scripts/setup installs it (apt-get install chromium)";
  }
  static std::filesystem::path out() { return dir_->path() / "out"; }
  static std::filesystem::path site() { return out() / report::kSiteFolder; }

  std::string dump_dom(const std::filesystem::path& page) {
    const auto result = run_command(browser_command(dir_->path(), "--dump-dom", file_url(page, "")));
    EXPECT_EQ(result.exit_code, 0) << read_file(dir_->path() / "browser.err");
    return result.output;
  }

  Picture screenshot(const std::filesystem::path& page, int width) {
    const auto png = dir_->path() / ("shot-" + std::to_string(width) + ".png");
    std::filesystem::remove(png);
    const auto result = run_command(
        browser_command(dir_->path(), "--window-size=" + std::to_string(width) + ",900 --screenshot=" + quoted(png),
                        file_url(page, "")));
    EXPECT_EQ(result.exit_code, 0) << read_file(dir_->path() / "browser.err");
    return read_png(png);
  }

  // The page at a phone's width and a desktop's: the bar of links (#23395d) across the top, and
  // text under it.
  void expect_a_styled_page(const std::filesystem::path& page) {
    for (const int width : {400, 1280}) {
      const auto picture = screenshot(page, width);
      ASSERT_EQ(picture.width, width) << page;
      EXPECT_GT(pixels_of(picture, 0x23, 0x39, 0x5d, 0, 30), width * 10) << page << " at " << width;
      EXPECT_GT(dark_pixels(picture, 40), 500) << page << " at " << width;
    }
  }

  static ScratchDir* dir_;
};
ScratchDir* ContestSiteInABrowser::dir_ = nullptr;

// Every kind of page of the site, each in a frame `width` pixels wide of one page that the
// browser then prints with, per frame, "PAGE scroll W client C": the page's scroll width
// against its window's. (--allow-file-access-from-files lets the page read its frames.)
TEST_F(ContestSiteInABrowser, NoPageIsWiderThanItsWindow) {
  const auto store =
      competition::ResultsStore::open(out() / competition::kStoreFileName, competition::ResultsStore::Access::ReadOnly);
  const std::string game = store.matches().front().id;
  const auto token = token_of(private_links(out()).at("marker"));
  std::vector<std::filesystem::path> pages = {"index.html",
                                              "schedule.html",
                                              "schedule/round-01.html",
                                              "standings.html",
                                              "standings/round-01.html",
                                              "players.html",
                                              "players/marker.html",
                                              "matches/" + game + ".html",
                                              "matches/" + game + ".replay.html",
                                              "private/" + token + "/index.html"};
  for (const auto& entry : std::filesystem::directory_iterator(site() / "private" / token)) {
    if (entry.path().filename() != "index.html")
      pages.push_back("private/" + token + "/" + entry.path().filename().string());
  }
  for (const int width : {400, 1280}) {
    std::string frames;
    for (const auto& page : pages) {
      frames += "<iframe src=\"" + file_url(site() / page, "") + "\" data-page=\"" + page.string() +
                "\" style=\"width:" + std::to_string(width) + "px;height:900px;border:0;display:block\"></iframe>\n";
    }
    const auto wrapper = dir_->path() / ("widths-" + std::to_string(width) + ".html");
    write_file(wrapper,
               "<!DOCTYPE html><html><body style=\"margin:0\">\n" + frames +
                   "<pre id=\"widths\"></pre><script>\n"
                   "window.onload = () => {\n"
                   "  let text = '';\n"
                   "  for (const f of document.querySelectorAll('iframe')) {\n"
                   "    const d = f.contentDocument.documentElement;\n"
                   "    text += f.dataset.page + ' scroll ' + d.scrollWidth + ' client ' + d.clientWidth + '\\n';\n"
                   "  }\n"
                   "  document.getElementById('widths').textContent = text;\n"
                   "};\n</script></body></html>\n");
    const std::string dom =
        run_command(browser_command(dir_->path(), "--allow-file-access-from-files --dump-dom", file_url(wrapper, "")))
            .output;
    for (const auto& page : pages) {
      const std::size_t at = dom.find(page.string() + " scroll ");
      ASSERT_NE(at, std::string::npos) << page << " at " << width << ": " << dom.substr(dom.find("<pre"));
      int scroll = 0;
      int client = 0;
      ASSERT_EQ(std::sscanf(dom.c_str() + at + page.string().size(), " scroll %d client %d", &scroll, &client), 2);
      EXPECT_GT(client, width / 2) << page;
      EXPECT_LE(scroll, client) << page << " is wider than its window of " << width << " px";
    }
  }
}

TEST_F(ContestSiteInABrowser, ShowsTheIndexWithTheContestsProgress) {
  const std::string dom = dump_dom(site() / "index.html");
  EXPECT_NE(dom.find("12 of 12 games played"), std::string::npos) << dom;
  EXPECT_NE(dom.find("href=\"schedule.html\""), std::string::npos);
  EXPECT_NE(dom.find("href=\"players.html\""), std::string::npos);
  expect_a_styled_page(site() / "index.html");
}

TEST_F(ContestSiteInABrowser, ShowsARoundsStandingsAndCrossTable) {
  const auto page = site() / "standings" / "round-01.html";
  const std::string dom = dump_dom(page);
  EXPECT_NE(dom.find("Standings after round 1"), std::string::npos) << dom;
  EXPECT_NE(dom.find("Cross table"), std::string::npos);
  for (const char* player : {"marker", "flood", "chatty", "explorer"}) EXPECT_NE(dom.find(player), std::string::npos);
  expect_a_styled_page(page);
}

TEST_F(ContestSiteInABrowser, ShowsAGameAndItsReplay) {
  const auto store =
      competition::ResultsStore::open(out() / competition::kStoreFileName, competition::ResultsStore::Access::ReadOnly);
  const auto row = store.matches().front();
  const auto page = site() / "matches" / (row.id + ".html");
  const std::string dom = dump_dom(page);
  EXPECT_NE(dom.find("Game " + row.id), std::string::npos) << dom;
  EXPECT_NE(dom.find("Watch the replay"), std::string::npos);
  for (const auto& side : row.side) EXPECT_NE(dom.find(">" + std::to_string(side.score) + "<"), std::string::npos);
  expect_a_styled_page(page);
  // The replay plays from the site too: its turn counter is there.
  const std::string replay = dump_dom(site() / "matches" / (row.id + ".replay.html"));
  EXPECT_NE(replay.find("id=\"turn\""), std::string::npos);
}

TEST_F(ContestSiteInABrowser, ShowsAContestantTheirStderrOnTheirPrivatePage) {
  const auto token = token_of(private_links(out()).at("marker"));
  ASSERT_FALSE(token.empty());
  const auto folder = site() / "private" / token;
  const std::string index = dump_dom(folder / "index.html");
  EXPECT_NE(index.find("marker: private page"), std::string::npos) << index;
  std::filesystem::path game;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.path().filename() != "index.html") game = entry.path();
  }
  ASSERT_FALSE(game.empty());
  const std::string dom = dump_dom(game);
  EXPECT_NE(dom.find(std::string(kSiteMarker) + " turn 1 &lt;b&gt;&amp;amp;&lt;/b&gt;"), std::string::npos) << dom;
  expect_a_styled_page(game);
  // The private index's warning box (#fff4e5) is drawn.
  EXPECT_GT(pixels_of(screenshot(folder / "index.html", 400), 0xff, 0xf4, 0xe5, 0, 900), 2000);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
