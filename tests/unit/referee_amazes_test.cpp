// The Amazes referee against a scripted caiaio (docs/referees.md §3): the lines of each turn
// are the judge's, caiaio's markers become the faults of docs/rules.md §4.3, and the result
// line carries the scores amazes::Game gives.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "amazes/game.hpp"
#include "amazes/generator.hpp"
#include "amazes/random.hpp"
#include "amazes/referee/amazes_referee.hpp"
#include "amazes/starts.hpp"
#include "support/scripted_caiaio.hpp"

namespace amazes::referee {
namespace AMAZES_FILE_NAMESPACE {

using testing::ScriptedCaiaio;

struct SeededGame {
  Maze maze;
  Starts starts;
};

// The maze and starts `amazes match --seed S` plays (competition::maze_from_seed, game_starts).
SeededGame for_seed(std::uint64_t seed, int size = kDefaultMazeSize) {
  GeneratorOptions options;
  options.size = size;
  Maze maze = generate_maze(seed, options);
  const Starts starts = draw_starts_for_seed(maze, seed).value();
  return {std::move(maze), starts};
}

// The lines the referee should write for one turn of the replica: its input, then the listen.
void expect_turn(std::vector<std::string>& expected, const Game& replica) {
  const int seat = index_of(replica.to_move()) + 1;
  for (const std::string& line : replica.input()) expected.push_back(std::to_string(seat) + " " + line);
  expected.push_back("I listen " + std::to_string(seat));
}

TEST(AmazesReferee, TheJudgesLinesGoOutAndMarkersBecomeFaults) {
  const SeededGame seeded = for_seed(7);
  GameSettings settings;
  settings.turns = 3;
  Game replica(seeded.maze, seeded.starts, settings);
  std::vector<std::string> expected;
  expect_turn(expected, replica);
  replica.play("F");
  expect_turn(expected, replica);
  replica.play("LF\r");  // a '\r' before the end is tolerated
  expect_turn(expected, replica);
  replica.play("FR");
  expect_turn(expected, replica);
  replica.play_fault(FaultKind::Timeout);
  expect_turn(expected, replica);
  replica.play_fault(FaultKind::Crash);
  replica.play_substitute();  // blue's third turn: nothing written
  ASSERT_TRUE(replica.over());
  expected.insert(expected.end(), {"I request_time 1", "I request_time 2"});  // a normal end: no Quit
  expected.push_back("M report 0 0 " + amazes_result_message(replica));       // caiaio's faults: no `fault=` word

  ScriptedCaiaio caiaio({"F", "LF\r", "FR", "<caiaio:_player_timeout>", "<caiaio:_player_crashed:_Killed>",
                         "time 900 800", "time 5000 4000"});
  std::ostringstream log;
  const Game game = referee_amazes(seeded.maze, seeded.starts, settings, caiaio.channel(), log);
  EXPECT_EQ(caiaio.written(), expected);
  EXPECT_TRUE(caiaio.all_read());
  EXPECT_EQ(expected.front(), "1 Start");
  EXPECT_EQ(game.fault(Color::Blue), FaultKind::Timeout);
  EXPECT_EQ(game.fault(Color::Red), FaultKind::Crash);
  EXPECT_EQ(game.points(Color::Red), replica.points(Color::Red));
  EXPECT_EQ(game.points(Color::Blue), replica.points(Color::Blue));
  const std::string message = amazes_result_message(game);
  EXPECT_EQ(message, "normal;red:" + std::to_string(game.points(Color::Red)) + "points(crash_at_turn_3);blue:" +
                         std::to_string(game.points(Color::Blue)) + "points(timeout_at_turn_2)");
  EXPECT_NE(log.str().find("blue 2: timeout; substitute T"), std::string::npos) << log.str();
}

TEST(AmazesReferee, AnEmptyLineIsIllegalAndALongOneTooLong) {
  const SeededGame seeded = for_seed(8);
  GameSettings settings;
  settings.turns = 1;
  ScriptedCaiaio caiaio({"<caiaio:_player_sends_'\\n'>", std::string(257, 'F'), "time 1 1", "time 1 1"});
  std::ostringstream log;
  const Game game = referee_amazes(seeded.maze, seeded.starts, settings, caiaio.channel(), log);
  EXPECT_EQ(game.fault(Color::Red), FaultKind::Illegal);
  EXPECT_EQ(game.fault(Color::Blue), FaultKind::TooLong);
  // Faults it judged from a line, for the judge in caiaio's place.
  EXPECT_EQ(caiaio.written().back(), "M report 0 0 " + amazes_result_message(game) + " fault=illegal@1,too_long@1");
}

// The scores of the result line are Game::score: points clamped to 0..1000 for a player that
// did not fault.
TEST(AmazesReferee, TheResultLineCarriesBothScores) {
  const SeededGame seeded = for_seed(9);
  GameSettings settings;
  settings.turns = 2;
  ScriptedCaiaio caiaio({"F", "F", "T", "T", "time 1 1", "time 1 1"});
  std::ostringstream log;
  const Game game = referee_amazes(seeded.maze, seeded.starts, settings, caiaio.channel(), log);
  EXPECT_EQ(caiaio.written().back(), "M report " + std::to_string(game.score(Color::Red)) + " " +
                                         std::to_string(game.score(Color::Blue)) + " " + amazes_result_message(game));
  EXPECT_GT(game.score(Color::Red), 0);
}

// A sudden death (docs/rules.md §9) ends the game at once and both players read "Quit". On a
// 3×3 maze random answers find one soon; the seed of the first that does is fixed by the loop.
TEST(AmazesReferee, ASuddenDeathTellsBothPlayersToQuit) {
  const SeededGame seeded = for_seed(3, 3);
  GameSettings settings;
  settings.turns = kMaxTurns;
  std::vector<std::string> answers;
  for (std::uint64_t seed = 1; seed < 200 && answers.empty(); ++seed) {
    Rng rng(seed);
    Game replica(seeded.maze, seeded.starts, settings);
    std::vector<std::string> tried;
    while (!replica.over()) {
      std::string line;
      for (int n = 1 + rng.below(3); n > 0; --n) line += "FTLR"[rng.below(4)];
      replica.play(line);
      tried.push_back(line);
    }
    if (replica.end() == GameEnd::SuddenDeath) answers = tried;
  }
  ASSERT_FALSE(answers.empty());
  answers.insert(answers.end(), {"time 1 1", "time 1 1"});
  ScriptedCaiaio caiaio(answers);
  std::ostringstream log;
  const Game game = referee_amazes(seeded.maze, seeded.starts, settings, caiaio.channel(), log);
  ASSERT_EQ(game.end(), GameEnd::SuddenDeath);
  const std::vector<std::string> written = caiaio.written();
  ASSERT_GE(written.size(), 5U);
  EXPECT_EQ(written[written.size() - 5], "1 Quit");
  EXPECT_EQ(written[written.size() - 4], "2 Quit");
  EXPECT_EQ(amazes_result_message(game).rfind("sudden_death;", 0), 0U);
  EXPECT_NE(log.str().find("sudden death"), std::string::npos);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::referee
