// `amazes match --from LOG` (a logged game's maze, starts and settings, played by the programs
// given) and `amazes log maze` (that maze as a maze file), with logs of `amazes match` and of a
// tournament, and broken logs refused with one line.
#include <gtest/gtest.h>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/maze_io.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

std::string q(const std::filesystem::path& path) { return shell_quote(path.string()); }

CommandResult match(const std::string& arguments, const std::string& red, const std::string& blue) {
  return run_command(amazes_exe() + " match --grace-ms 300 " + arguments + " " + shell_quote(red) + " " +
                     shell_quote(blue) + " 2>&1");
}

std::vector<std::string> played(const arbiter::MatchRecord& record) {
  std::vector<std::string> moves;
  for (const auto& t : record.amazes()->turns) moves.push_back(t.played + " " + std::to_string(t.points));
  return moves;
}

TEST(CliMatchFrom, PlaysTheLoggedGameAgainWithTheSameMazeStartsAndSettings) {
  ScratchDir dir("cli-from");
  const auto first = dir.path() / "first.json";
  const auto again = dir.path() / "again.json";
  const std::string red = player_path("explorer");
  const std::string blue = bot_path("chatty");
  const auto played_first = match("--seed 11 --size 12 --turns 30 --time-ms 3000 --log " + q(first), red, blue);
  ASSERT_EQ(played_first.exit_code, 0) << played_first.output;
  const auto played_again = match("--from " + q(first) + " --log " + q(again), red, blue);
  ASSERT_EQ(played_again.exit_code, 0) << played_again.output;

  const auto a = arbiter::read_match_log(first);
  const auto b = arbiter::read_match_log(again);
  EXPECT_EQ(b.amazes()->board.maze, a.amazes()->board.maze);
  EXPECT_EQ(b.amazes()->board.starts.red, a.amazes()->board.starts.red);
  EXPECT_EQ(b.amazes()->board.starts.blue, a.amazes()->board.starts.blue);
  EXPECT_EQ(b.seed, a.seed);
  EXPECT_EQ(b.settings.turns, 30);
  EXPECT_EQ(b.settings.time_ms, 3000.0);
  EXPECT_EQ(b.id, a.id);
  // Deterministic bots: the same game, move for move, and the same result lines.
  EXPECT_EQ(played(b), played(a));
  EXPECT_EQ(b.outcome[0].score, a.outcome[0].score);
  EXPECT_EQ(b.outcome[1].score, a.outcome[1].score);
  EXPECT_EQ(played_again.output, played_first.output);

  // A setting given on the command line wins over the log's; the others stay the log's.
  const auto shorter = dir.path() / "shorter.json";
  ASSERT_EQ(match("--from " + q(first) + " --turns 5 --log " + q(shorter), red, blue).exit_code, 0);
  const auto c = arbiter::read_match_log(shorter);
  EXPECT_EQ(c.settings.turns, 5);
  EXPECT_EQ(c.settings.time_ms, 3000.0);
  EXPECT_EQ(c.amazes()->board.maze, a.amazes()->board.maze);
  EXPECT_EQ(c.amazes()->turns.size(), 10U);
}

