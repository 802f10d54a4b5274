// The More referee against a scripted caiaio (docs/referees.md §2): the lines it writes to
// each player and to caiaio, faults and the substitute, "Nil" (after an arrival and after a pass),
// "Quit" and the result line.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "amazes/more/board.hpp"
#include "amazes/more/game.hpp"
#include "amazes/referee/more_referee.hpp"
#include "support/more_blockade.hpp"
#include "support/scripted_caiaio.hpp"

namespace amazes::referee {
namespace AMAZES_FILE_NAMESPACE {

using more::Side;
using testing::ScriptedCaiaio;

constexpr const char* kFigureOne = "010200100010010100110001000011000010000000000101010100100000";

std::string player_line(Side side, const std::string& text) {
  return std::to_string(more::index_of(side) + 1) + " " + text;
}

TEST(MoreReferee, FaultsComeFromTheMarkersAndTheSubstitutePlaysOn) {
  const more::Board board = more::parse_board(kFigureOne);
  // What the substitute plays for white after its crash, from a game of our own.
  more::Game replica(board);
  replica.play("f6f4");
  replica.play("a1c1");
  const std::string substitute = more::format_move(replica.play_fault(more::FaultKind::Crash).played.move);

  ScriptedCaiaio caiaio({"f6f4", "a1c1", "<caiaio:_player_crashed:_Segmentation_fault>", "<caiaio:_player_timeout>",
                         "time 30 15", "time 29000 14500"});
  std::ostringstream log;
  const more::Game game = referee_more(board, caiaio.channel(), log);
  ASSERT_TRUE(game.over());
  EXPECT_EQ(game.fault(Side::White), more::FaultKind::Crash);
  EXPECT_EQ(game.fault(Side::Black), more::FaultKind::Timeout);
  const std::vector<std::string> expected = {
      std::string("1 ") + kFigureOne, std::string("2 ") + kFigureOne, "1 Start", "I listen 1", "2 f6f4", "I listen 2",
      "1 a1c1", "I listen 1",
      "2 " + substitute,  // black reads the substitute's move as white's
      "I listen 2",
      // Both taken over: the substitutes play the game out in silence, nobody is told Quit.
      "I request_time 1", "I request_time 2",
      "M report 0 0 " + more_result_message(game),  // caiaio's faults: no `fault=` word
  };
  EXPECT_EQ(caiaio.written(), expected);
  EXPECT_TRUE(caiaio.all_read());
  EXPECT_NE(more_result_message(game).find("white:"), std::string::npos);
  EXPECT_NE(more_result_message(game).find("(crash_at_move_2)"), std::string::npos);
  EXPECT_NE(more_result_message(game).find("(timeout_at_move_2)"), std::string::npos);
  EXPECT_NE(log.str().find("white 2: crash; substitute " + substitute), std::string::npos) << log.str();
  EXPECT_NE(log.str().find("time black: 29000 ms"), std::string::npos) << log.str();
}

// A whole game: white arrives first, black reads white's last move and then "Nil" before each
// of its own until it arrives; both read "Quit"; the manager reads both scores.
TEST(MoreReferee, AWholeGameWithNilAndQuit) {
  const more::Board board = more::parse_board(kFigureOne);
  // The answers: the substitute's best moves, except black's first four, which dawdle.
  more::Game replica(board);
  std::vector<std::string> answers;
  while (!replica.over()) {
    std::string move = more::format_move(replica.substitute_move().move);
    if (replica.to_move() == Side::Black && replica.moves(Side::Black) < 4) {
      move = replica.moves(Side::Black) % 2 == 0 ? "a2a3" : "a3a2";
    }
    replica.play(move);
    answers.push_back(move);
  }
  ASSERT_EQ(replica.end(), more::GameEnd::Arrived);
  answers.insert(answers.end(), {"time 100 100", "time 200 200"});

  ScriptedCaiaio caiaio(answers);
  std::ostringstream log;
  const more::Game game = referee_more(board, caiaio.channel(), log);
  EXPECT_EQ(game.results().size(), replica.results().size());

  // The expected dialogue, turn by turn: the side to move reads "Start", the other's last
  // move, or "Nil" when the other moved last time too (it has arrived).
  std::vector<std::string> expected = {std::string("1 ") + kFigureOne, std::string("2 ") + kFigureOne};
  int nils = 0;
  for (std::size_t i = 0; i < replica.results().size(); ++i) {
    const more::TurnResult& turn = replica.results()[i];
    std::string prompt = "Start";
    if (i > 0) {
      const more::TurnResult& before = replica.results()[i - 1];
      prompt = before.side == turn.side ? "Nil" : more::format_move(before.played.move);
    }
    nils += prompt == "Nil" ? 1 : 0;
    expected.push_back(player_line(turn.side, prompt));
    expected.push_back("I listen " + std::to_string(more::index_of(turn.side) + 1));
  }
  EXPECT_GE(nils, 2);  // black dawdled: it plays its last moves alone
  expected.insert(expected.end(), {"1 Quit", "2 Quit", "I request_time 1", "I request_time 2"});
  expected.push_back("M report " + std::to_string(game.score(Side::White)) + " " +
                     std::to_string(game.score(Side::Black)) + " " + more_result_message(game));
  EXPECT_EQ(caiaio.written(), expected);
  EXPECT_TRUE(caiaio.all_read());
  EXPECT_EQ(game.score(Side::White) + game.score(Side::Black), 20);
  EXPECT_GT(game.score(Side::White), 10);
  EXPECT_EQ(more_result_message(game).rfind("arrived;white:", 0), 0U) << more_result_message(game);
}

// A side left without a legal move passes (docs/more-rules.md §5): it reads the move that hemmed it
// in at once and is not asked; the other reads "Nil" and moves again; the first side answers the
// move that frees it.
TEST(MoreReferee, ASideWithNoLegalMoveReadsTheMoveAndTheOtherReadsNil) {
  const more::Board board = testing::blockade_board();
  const std::vector<std::string> moves = testing::blockade_moves();
  more::Game replica(board);
  for (const std::string& move : moves) replica.play(move);
  replica.play("b3c3");
  const std::string substitute = more::format_move(replica.play_fault(more::FaultKind::Crash).played.move);

  std::vector<std::string> answers = moves;
  answers.insert(answers.end(), {"b3c3", "<caiaio:_player_crashed:_Killed>", "<caiaio:_player_crashed:_Killed>",
                                 "time 1 1", "time 1 1"});
  ScriptedCaiaio caiaio(answers);
  std::ostringstream log;
  const more::Game game = referee_more(board, caiaio.channel(), log);

  std::vector<std::string> expected = {"1 " + more::format_board(board), "2 " + more::format_board(board), "1 Start"};
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Side side = i % 2 == 0 ? Side::White : Side::Black;
    expected.push_back("I listen " + std::to_string(more::index_of(side) + 1));
    if (i + 1 < moves.size()) expected.push_back(player_line(more::other(side), moves[i]));
  }
  expected.insert(expected.end(),
                  {"2 a4a3",  // black has no legal move: told at once, not asked
                   "1 Nil", "I listen 1", "2 b3c3", "I listen 2", "1 " + substitute, "I listen 1", "I request_time 1",
                   "I request_time 2", "M report 0 0 " + more_result_message(game)});
  EXPECT_EQ(caiaio.written(), expected);
  EXPECT_TRUE(caiaio.all_read());
  EXPECT_EQ(game.passes(Side::Black), 1);
  EXPECT_NE(log.str().find("white 25: a4a3 step +1 penalty; black has no legal move and passes\nwhite 26: b3c3 step\n"),
            std::string::npos)
      << log.str();
}

TEST(MoreReferee, AnInvalidMoveIsIllegalAndSaysWhyInTheLog) {
  ScriptedCaiaio caiaio({"e5e3", "<caiaio:_player_sends_'\\n'>", "time 1 1", "time 1 1"});
  std::ostringstream log;
  const more::Game game = referee_more(more::Board(), caiaio.channel(), log);
  EXPECT_EQ(game.fault(Side::White), more::FaultKind::Illegal);
  EXPECT_EQ(game.fault(Side::Black), more::FaultKind::Illegal);  // an empty line
  EXPECT_NE(log.str().find("white 1: illegal (\"e5e3\": no stone on e4 to jump over); substitute"), std::string::npos)
      << log.str();
  // The judge in caiaio's place learns of both faults from the report's extension.
  EXPECT_EQ(caiaio.written().back(), "M report 0 0 " + more_result_message(game) + " fault=illegal@1,illegal@1");
}

// The report names the faults the referee judged, not those caiaio's markers told it of: the judge
// sent those markers, and knows them.
TEST(MoreReferee, TheReportNamesTheIllegalSideOnly) {
  ScriptedCaiaio caiaio({"<caiaio:_player_crashed:_Segmentation_fault>", "a1a1", "time 1 1", "time 1 1"});
  std::ostringstream log;
  const more::Game game = referee_more(more::Board(), caiaio.channel(), log);
  EXPECT_EQ(game.fault(Side::White), more::FaultKind::Crash);
  EXPECT_EQ(game.fault(Side::Black), more::FaultKind::Illegal);
  EXPECT_EQ(caiaio.written().back(), "M report 0 0 " + more_result_message(game) + " fault=-,illegal@1");
  EXPECT_NE(more_result_message(game).find("(illegal_at_move_1)"), std::string::npos) << more_result_message(game);
}

TEST(MoreReferee, TheResultMessageNamesTheEndAndEachSidesPoints) {
  more::Game game(more::Board(), more::GameSettings{1});
  game.play("f6f4");
  game.play("a2a3");
  ASSERT_EQ(game.end(), more::GameEnd::CutOff);
  const std::string message = more_result_message(game);
  EXPECT_EQ(message, "cut_off;white:1moves+0penalties+" + std::to_string(*game.completion(Side::White)) +
                         "completion=" + std::to_string(game.points(Side::White)) + ";black:1moves+0penalties+" +
                         std::to_string(*game.completion(Side::Black)) +
                         "completion=" + std::to_string(game.points(Side::Black)));
  EXPECT_EQ(message.find(' '), std::string::npos);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::referee
