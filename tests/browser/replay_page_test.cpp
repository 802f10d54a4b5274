// The replay page in a real browser: Debian's chromium, headless, with the network disabled.
// A real match of two sample bots is logged by `amazes match`, written as a page by
// `amazes replay`, and opened from file:// at #turn=N: the DOM must show that turn and exactly
// the points the log has after red's and blue's turn N. A screenshot must be a real picture of
// the maze, and a change of the address's #turn must update the page. scripts/setup installs
// chromium, so a missing browser fails the test rather than skipping it.
#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdint>
#include <iostream>
#include <map>
#include <regex>
#include <set>

#include "amazes/arbiter/match_log.hpp"
#include "support/browser.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

// The text of the element with this id in a dumped DOM.
std::string element_text(const std::string& dom, const std::string& id) {
  std::smatch found;
  if (!std::regex_search(dom, found, std::regex("id=\"" + id + "\">([^<]*)<"))) return "(no element #" + id + ")";
  return found[1];
}

struct LoggedTurn {
  int red_points = 0;
  int blue_points = 0;
};

class ReplayPageInABrowser : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(chromium().empty()) << "chromium is missing: scripts/setup installs it (apt-get install chromium)";
    const auto played =
        run_command(amazes_exe() + " match --seed 11 --sandbox none --log " + quoted(log_) + " " +
                    shell_quote(player_path("explorer")) + " " + shell_quote(player_path("hunter")) + " 2>&1");
    ASSERT_EQ(played.exit_code, 0) << played.output;
    const auto replay = run_command(amazes_exe() + " replay " + quoted(log_) + " 2>&1");
    ASSERT_EQ(replay.exit_code, 0) << replay.output;
    const arbiter::MatchRecord record = arbiter::read_match_log(log_);
    for (const auto& t : record.amazes()->turns) {
      auto& turn = turns_[t.turn];
      (t.player == Color::Red ? turn.red_points : turn.blue_points) = t.points;
      last_turn_ = std::max(last_turn_, t.turn);
    }
  }

  std::string dump_dom(const std::string& url, const std::string& switches = "") {
    const auto result = run_command(browser_command(dir_.path(), switches + " --dump-dom", url));
    EXPECT_EQ(result.exit_code, 0) << read_file(dir_.path() / "browser.err");
    return result.output;
  }

  ScratchDir dir_{"replay-browser"};
  std::filesystem::path log_ = dir_.path() / "match.json";
  std::filesystem::path page_ = dir_.path() / "match.html";
  std::map<int, LoggedTurn> turns_;
  int last_turn_ = 0;
};

TEST_F(ReplayPageInABrowser, IsOneFileThatLoadsNothing) {
  const std::string html = read_file(page_);
  for (const char* reference : {"http://", "https://", "<script src", " src=", "<link", " href=", "@import", "url("}) {
    EXPECT_EQ(html.find(reference), std::string::npos) << reference;
  }
  // 300 turns: the brief's budget is 1 MB; this page is far below.
  EXPECT_LT(html.size(), 400U * 1024U) << html.size();
  std::cout << "replay of " << turns_.size() << " turns per player: " << html.size() << " bytes\n";
}

TEST_F(ReplayPageInABrowser, OpensAtTheTurnOfItsAddressWithTheLoggedPoints) {
  ASSERT_EQ(last_turn_, 150);
  for (const int turn : {1, last_turn_ / 2, last_turn_}) {
    const std::string dom = dump_dom(file_url(page_, "#turn=" + std::to_string(turn)));
    EXPECT_EQ(element_text(dom, "turn"), std::to_string(turn));
    EXPECT_EQ(element_text(dom, "points-red"), std::to_string(turns_.at(turn).red_points)) << "turn " << turn;
    EXPECT_EQ(element_text(dom, "points-blue"), std::to_string(turns_.at(turn).blue_points)) << "turn " << turn;
  }
}

TEST_F(ReplayPageInABrowser, FollowsAChangeOfTheAddressesTurn) {
  // The page in a frame opened at turn 1; the frame's #turn is changed once it has loaded, and
  // the page's own hashchange handler (registered first) has updated it when this one reads it.
  const int turn = 100;
  write_file(dir_.path() / "frame.html",
             "<!DOCTYPE html><html><body><p id=\"result\">not yet</p>"
             "<iframe id=\"page\" src=\"match.html#turn=1\" width=\"1200\" height=\"900\"></iframe><script>"
             "const frame = document.getElementById('page');"
             "frame.addEventListener('load', () => {"
             "  const w = frame.contentWindow;"
             "  w.addEventListener('hashchange', () => {"
             "    document.getElementById('result').textContent = ['turn', 'points-red', 'points-blue']"
             "      .map((id) => w.document.getElementById(id).textContent).join(' ');"
             "  });"
             "  w.location.hash = '#turn=" +
                 std::to_string(turn) +
                 "';"
                 "});</script></body></html>");
  // Frames of file:// pages may script each other only with this switch.
  const std::string dom = dump_dom(file_url(dir_.path() / "frame.html", ""), "--allow-file-access-from-files");
  EXPECT_EQ(element_text(dom, "result"), std::to_string(turn) + " " + std::to_string(turns_.at(turn).red_points) + " " +
                                             std::to_string(turns_.at(turn).blue_points));
}

