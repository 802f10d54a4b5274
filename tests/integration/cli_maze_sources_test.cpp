// One match source: `amazes match --maze`, `tournament --mazes` and `versus --mazes`
// accept and refuse the same maze files, with the same message. Each refusal is tried with all
// three commands; none of them may play a game on such a file.
#include <gtest/gtest.h>

#include <functional>
#include <sstream>

#include "amazes/arbiter/match_log.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

namespace fs = std::filesystem;

struct BadMaze {
  std::string name;
  std::string text;      // the file's whole text
  std::string expected;  // what the refusal must say
};

// A generated maze with start lines, whose lines `edit` may change.
std::string generated_with_starts(std::uint64_t seed, const std::function<void(std::vector<std::string>&)>& edit) {
  const auto generated = run_command(amazes_exe() + " maze generate --starts --seed " + std::to_string(seed));
  std::vector<std::string> lines;
  std::stringstream in(generated.output);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  edit(lines);
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

std::vector<BadMaze> bad_mazes() {
  const std::string plain = read_file(source_dir() / "mazes" / "maze-0001.maze");
  std::string open_edge = plain;
  open_edge[1] = ' ';  // the first outer wall segment of the top row
  // Square 1,1 walled in on every side: it parses, but the maze is not connected.
  std::vector<std::string> rows;
  std::stringstream in(plain);
  for (std::string row; std::getline(in, row);) rows.push_back(row);
  rows[1][2] = '|';
  rows[2][1] = '-';
  std::string walled_in;
  for (const auto& row : rows) walled_in += row + "\n";
  return {
      // One square apart, both backs open: the case that `tournament` and `versus` once played.
      {"starts too close", generated_with_starts(5, [](auto& l) { l[0] = "5,9,S", l[1] = "5,10,W"; }),
       "unusable start lines: red start 5,9 and blue start 5,10 are too close: squared distance 1 < 288"},
      {"a start with its back to a wall", "1,1,E\n25,25,W\n" + plain, "unusable start lines: red start 1,1,E"},
      {"one start line", "1,1,E\n" + plain, ""},
      {"an open outer edge", open_edge, "the outer wall is closed"},
      {"a square walled in", walled_in, "not a valid maze"},
      {"a ragged line", plain.substr(0, plain.size() - 3) + "\n", ""},
  };
}

TEST(CliMazeSources, MatchTournamentAndVersusRefuseTheSameFilesAlike) {
  const auto players = " " + shell_quote(player_path("explorer")) + " " + shell_quote(player_path("hunter"));
  for (const auto& bad : bad_mazes()) {
    SCOPED_TRACE(bad.name);
    ScratchDir dir("maze-sources");
    fs::create_directories(dir.path() / "mazes");
    const fs::path file = dir.path() / "mazes" / "m.txt";
    write_file(file, bad.text);
    const std::string in_dir = "cd " + shell_quote(dir.path().string()) + " && ";
    const std::vector<std::pair<std::string, std::string>> commands = {
        {"match", " match --turns 2 --maze mazes/m.txt" + players},
        {"tournament", " tournament --turns 2 --mazes mazes --out t" + players},
        {"versus", " versus --turns 2 --games 2 --mazes mazes --out v" + players},
    };
    std::vector<std::string> messages;
    for (const auto& [name, arguments] : commands) {
      const auto run = run_command(in_dir + amazes_exe() + arguments + " 2>&1 >/dev/null");
      EXPECT_NE(run.exit_code, 0) << name << " played it:\n" << run.output;
      EXPECT_NE(run.exit_code, 2) << name << ": a bad maze file is no usage error:\n" << run.output;
      // "amazes NAME: mazes/m.txt: …": the message after the command's name.
      const auto at = run.output.find("mazes/m.txt");
      ASSERT_NE(at, std::string::npos) << name << ": the file is not named:\n" << run.output;
      const std::string message = run.output.substr(at, run.output.find('\n', at) - at);
      EXPECT_NE(message.find(bad.expected), std::string::npos) << name << ": " << message;
      messages.push_back(message);
    }
    EXPECT_EQ(messages[0], messages[1]);
    EXPECT_EQ(messages[0], messages[2]);
    EXPECT_FALSE(fs::exists(dir.path() / "t" / "results.sqlite"));
    EXPECT_FALSE(fs::exists(dir.path() / "v" / "results.sqlite"));
  }
}

TEST(CliMazeSources, AFileWithGoodStartsIsPlayedByAllThreeFromThoseStarts) {
  ScratchDir dir("maze-sources");
  fs::create_directories(dir.path() / "mazes");
  write_file(dir.path() / "mazes" / "m.txt", generated_with_starts(5, [](auto&) {}));
  const auto players = " " + shell_quote(player_path("explorer")) + " " + shell_quote(player_path("hunter"));
  const std::string in_dir = "cd " + shell_quote(dir.path().string()) + " && ";
  EXPECT_EQ(run_command(in_dir + amazes_exe() + " match --turns 2 --maze mazes/m.txt --log m.json" + players).exit_code,
            0);
  EXPECT_EQ(run_command(in_dir + amazes_exe() + " tournament -q --turns 2 --mazes mazes --out t" + players).exit_code,
            0);
  const auto versus =
      run_command(in_dir + amazes_exe() + " versus -q --turns 2 --games 2 --mazes mazes --out v" + players);
  EXPECT_NE(versus.exit_code, 2);
  EXPECT_NE(versus.exit_code, 4);
  const auto starts = arbiter::read_match_log(dir.path() / "m.json").amazes()->board.starts;
  for (const char* out : {"t", "v"}) {
    const auto logs = match_logs_in(dir.path() / out / "matches");
    EXPECT_GE(logs.size(), 2U) << out;
    for (const auto& log : logs) EXPECT_TRUE(arbiter::read_match_log(log).amazes()->board.starts == starts) << log;
  }
}

// The bundled mazes by their relative names from a folder that has none (src/cli/data_directory.hpp):
// this judge's data directory is the source tree.
TEST(CliMazeSources, TheBundledMazesAreFoundFromAnyFolder) {
  ScratchDir dir("maze-sources");
  const auto players = " " + shell_quote(player_path("explorer")) + " " + shell_quote(player_path("hunter"));
  const std::string in_dir = "cd " + shell_quote(dir.path().string()) + " && " + amazes_exe();
  const auto match = run_command(in_dir + " match --turns 2 --maze mazes/official/maze01.txt --log m.json" + players);
  EXPECT_EQ(match.exit_code, 0) << match.output;
  EXPECT_TRUE(fs::exists(dir.path() / "m.json"));
  const auto tournament =
      run_command(in_dir + " tournament -q --turns 2 --rounds 1 --mazes mazes/official --out t" + players);
  EXPECT_EQ(tournament.exit_code, 0) << tournament.output;
  EXPECT_EQ(match_logs_in(dir.path() / "t" / "matches").size(), 2U);
  EXPECT_EQ(run_command(in_dir + " maze check mazes/official/maze01.txt").exit_code, 0);
  EXPECT_EQ(run_command(in_dir + " maze show mazes/official/maze01.txt").exit_code, 0);
}

TEST(CliMazeSources, AMazeFoundNowhereIsNamedWithWhereTheJudgeLooked) {
  ScratchDir dir("maze-sources");
  const auto players = " " + shell_quote(player_path("explorer")) + " " + shell_quote(player_path("hunter"));
  const std::string in_dir = "cd " + shell_quote(dir.path().string()) + " && " + amazes_exe();
  const std::vector<std::pair<std::string, int>> commands = {
      {" match --maze mazes/none.txt" + players, 1},
      {" tournament --mazes mazes/none --out t" + players, 1},
      {" versus --games 2 --mazes mazes/none --out v" + players, 4},
      {" maze show mazes/none.txt", 1},
      {" maze check mazes/none.txt", 1},
  };
  for (const auto& [arguments, exit_code] : commands) {
    const auto run = run_command(in_dir + arguments + " 2>&1");
    EXPECT_EQ(run.exit_code, exit_code) << arguments << "\n" << run.output;
    EXPECT_NE(run.output.find("no such file or folder in the working directory (" + dir.path().string() +
                              ") nor in the judge's data directory (" + source_dir().string() + ")"),
              std::string::npos)
        << arguments << "\n"
        << run.output;
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
