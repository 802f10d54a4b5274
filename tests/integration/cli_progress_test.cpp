// The status line on a terminal (report/progress.hpp): `amazes tournament` and `amazes versus`,
// run under a pseudo-terminal by script(1), redraw one line per stored game with the games done
// of the total, the games per second and an ETA.
#include <gtest/gtest.h>

#include <regex>

#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

// The command's terminal output under a pseudo-terminal, each redraw of the line on a line.
std::string on_a_terminal(const std::string& command) {
  const auto run = run_command("script -qec " + shell_quote(command) + " /dev/null");
  EXPECT_LE(run.exit_code, 3) << run.output;  // a versus verdict's status
  std::string text = run.output;
  for (auto& c : text) c = c == '\r' ? '\n' : c;
  return text;
}

// Every status line "[ D/T]  R games/s  ETA M:SS": the games done, in order, and the total.
void expect_status_lines(const std::string& output, int total) {
  const std::regex status("\\[ *([0-9]+)/([0-9]+)\\]  [0-9.]+ games/s  ETA [0-9:]+");
  int last = 0;
  int lines = 0;
  for (auto it = std::sregex_iterator(output.begin(), output.end(), status); it != std::sregex_iterator(); ++it) {
    EXPECT_EQ(std::stoi((*it)[2]), total) << it->str();
    EXPECT_GE(std::stoi((*it)[1]), last) << it->str();
    last = std::stoi((*it)[1]);
    ++lines;
  }
  EXPECT_GT(lines, 0) << output;
  EXPECT_EQ(last, total) << output;
}

TEST(CliProgress, ATournamentShowsGamesDoneRateAndEta) {
  ScratchDir dir("progress-tournament");
  const std::string command = judge_program() + " tournament --rounds 1 --size 9 --turns 20 --seed 3 -j 1 --out " +
                              shell_quote((dir.path() / "out").string()) + " " + shell_quote(player_path("explorer")) +
                              " " + shell_quote(player_path("hunter")) + " " + shell_quote(player_path("wallfollower"));
  expect_status_lines(on_a_terminal(command), 6);
}

TEST(CliProgress, AVersusRunShowsGamesDoneRateAndEta) {
  ScratchDir dir("progress-versus");
  // The most games this run may play: 2 opponents, 3 pairs of 2 games each; the margin rule
  // plays them all.
  const std::string command = judge_program() + " versus --games 3 --size 9 --turns 20 --seed 3 -j 1 --out " +
                              shell_quote((dir.path() / "out").string()) + " new=" + player_path("explorer") +
                              " hunter=" + player_path("hunter") + " wall=" + player_path("wallfollower");
  expect_status_lines(on_a_terminal(command), 12);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