TEST_F(ReplayPageInABrowser, KeysAndThePlayButtonMoveThroughTheMatch) {
  // Keys pressed in the framed page, its turn read after each; then play, until the turn shown
  // becomes 3 (observed as it changes, no waiting for a time), then pause.
  write_file(dir_.path() / "keys.html",
             "<!DOCTYPE html><html><body><p id=\"result\">not yet</p>"
             "<iframe id=\"page\" src=\"match.html#turn=5\" width=\"1200\" height=\"900\"></iframe><script>"
             "const frame = document.getElementById('page');"
             "frame.addEventListener('load', () => {"
             "  const w = frame.contentWindow, d = w.document, seen = [];"
             "  const shown = () => d.getElementById('turn').textContent;"
             "  for (const key of ['End', 'Home', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft', 'ArrowUp',"
             "                     'ArrowDown']) {"
             "    d.dispatchEvent(new w.KeyboardEvent('keydown', {key, bubbles: true}));"
             "    seen.push(key + ':' + shown());"
             "  }"
             "  new w.MutationObserver((changes, observer) => {"
             "    if (shown() !== '3') return;"
             "    observer.disconnect();"
             "    d.getElementById('play').click();"
             "    seen.push('played:' + shown() + ':' + w.location.hash);"
             "    document.getElementById('result').textContent = seen.join(' ');"
             "  }).observe(d.getElementById('turn'), {childList: true, characterData: true, subtree: true});"
             "  d.getElementById('play').click();"
             "});</script></body></html>");
  const std::string dom = dump_dom(file_url(dir_.path() / "keys.html", ""), "--allow-file-access-from-files");
  EXPECT_EQ(element_text(dom, "result"),
            "End:150 Home:0 ArrowRight:1 ArrowRight:1 ArrowRight:2 ArrowLeft:1 ArrowUp:2 ArrowDown:1 "
            "played:3:#turn=3&amp;after=red");  // the first time 3 shows: after red's turn 3
}

TEST_F(ReplayPageInABrowser, AScreenshotIsAPictureOfTheMaze) {
  const auto artefacts = binary_dir() / "tests" / "browser-artifacts";
  std::filesystem::create_directories(artefacts);
  // Dark pixels: the known walls at turn 75, every wall of the true maze at the end (the text of
  // the page at turn 0, before much is known, has about 3,000).
  const std::vector<std::pair<std::string, int>> shots = {{"#turn=75", 20000}, {"#turn=150&view=maze", 40000}};
  for (const auto& [fragment, least_dark] : shots) {
    const auto shot =
        artefacts / ("replay-" + std::regex_replace(fragment.substr(1), std::regex("[=&]"), "-") + ".png");
    std::filesystem::remove(shot);
    const auto result = run_command(
        browser_command(dir_.path(), "--window-size=1200,900 --screenshot=" + quoted(shot), file_url(page_, fragment)));
    ASSERT_EQ(result.exit_code, 0) << read_file(dir_.path() / "browser.err");
    std::cout << "screenshot: " << shot.string() << "\n";
    const Picture picture = read_png(shot);
    EXPECT_EQ(picture.width, 1200);
    EXPECT_EQ(picture.height, 900);
    std::set<std::uint32_t> colours;
    int dark = 0, red = 0, blue = 0;
    const auto near = [](const std::uint8_t* p, int r, int g, int b) {
      return std::abs(p[0] - r) < 30 && std::abs(p[1] - g) < 30 && std::abs(p[2] - b) < 30;
    };
    for (std::size_t i = 0; i < picture.rgb.size(); i += 3) {
      const std::uint8_t* p = &picture.rgb[i];
      colours.insert(static_cast<std::uint32_t>(p[0]) << 16 | static_cast<std::uint32_t>(p[1]) << 8 | p[2]);
      dark += p[0] < 60 && p[1] < 60 && p[2] < 60 ? 1 : 0;  // the walls (#1c1c21) and the text
      red += near(p, 0xd1, 0x29, 0x3d) ? 1 : 0;             // red's token, trail, name and line
      blue += near(p, 0x1d, 0x63, 0xc4) ? 1 : 0;
    }
    std::cout << fragment << ": " << colours.size() << " colours, " << dark << " dark, " << red << " red, " << blue
              << " blue pixels\n";
    EXPECT_GT(colours.size(), 200U) << fragment;
    EXPECT_GT(dark, least_dark) << fragment;
    EXPECT_GT(red, 300) << fragment;
    EXPECT_GT(blue, 300) << fragment;
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
