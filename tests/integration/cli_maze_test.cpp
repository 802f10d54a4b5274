// `amazes maze generate|check|show`: outputs, files and exit codes (docs/formats.md).
#include <gtest/gtest.h>

#include <sys/stat.h>

#include "amazes/checker.hpp"
#include "amazes/generator.hpp"
#include "amazes/maze_io.hpp"
#include "support/files.hpp"
#include "support/run.hpp"
#include "support/small_mazes.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

std::string maze_command(const std::string& arguments) { return amazes_exe() + " maze " + arguments + " 2>&1"; }

TEST(CliMaze, GenerateWritesTheMazeOfItsSeed) {
  ScratchDir dir("cli-maze");
  const auto file = dir.path() / "one.maze";
  const auto result = run_command(maze_command("generate --seed 17 --out " + shell_quote(file.string())));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_EQ(read_file(file), format_maze(generate_maze(17)));
  // The bundled maze of round 17 was made the same way.
  EXPECT_EQ(read_file(file), read_file(source_dir() / "mazes" / "maze-0017.maze"));
}

TEST(CliMaze, GenerateWithoutOutPrintsOneMaze) {
  const auto result = run_command(amazes_exe() + " maze generate --seed 3 --size 8");
  ASSERT_EQ(result.exit_code, 0);
  GeneratorOptions options;
  options.size = 8;
  EXPECT_EQ(result.output, format_maze(generate_maze(3, options)));
}

TEST(CliMaze, GenerateCountWritesOneFilePerSeedWithStarts) {
  ScratchDir dir("cli-maze");
  const auto result =
      run_command(maze_command("generate --seed 98 --count 3 --starts --out " + shell_quote(dir.path().string())));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  for (int seed : {98, 99, 100}) {
    const auto path = dir.path() / ("maze-" + std::string(seed < 100 ? "00" : "0") + std::to_string(seed) + ".maze");
    const MazeFile file = parse_maze(read_file(path), path.string());
    EXPECT_EQ(file.maze, generate_maze(static_cast<std::uint64_t>(seed)));
    EXPECT_TRUE(file.starts.has_value());
  }
  const auto check = run_command(maze_command("check " + shell_quote(dir.path().string()) + "/*.maze"));
  EXPECT_EQ(check.exit_code, 0) << check.output;
}

TEST(CliMaze, GenerateRejectsBadValuesWithExitTwo) {
  for (const char* arguments :
       {"generate --size 1", "generate --size 65", "generate --count 0", "generate --count 2", "generate --seed x",
        "generate --frobnicate", "generate --loops -1", "generate --seed -1", "generate --seed 18446744073709551616"}) {
    const auto result = run_command(maze_command(arguments));
    EXPECT_EQ(result.exit_code, 2) << arguments << "\n" << result.output;
    EXPECT_NE(result.output.find("error:"), std::string::npos) << result.output;
  }
}

TEST(CliMaze, GenerateValidatesFixedStarts) {
  // Seed 1's maze: 1,1 has its only opening to the east, 25,25 to the north and west.
  const auto good = run_command(amazes_exe() + " maze generate --seed 1 --red-start 1,1,W --blue-start '25 25 e'");
  ASSERT_EQ(good.exit_code, 0) << good.output;
  EXPECT_EQ(good.output.substr(0, 14), "1,1,W\n25,25,E\n");
  const std::pair<const char*, const char*> rejected[] = {
      {"--red-start 1,1,E --blue-start 25,25,E", "red start 1,1,E: the edge behind (W) is a wall"},
      {"--red-start 1,1,W --blue-start 30,3,N", "square 30,3 is outside the 25x25 maze"},
      {"--red-start 1,1,W --blue-start 1,2,E", "too close"},
      {"--red-start 1,1,W --blue-start 1,1,W", "same square"},
      {"--red-start 1,1,Q --blue-start 25,25,E", "--red-start '1,1,Q': expected R,C,D"},
      {"--red-start 1,1,W", "--red-start needs --blue-start too"},
      {"--starts --red-start 1,1,W --blue-start 25,25,E", "use one or the other"},
  };
  for (const auto& [arguments, message] : rejected) {
    const auto result = run_command(maze_command(std::string("generate --seed 1 ") + arguments));
    EXPECT_EQ(result.exit_code, 2) << arguments << "\n" << result.output;
    EXPECT_NE(result.output.find(message), std::string::npos) << arguments << "\n" << result.output;
  }
}

