// The Lamistra referee against a scripted caiaio (docs/referees.md, "The Lamistra referee"): the
// seed's communication example line for line, "X" on an irregularity, a captured flag, and the
// result line with the match points and the faults the referee judged.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "amazes/lamistra/game.hpp"
#include "amazes/referee/lamistra_referee.hpp"
#include "support/scripted_caiaio.hpp"

namespace amazes::referee {
namespace AMAZES_FILE_NAMESPACE {

using lamistra::Side;
using testing::ScriptedCaiaio;

// What one player was written, in order ("1 Start" → "Start" for player 1).
std::vector<std::string> lines_to(const std::vector<std::string>& written, int player) {
  std::vector<std::string> lines;
  const std::string prefix = std::to_string(player) + " ";
  for (const std::string& line : written) {
    if (line.rfind(prefix, 0) == 0) lines.push_back(line.substr(prefix.size()));
  }
  return lines;
}

// The seed's example: red d3-d4; blue d5-d4 as a lieutenant; red's piece was a rider; red
// c3-d3. Then blue times out.
TEST(LamistraReferee, TheSeedsExampleLineForLine) {
  ScriptedCaiaio caiaio(
      {"d3-d4", "d5-d4", "L", "R", "c3-d3", "<caiaio:_player_timeout>", "time 5 5", "time 180000 180000"});
  std::ostringstream log;
  const lamistra::Game game = referee_lamistra(caiaio.channel(), log);
  const std::vector<std::string> expected = {
      "1 Start",
      "I listen 1",
      "2 d3-d4",
      "I listen 2",  // blue's move: an attack,
      "I listen 2",  // so its role follows at once
      "1 d5-d4",
      "I listen 1",  // red, attacked, says its role
      "1 L",
      "2 R",  // each side reads the other's role
      "I listen 1",
      "2 c3-d3",
      "I listen 2",
      "1 X",  // blue timed out: red reads X, blue nothing
      "I request_time 1",
      "I request_time 2",
      "M report 12 0 timeout",
  };
  EXPECT_EQ(caiaio.written(), expected);
  EXPECT_TRUE(caiaio.all_read());
  // The seed's table: "Invoer Rood" Start, d5-d4, L; "Invoer Blauw" d3-d4, R, c3-d3.
  EXPECT_EQ(lines_to(caiaio.written(), 1), (std::vector<std::string>{"Start", "d5-d4", "L", "X"}));
  EXPECT_EQ(lines_to(caiaio.written(), 2), (std::vector<std::string>{"d3-d4", "R", "c3-d3"}));
  EXPECT_EQ(game.fault(Side::Blue), lamistra::FaultKind::Timeout);
  EXPECT_NE(log.str().find("blue 1 move: d5-d4 attacks"), std::string::npos) << log.str();
  EXPECT_NE(log.str().find("red 2 defender_role: R, attacker_wins"), std::string::npos) << log.str();
  EXPECT_NE(log.str().find("time blue: 180000 ms"), std::string::npos) << log.str();
}

TEST(LamistraReferee, AFalseClaimLosesAndBothReadX) {
  ScriptedCaiaio caiaio({"d3-d4", "d5-d4", "L", "B", "time 1 1", "time 1 1"});
  std::ostringstream log;
  const lamistra::Game game = referee_lamistra(caiaio.channel(), log);
  EXPECT_EQ(game.fault(Side::Red), lamistra::FaultKind::FalseClaim);
  const std::vector<std::string> written = caiaio.written();
  ASSERT_GE(written.size(), 5U);
  EXPECT_EQ(std::vector<std::string>(written.end() - 5, written.end()),
            (std::vector<std::string>{"1 X", "2 X", "I request_time 1", "I request_time 2",
                                      "M report 0 12 false_claim fault=illegal@2,-"}));
  EXPECT_NE(log.str().find("red 2 defender_role: false_claim (\"B\": the piece on d4 has moved"), std::string::npos)
      << log.str();
  EXPECT_EQ(lamistra_result_message(game), "false_claim");
}

TEST(LamistraReferee, AnIrregularMoveLosesAndAnEmptyLineIsOne) {
  ScriptedCaiaio caiaio({"d3-d4", "<caiaio:_player_sends_'\\n'>", "time 1 1", "time 1 1"});
  std::ostringstream log;
  const lamistra::Game game = referee_lamistra(caiaio.channel(), log);
  EXPECT_EQ(game.fault(Side::Blue), lamistra::FaultKind::IllegalMove);
  EXPECT_EQ(caiaio.written().back(), "M report 12 0 illegal_move fault=-,illegal@1");
}

TEST(LamistraReferee, ACrashedSideReadsNoX) {
  ScriptedCaiaio caiaio({"<caiaio:_player_crashed:_Segmentation_fault>", "time 1 1", "time 1 1"});
  std::ostringstream log;
  referee_lamistra(caiaio.channel(), log);
  EXPECT_EQ(caiaio.written(), (std::vector<std::string>{"1 Start", "I listen 1", "2 X", "I request_time 1",
                                                        "I request_time 2", "M report 0 12 crash"}));
}

TEST(LamistraReferee, ACapturedFlagEndsTheGameWithoutX) {
  ScriptedCaiaio caiaio({"d3-d4", "a5-a4", "d4-d5", "R", "V", "time 1 1", "time 1 1"});
  std::ostringstream log;
  const lamistra::Game game = referee_lamistra(caiaio.channel(), log);
  EXPECT_EQ(game.end(), lamistra::GameEnd::FlagCaptured);
  const std::vector<std::string> written = caiaio.written();
  ASSERT_GE(written.size(), 5U);
  // Blue reads red's role after its own, red reads the flag's: then the result.
  EXPECT_EQ(
      std::vector<std::string>(written.end() - 5, written.end()),
      (std::vector<std::string>{"2 R", "1 V", "I request_time 1", "I request_time 2", "M report 12 0 flag_captured"}));
}

TEST(LamistraReferee, TheMoveLimitGivesThreeAndOnePointsByThePiecesLeft) {
  ScriptedCaiaio caiaio({"d3-d4", "d5-d4", "L", "R", "a3-a4", "g5-g4", "time 1 1", "time 1 1"});
  std::ostringstream log;
  const lamistra::Game game = referee_lamistra(caiaio.channel(), log, lamistra::GameSettings{2});
  EXPECT_EQ(game.end(), lamistra::GameEnd::MoveLimit);
  EXPECT_EQ(caiaio.written().back(), "M report 1 3 move_limit");
  EXPECT_NE(log.str().find("pieces left: red 20, blue 21"), std::string::npos) << log.str();
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::referee