TEST(CliMatchFrom, PlaysATournamentsLogAndWritesItsMazeAsAMazeFile) {
  ScratchDir dir("cli-from-tournament");
  const auto out = dir.path() / "out";
  const std::string polite = bot_path("polite");
  const auto tournament = run_command(amazes_exe() + " tournament -q --rounds 1 --size 10 --turns 4 --out " + q(out) +
                                      " a=" + shell_quote(polite) + " b=" + shell_quote(bot_path("chatty")) + " 2>&1");
  ASSERT_EQ(tournament.exit_code, 0) << tournament.output;
  std::vector<std::filesystem::path> logs;
  for (const auto& entry : std::filesystem::directory_iterator(out / "matches")) logs.push_back(entry.path());
  ASSERT_EQ(logs.size(), 2U);
  const auto logged = arbiter::read_match_log(logs.front());

  const auto replayed = dir.path() / "replayed.json";
  const auto result = match("--from " + q(logs.front()) + " --log " + q(replayed), polite, polite);
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const auto record = arbiter::read_match_log(replayed);
  EXPECT_EQ(record.amazes()->board.maze, logged.amazes()->board.maze);
  EXPECT_EQ(record.amazes()->board.starts.red, logged.amazes()->board.starts.red);
  EXPECT_EQ(record.amazes()->board.starts.blue, logged.amazes()->board.starts.blue);
  EXPECT_EQ(record.settings.turns, 4);

  // `log maze`: a valid maze file with the game's starts, to a file or to stdout alike.
  const auto maze_file = dir.path() / "game.maze";
  const auto written = run_command(amazes_exe() + " log maze " + q(logs.front()) + " -o " + q(maze_file) + " 2>&1");
  ASSERT_EQ(written.exit_code, 0) << written.output;
  EXPECT_EQ(written.output, "");
  const auto check = run_command(amazes_exe() + " maze check " + q(maze_file) + " 2>&1");
  EXPECT_EQ(check.exit_code, 0) << check.output;
  EXPECT_NE(check.output.find(": ok (10x10"), std::string::npos) << check.output;
  const MazeFile parsed = parse_maze(read_file(maze_file));
  EXPECT_EQ(parsed.maze, logged.amazes()->board.maze);
  ASSERT_TRUE(parsed.starts.has_value());
  EXPECT_EQ(parsed.starts->red, logged.amazes()->board.starts.red);
  EXPECT_EQ(parsed.starts->blue, logged.amazes()->board.starts.blue);
  const auto printed = run_command(amazes_exe() + " log maze " + q(logs.front()));
  ASSERT_EQ(printed.exit_code, 0);
  EXPECT_EQ(printed.output, read_file(maze_file));

  // And that maze file, played with --maze, is the same game as --from.
  const auto from_file = dir.path() / "from-file.json";
  ASSERT_EQ(match("--maze " + q(maze_file) + " --turns 4 --log " + q(from_file), polite, polite).exit_code, 0);
  EXPECT_EQ(played(arbiter::read_match_log(from_file)), played(record));
}

TEST(CliMatchFrom, RefusesABrokenLogWithOneLineAndTheMazeOptionsBesideIt) {
  ScratchDir dir("cli-from-broken");
  const auto good = dir.path() / "good.json";
  const std::string polite = bot_path("polite");
  ASSERT_EQ(match("--seed 3 --size 8 --turns 2 --log " + q(good), polite, polite).exit_code, 0);
  const std::string text = read_file(good);

  const auto cut = dir.path() / "cut.json";
  write_file(cut, text.substr(0, text.size() / 2));
  // Red's start moved onto blue's square: not a pair of starts a game can have.
  auto record = arbiter::read_match_log(good);
  record.amazes()->board.starts.red = record.amazes()->board.starts.blue;
  const auto same_square = dir.path() / "same-square.json";
  arbiter::write_match_log(same_square, record);
  const auto other_format = dir.path() / "other.json";
  std::string renamed = text;
  renamed.replace(renamed.find("amazes-match/1"), 14, "amazes-match/9");
  write_file(other_format, renamed);

  const struct {
    std::filesystem::path log;
    std::string message;
  } cases[] = {
      {cut, cut.string() + ": not a JSON match log"},
      {same_square, same_square.string() + ": unusable starts (/start): "},
      {other_format, other_format.string() + ": /format: expected \"amazes-match/1\""},
      {dir.path() / "missing.json", (dir.path() / "missing.json").string() + ": "},
  };
  for (const auto& c : cases) {
    for (const std::string& command :
         {" match --from " + q(c.log) + " " + shell_quote(polite) + " " + shell_quote(polite),
          " log maze " + q(c.log)}) {
      const auto result = run_command(amazes_exe() + command + " 2>&1");
      EXPECT_EQ(result.exit_code, 1) << command << "\n" << result.output;
      EXPECT_NE(result.output.find(c.message), std::string::npos) << command << "\n" << result.output;
      EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << result.output;
    }
  }

  // The maze and the starts come from the log: options that would give them are refused.
  const std::vector<std::string> maze_options = {"--maze " + q(good), "--seed 5", "--size 9",
                                                 "--red-start 1,1,E --blue-start 8,8,W"};
  for (const std::string& option : maze_options) {
    const auto result = match("--from " + q(good) + " " + option, polite, polite);
    EXPECT_EQ(result.exit_code, 2) << option << "\n" << result.output;
    EXPECT_NE(result.output.find("--from takes the maze and the starts from the log: not with --"), std::string::npos)
        << result.output;
    EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << result.output;
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