TEST(CliMaze, CheckPassesTheOfficialMazesWithTheirStatistics) {
  const auto result =
      run_command(maze_command("check " + shell_quote((source_dir() / "mazes" / "official").string()) + "/maze0*.txt"));
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("maze02.txt: ok (25x25, openings 678, loops 54, dead ends 127)"), std::string::npos)
      << result.output;
}

TEST(CliMaze, CheckNamesTheBrokenRuleAndFails) {
  ScratchDir dir("cli-maze");
  // A 3×3 maze whose centre square is walled in: disconnected, and the rest is a ring.
  const auto broken = dir.path() / "walled.maze";
  write_file(broken, kRingWithoutCentre);
  const auto open_edge = dir.path() / "open.maze";
  write_file(open_edge, "+-+ +-+\n|     |\n+ +-+ +\n| | | |\n+ +-+ +\n|     |\n+-+-+-+\n");
  const auto valid = source_dir() / "mazes" / "official" / "maze01.txt";
  const auto result = run_command(maze_command("check " + shell_quote(valid.string()) + " " +
                                               shell_quote(broken.string()) + " " + shell_quote(open_edge.string())));
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_NE(result.output.find("walled.maze: rule 2.2"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("square 2,2"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("walled.maze: INVALID"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("open.maze:1:4:"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("[rule 2.1"), std::string::npos) << result.output;
  // An open outer edge does not stop the check: the other rules are checked too.
  EXPECT_NE(result.output.find("open.maze: rule 2.2 connected: square 2,2"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("open.maze: INVALID"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("maze01.txt: ok"), std::string::npos) << result.output;
}

TEST(Cli, UnknownCommandsAreOneLineUsageErrors) {
  const struct {
    const char* arguments;
    const char* message;
  } cases[] = {
      {"matchx /bin/true /bin/true", "amazes: error: unknown command 'matchx' (see amazes --help)\n"},
      {"maze", "amazes: error: 'maze' needs a subcommand; there are: maze generate, maze check, maze show\n"},
      {"maze frob x", "amazes: error: unknown command 'maze frob'; there are: maze generate, maze check, maze show\n"},
      {"log", "amazes: error: 'log' needs a subcommand; there are: log show, log maze\n"},
  };
  for (const auto& c : cases) {
    const auto result = run_command(amazes_exe() + " " + c.arguments + " 2>&1");
    EXPECT_EQ(result.exit_code, 2) << c.arguments;
    EXPECT_EQ(result.output, c.message) << c.arguments;
  }
}

TEST(CliMaze, CheckReportsAMissingFileAndUsage) {
  EXPECT_EQ(run_command(maze_command("check /nonexistent/x.maze")).exit_code, 1);
  EXPECT_EQ(run_command(maze_command("check")).exit_code, 2);
}

// Whatever path is given, the reader answers at once with one line: a FIFO is not waited on
// (`timeout` turns a hang into a failure), a device is not read, a huge file is not loaded.
TEST(CliMaze, CheckRefusesWhatIsNotARegularFileOfAMazesSize) {
  ScratchDir dir("cli-maze-unreadable");
  const auto fifo = dir.path() / "fifo.maze";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto big = dir.path() / "big.maze";
  write_file(big, std::string((1U << 20) + 1, ' '));
  const std::vector<std::pair<std::string, std::string>> cases = {
      {fifo.string(), fifo.string() + ": is a FIFO, expected a regular file\n"},
      {"/dev/zero", "/dev/zero: is a character device, expected a regular file\n"},
      {big.string(), big.string() + ": larger than 1048576 bytes, the most this file may be (docs/formats.md §9)\n"},
  };
  for (const auto& [file, says] : cases) {
    const auto check = run_command("timeout 20 " + maze_command("check " + shell_quote(file)));
    EXPECT_EQ(check.exit_code, 1) << file;
    EXPECT_EQ(check.output, says);
    const auto show = run_command("timeout 20 " + maze_command("show " + shell_quote(file)));
    EXPECT_EQ(show.exit_code, 1) << file;
    EXPECT_EQ(show.output, "amazes maze show: " + says);
  }
}

// File content quoted in an error is escaped: an ESC sequence in a maze file must not reach
// the terminal (it could recolour or rewrite it), a newline must not split the line.
TEST(CliMaze, ControlBytesFromTheFileAreEscapedInErrors) {
  ScratchDir dir("cli-maze-control");
  const auto file = dir.path() / "esc.maze";
  write_file(file, "\x1b[31m3,7,N\x07\n1,1,S\n+-+-+\n| | |\n+-+-+\n| | |\n+-+-+\n");
  for (const std::string command : {"check", "show"}) {
    const auto result = run_command(maze_command(command + " " + shell_quote(file.string())));
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.output.find('\x1b'), std::string::npos) << result.output;
    EXPECT_EQ(result.output.find('\x07'), std::string::npos) << result.output;
    EXPECT_NE(result.output.find("found \"\\x1b[31m3,7,N\\x07\""), std::string::npos) << result.output;
  }
}

// A UTF-8 byte-order mark (Windows editors write one) is skipped: the maze reads as without it.
TEST(CliMaze, AByteOrderMarkBeforeTheMazeIsSkipped) {
  ScratchDir dir("cli-maze-bom");
  const auto official = source_dir() / "mazes" / "official" / "maze01.txt";
  const auto file = dir.path() / "bom.maze";
  write_file(file, "\xEF\xBB\xBF" + read_file(official));
  const auto with_bom = run_command(maze_command("check " + shell_quote(file.string())));
  EXPECT_EQ(with_bom.exit_code, 0) << with_bom.output;
  const auto without = run_command(maze_command("check " + shell_quote(official.string())));
  const auto summary = [](const std::string& out) { return out.substr(out.find(": ")); };
  EXPECT_EQ(summary(with_bom.output), summary(without.output));
  EXPECT_EQ(parse_maze("\xEF\xBB\xBF" + read_file(official), "x").maze, parse_maze(read_file(official), "x").maze);
}

TEST(CliMaze, ShowDrawsBoxesOrAsciiWithTheStarts) {
  ScratchDir dir("cli-maze");
  const auto file = dir.path() / "s.maze";
  write_file(file, "1,1,E\n3,3,W\n+-+-+-+\n|     |\n+-+-+ +\n|     |\n+ +-+-+\n|     |\n+-+-+-+\n");
  const auto unicode = run_command(maze_command("show " + shell_quote(file.string())));
  ASSERT_EQ(unicode.exit_code, 0) << unicode.output;
  EXPECT_EQ(unicode.output,
            "┌────────┐\n"
            "│R→      │\n"
            "├─────╴  │\n"
            "│        │\n"
            "│  ╶─────┤\n"
            "│      B←│\n"
            "└────────┘\n"
            "red 1,1,E   blue 3,3,W\n");
  const auto ascii = run_command(maze_command("show --ascii " + shell_quote(file.string())));
  EXPECT_EQ(ascii.output,
            "+--+--+--+\n"
            "|R>      |\n"
            "+--+--+  +\n"
            "|        |\n"
            "+  +--+--+\n"
            "|      B<|\n"
            "+--+--+--+\n"
            "red 1,1,E   blue 3,3,W\n");
  const auto broken = run_command(maze_command("show /nonexistent.maze"));
  EXPECT_EQ(broken.exit_code, 1);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
