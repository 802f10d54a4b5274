// An output the command cannot write is one rule for every command (docs/formats.md §9): one
// line naming the path, exit 1 (`versus`: 4), and for the commands that play, before any game.
// The paths lie in /proc, where nothing can be made whoever runs the test: root, whom access()
// lets write anywhere, included.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/output_folders.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

namespace fs = std::filesystem;

std::string players() { return " " + shell_quote(player_path("explorer")) + " " + shell_quote(player_path("hunter")); }

// A folder that exists and cannot be written in, and a path under a folder that cannot be made.
const std::string kClosedFolder = "/proc/self";
const std::string kUnmakeable = "/proc/amazes-none/deeper";

// Exit `code`, and one error line of the command (`amazes maze generate: …`) naming `path`
// (the judge's warnings, such as two bots sharing a folder, aside).
void expect_unwritable(const std::string& command, const std::string& arguments, int code, const std::string& path) {
  SCOPED_TRACE(command + arguments);
  const auto run = run_command(amazes_exe() + " " + command + arguments + " 2>&1 >/dev/null");
  EXPECT_EQ(run.exit_code, code) << run.output;
  std::vector<std::string> errors;
  std::istringstream lines(run.output);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("amazes " + command + ": ", 0) == 0) errors.push_back(line);
  }
  ASSERT_EQ(errors.size(), 1U) << run.output;
  EXPECT_NE(errors[0].find(path), std::string::npos) << run.output;
}

TEST(CliUnwritable, AMatchLogIsRefusedBeforeTheGame) {
  for (const auto& log : {kClosedFolder + "/game.json", kUnmakeable + "/game.json"}) {
    const auto run = run_command(amazes_exe() + " match --seed 3 --log " + log + players() + " 2>&1");
    EXPECT_EQ(run.exit_code, 1) << run.output;
    EXPECT_EQ(run.output.find(" points "), std::string::npos) << "a game was played:\n" << run.output;
    EXPECT_NE(run.output.find("amazes match: " + log + ": cannot "), std::string::npos) << run.output;
  }
  ScratchDir dir("unwritable");
  expect_unwritable("match", " --turns 3 --log " + shell_quote(dir.path().string()) + players(), 1, "is a directory");
  write_file(dir.path() / "file", "");
  expect_unwritable("match", " --turns 3 --log " + shell_quote((dir.path() / "file" / "x.json").string()) + players(),
                    1, "cannot make the folder");
}

TEST(CliUnwritable, CompetitionOutputsAreRefusedBeforeAnyGame) {
  ScratchDir dir("unwritable");
  const std::string quick = " --rounds 1 --turns 3 --seed 5";
  expect_unwritable("tournament", " -q" + quick + " --out " + kClosedFolder + "/t" + players(), 1,
                    kClosedFolder + "/t");
  expect_unwritable("tournament", " -q" + quick + " --out " + kUnmakeable + players(), 1, kUnmakeable);
  expect_unwritable("versus", " -q --games 2 --turns 3 --seed 5 --out " + kUnmakeable + players(), 4, kUnmakeable);
  // --json is written after the games: it is tried before them, and no game is played.
  const auto out = dir.path() / "versus";
  expect_unwritable("versus",
                    " -q --games 2 --turns 3 --seed 5 --json " + kClosedFolder + "/v.json --out " +
                        shell_quote(out.string()) + players(),
                    4, kClosedFolder + "/v.json");
  EXPECT_TRUE(rows_of(out).empty());
}

TEST(CliUnwritable, FilesOfTheOtherCommandsAreExitOne) {
  ScratchDir dir("unwritable");
  expect_unwritable("maze generate", " --seed 1 --count 2 --out " + kUnmakeable, 1, kUnmakeable);
  expect_unwritable("maze generate", " --seed 1 --out " + kClosedFolder + "/m.txt", 1, kClosedFolder + "/m.txt");
  const auto log = dir.path() / "game.json";
  ASSERT_EQ(run_command(amazes_exe() + " match -q --turns 3 --seed 2 --log " + shell_quote(log.string()) + players())
                .exit_code,
            0);
  expect_unwritable("replay", " " + shell_quote(log.string()) + " -o " + kClosedFolder + "/game.html", 1,
                    kClosedFolder + "/game.html");
  expect_unwritable("log maze", " " + shell_quote(log.string()) + " --out " + kClosedFolder + "/m.txt", 1,
                    kClosedFolder + "/m.txt");
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
