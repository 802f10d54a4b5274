// The Susan referee against a scripted caiaio (docs/referees.md, "The Susan referee"): SPEL.IN's
// lines before every move, the judge's markers as the seed's errors, and the report with the
// move points as scores and values.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "amazes/referee/susan_referee.hpp"
#include "support/scripted_caiaio.hpp"

namespace amazes::referee {
namespace AMAZES_FILE_NAMESPACE {

using susan::Side;
using testing::ScriptedCaiaio;

// The lines of the game so far to `seat`, then its listen.
void expect_turn(std::vector<std::string>& lines, int seat, const std::vector<std::string>& moves) {
  const std::string to = std::to_string(seat) + " ";
  lines.push_back(to + std::to_string(moves.size()));
  for (const std::string& move : moves) lines.push_back(to + move);
  lines.push_back("I listen " + std::to_string(seat));
}

TEST(SusanReferee, EachMoveGetsTheWholeGameSoFarAsSpelIn) {
  ScriptedCaiaio caiaio({"b1", "a1", "a2", "e5", "b2"});
  std::ostringstream log;
  const susan::Game game = referee_susan(caiaio.channel(), log);
  EXPECT_EQ(game.end(), susan::GameEnd::Enclosed);
  std::vector<std::string> expected;
  expect_turn(expected, 1, {});
  expect_turn(expected, 2, {"b1"});
  expect_turn(expected, 1, {"b1", "a1"});
  expect_turn(expected, 2, {"b1", "a1", "a2"});
  expect_turn(expected, 1, {"b1", "a1", "a2", "e5"});
  // Nothing to the players after the end: a program run once per move is simply not run again.
  expected.push_back("M report 195 5 enclosed move_points=195,5");
  EXPECT_EQ(caiaio.written(), expected);
  EXPECT_TRUE(caiaio.all_read());
  EXPECT_NE(log.str().find("5. red: b2, enclosed\n"), std::string::npos) << log.str();
  EXPECT_NE(log.str().find("result: red 195, yellow 5 move points (enclosed, 5 moves)"), std::string::npos)
      << log.str();
}

TEST(SusanReferee, TheSeedsExampleReachesThePlayerAsItsSpelIn) {
  ScriptedCaiaio caiaio({"e2", "d3", "f2", "d4", "f2-e3", "e5", "<caiaio:_player_timeout>"});
  std::ostringstream log;
  referee_susan(caiaio.channel(), log);
  const std::vector<std::string> written = caiaio.written();
  // Red's seventh move: the seed's SPEL.IN, line for line.
  const std::vector<std::string> seventh(written.end() - 9, written.end() - 1);
  EXPECT_EQ(seventh,
            (std::vector<std::string>{"1 6", "1 e2", "1 d3", "1 f2", "1 d4", "1 f2-e3", "1 e5", "I listen 1"}));
  EXPECT_EQ(written.back(), "M report 6 194 TIJD_OP move_points=6,194");
}

struct MarkerCase {
  std::string answer;  // yellow's first answer
  std::string report;
};

// The judge's markers are the seed's errors it saw (no `fault=`: it knows them), an empty line
// is ONGELDIG, judged here.
TEST(SusanReferee, MarkersAndAnEmptyLineAreIrregularLosses) {
  const std::vector<MarkerCase> cases = {
      {"<caiaio:_player_no_output_file>", "M report 199 1 BESTAND move_points=199,1"},
      {"<caiaio:_player_timeout>", "M report 199 1 TIJD_OP move_points=199,1"},
      {"<caiaio:_player_crashed:_Segmentation_fault>", "M report 199 1 CRASH move_points=199,1"},
      {"<caiaio:_player_stopped>", "M report 199 1 CRASH move_points=199,1"},
      {"<caiaio:_player_sends_'\\n'>", "M report 199 1 ONGELDIG move_points=199,1 fault=-,illegal@1"},
      {"e5", "M report 199 1 ONGELDIG move_points=199,1 fault=-,illegal@1"},  // on red's e5
  };
  for (const MarkerCase& c : cases) {
    ScriptedCaiaio caiaio({"e5", c.answer});
    std::ostringstream log;
    const susan::Game game = referee_susan(caiaio.channel(), log);
    EXPECT_EQ(game.winner(), Side::Red) << c.answer;
    EXPECT_EQ(caiaio.written().back(), c.report) << c.answer;
    EXPECT_TRUE(caiaio.all_read()) << c.answer;
  }
  EXPECT_EQ(parse_caia_reply("<caiaio:_player_no_output_file>").kind, CaiaReply::Kind::NoOutputFile);
}

TEST(SusanReferee, AnIllegalMoveIsNamedInTheLog) {
  ScriptedCaiaio caiaio({"e5", "d4", "e5-e7"});
  std::ostringstream log;
  referee_susan(caiaio.channel(), log);
  EXPECT_EQ(caiaio.written().back(), "M report 2 198 ONGELDIG move_points=2,198 fault=illegal@2,-");
  EXPECT_NE(log.str().find("3. red: \"e5-e7\", ONGELDIG (e7 is not next to e5)\n"), std::string::npos) << log.str();
}

TEST(SusanReferee, EnclosingItsOwnStoneNeedlesslyIsOnnodig) {
  ScriptedCaiaio caiaio({"a2", "e5", "b1", "e6", "b2", "e7", "a1"});
  std::ostringstream log;
  referee_susan(caiaio.channel(), log);
  EXPECT_EQ(caiaio.written().back(), "M report 7 193 ONNODIG move_points=7,193 fault=illegal@4,-");
  EXPECT_NE(log.str().find("7. red: a1, ONNODIG\n"), std::string::npos) << log.str();
}

TEST(SusanReferee, SixSlidesInARowAreADrawOfHundredEach) {
  ScriptedCaiaio caiaio({"e2", "e8", "e2-e3", "e8-e7", "e3-e2", "e7-e8", "e2-e3", "e8-e7"});
  std::ostringstream log;
  const susan::Game game = referee_susan(caiaio.channel(), log);
  EXPECT_FALSE(game.winner().has_value());
  EXPECT_EQ(caiaio.written().back(), "M report 100 100 draw_slides move_points=100,100");
}

TEST(SusanReferee, CaiaioClosingBeforeTheEndThrows) {
  ScriptedCaiaio caiaio({"e2"});
  std::ostringstream log;
  EXPECT_THROW(referee_susan(caiaio.channel(), log), CaiaClosed);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::referee
