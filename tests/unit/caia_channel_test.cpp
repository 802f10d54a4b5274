// The referee's side of Caia's protocol (docs/referees.md §1): the lines it writes, caiaio's
// answers and markers as it reads them.
#include <gtest/gtest.h>

#include <sstream>

#include "amazes/referee/caia_channel.hpp"
#include "support/scripted_caiaio.hpp"

namespace amazes::referee {
namespace AMAZES_FILE_NAMESPACE {

using Kind = CaiaReply::Kind;
using testing::ScriptedCaiaio;

TEST(CaiaReplies, MarkersAreReadAsWhatTheyMean) {
  EXPECT_EQ(parse_caia_reply("<caiaio:_player_timeout>").kind, Kind::Timeout);
  EXPECT_EQ(parse_caia_reply("<caiaio:_player_stopped>").kind, Kind::Stopped);
  EXPECT_EQ(parse_caia_reply("<caiaio:_player_sends_'\\n'>").kind, Kind::EmptyLine);
  const CaiaReply crashed = parse_caia_reply("<caiaio:_player_crashed:_Segmentation_fault>");
  EXPECT_EQ(crashed.kind, Kind::Crashed);
  EXPECT_EQ(crashed.text, "Segmentation_fault");
  for (const char* line : {"a1a3", "FFR", "", "<caiaio:_player_timeout", "<caiaio:_player_crashed:_"}) {
    const CaiaReply reply = parse_caia_reply(line);
    EXPECT_EQ(reply.kind, Kind::Line) << line;
    EXPECT_EQ(reply.text, line);
  }
}

TEST(CaiaChannel, WritesEachCommandAsOneLine) {
  ScriptedCaiaio caiaio({"e5e4", "time 1234 617"});
  CaiaChannel& caia = caiaio.channel();
  caia.send(2, "010200100010010100110001000011000010000000000101010100100000");
  const CaiaReply reply = caia.listen(1);
  EXPECT_EQ(reply.kind, Kind::Line);
  EXPECT_EQ(reply.text, "e5e4");
  EXPECT_EQ(caia.request_time(1), 1234);
  caia.report(13, 7, "white 59, black 62");
  EXPECT_EQ(caiaio.written(), (std::vector<std::string>{
                                  "2 010200100010010100110001000011000010000000000101010100100000",
                                  "I listen 1",
                                  "I request_time 1",
                                  "M report 13 7 white_59,_black_62",
                              }));
  EXPECT_TRUE(caiaio.all_read());
}

TEST(CaiaChannel, ATimeAnswerThatIsNotOneIsNoTime) {
  ScriptedCaiaio caiaio({"lock_ok", "time x 1", "time 12"});
  EXPECT_EQ(caiaio.channel().request_time(1), std::nullopt);
  EXPECT_EQ(caiaio.channel().request_time(1), std::nullopt);
  EXPECT_EQ(caiaio.channel().request_time(1), 12);
}

TEST(CaiaChannel, AnEndedInputIsCaiaClosed) {
  ScriptedCaiaio caiaio({});
  EXPECT_THROW(caiaio.channel().listen(1), CaiaClosed);
}

TEST(CaiaChannel, ALineBreakInAPlayersLineIsRefused) {
  ScriptedCaiaio caiaio({});
  EXPECT_THROW(caiaio.channel().send(1, "Start\nQuit"), std::invalid_argument);
  EXPECT_TRUE(caiaio.written().empty());
}

TEST(CaiaChannel, TheExtensionFollowsTheMessage) {
  ScriptedCaiaio caiaio({});
  ReportExtension extension;
  extension.values = {{"move_points", {163, 37}}, {"margin", {-5, 5}}};
  caiaio.channel().report(2, 0, "won by far", extension);
  extension.faults[1] = JudgedFault{FaultKind::Illegal, 3};
  caiaio.channel().report(20, 0, "cut_off", extension);
  extension.values.clear();
  caiaio.channel().report(20, 0, "cut_off", extension);
  EXPECT_EQ(caiaio.written(), (std::vector<std::string>{
                                  "M report 2 0 won_by_far move_points=163,37 margin=-5,5",
                                  "M report 20 0 cut_off move_points=163,37 margin=-5,5 fault=-,illegal@3",
                                  "M report 20 0 cut_off fault=-,illegal@3",
                              }));
}

TEST(CaiaChannel, AnEmptyMessageIsADash) {
  ScriptedCaiaio caiaio({});
  caiaio.channel().report(0, 20, "");
  EXPECT_EQ(caiaio.written(), std::vector<std::string>{"M report 0 20 -"});
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::referee
