// A referee's lines as the judge, in caiaio's place, reads them (src/arbiter/match/referee_lines.cpp):
// the first word says for whom, an `I` line what; a report's scores keep to the range.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <variant>

#include "match/referee_lines.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using arbiter::parse_referee_line;
using arbiter::RefereeRequest;
using Kind = RefereeRequest::Kind;

RefereeRequest request(std::string_view line) {
  auto parsed = parse_referee_line(line, 2);
  EXPECT_TRUE(std::holds_alternative<RefereeRequest>(parsed)) << line << ": " << std::get<std::string>(parsed);
  return std::holds_alternative<RefereeRequest>(parsed) ? std::get<RefereeRequest>(parsed) : RefereeRequest{};
}

std::string problem(std::string_view line) {
  auto parsed = parse_referee_line(line, 2);
  return std::holds_alternative<std::string>(parsed) ? std::get<std::string>(parsed) : "accepted";
}

TEST(RefereeLines, EachFirstWordGoesWhereCaiaioSendsIt) {
  EXPECT_EQ(request("1 Start").kind, Kind::ToPlayer);
  EXPECT_EQ(request("2 a1b2").player, 2);
  EXPECT_EQ(request("2 a1b2").text, "a1b2");
  // caiaio hands on what follows the first word and one blank, as it is.
  EXPECT_EQ(request("1  two blanks").text, " two blanks");
  EXPECT_EQ(request("1").text, "");
  EXPECT_EQ(request("1\tStart").text, "Start");
  EXPECT_EQ(request("I listen 1").kind, Kind::Listen);
  EXPECT_EQ(request("I listen 2").player, 2);
  EXPECT_EQ(request("I request_time 2").kind, Kind::RequestTime);
  EXPECT_EQ(request("I lock").kind, Kind::Lock);
  EXPECT_EQ(request("I unlock").kind, Kind::Unlock);
  EXPECT_EQ(request("M report 1 2 x").kind, Kind::ToManager);
  EXPECT_EQ(request("M report 1 2 x").text, "report 1 2 x");
}

TEST(RefereeLines, WhatCaiaioWouldNotTakeIsSaid) {
  EXPECT_EQ(problem(""), "wrote a line caiaio does not know: \"\"");
  EXPECT_EQ(problem(" 1 Start"), "wrote a line caiaio does not know: \" 1 Start\"");
  EXPECT_EQ(problem("X hello"), "wrote a line caiaio does not know: \"X hello\"");
  EXPECT_EQ(problem("01 Start"), "wrote a line caiaio does not know: \"01 Start\"");
  EXPECT_EQ(problem("3 Quit"), "names player 3, but the game has 2: \"3 Quit\"");
  EXPECT_EQ(problem("0 Quit"), "names player 0, but the game has 2: \"0 Quit\"");
  EXPECT_EQ(problem("I listen 3"), "names player 3, but the game has 2: \"I listen 3\"");
  EXPECT_EQ(problem("I listen"), "wrote a malformed line: \"I listen\" (caiaio takes `I listen N`)");
  EXPECT_EQ(problem("I listen one"), "wrote a malformed line: \"I listen one\" (caiaio takes `I listen N`)");
  EXPECT_EQ(problem("I kill 1"), "wrote a line caiaio does not know: \"I kill 1\"");
  EXPECT_EQ(problem("I"), "wrote a line caiaio does not know: \"I\"");
  EXPECT_EQ(problem("X \x1b[31m"), "wrote a line caiaio does not know: \"X \\x1b[31m\"");  // no raw ESC
}

TEST(RefereeLines, AReportKeepsToTheRange) {
  const arbiter::ScoreRange more{0, 20};
  const auto report = arbiter::parse_report("report 13 7 arrived;white:59", more);
  ASSERT_TRUE(report.has_value());
  const auto& scores = std::get<arbiter::RefereeReport>(*report);
  EXPECT_EQ(scores.scores[0], 13);
  EXPECT_EQ(scores.scores[1], 7);
  EXPECT_EQ(scores.message, "arrived;white:59");
  EXPECT_EQ(std::get<arbiter::RefereeReport>(*arbiter::parse_report("report 20 20", more)).message, "");
  EXPECT_FALSE(arbiter::parse_report("a note for the manager", more).has_value());
  EXPECT_EQ(std::get<std::string>(*arbiter::parse_report("report 25 0 x", more)),
            "reported score 25 for player 1, outside 0..20");
  EXPECT_EQ(std::get<std::string>(*arbiter::parse_report("report 0 -1 x", more)),
            "reported score -1 for player 2, outside 0..20");
  EXPECT_EQ(std::get<std::string>(*arbiter::parse_report("report 1.5 0 x", more)),
            "reported \"1.5\" for player 1, not a whole number: \"report 1.5 0 x\"");
  EXPECT_EQ(std::get<std::string>(*arbiter::parse_report("report 3", more)),
            "reported no two scores: \"report 3\" (a report is `M report S1 S2 MESSAGE`)");
}

arbiter::RefereeReport report_of(std::string_view text) {
  const auto parsed = arbiter::parse_report(text, arbiter::ScoreRange{0, 200});
  EXPECT_TRUE(parsed && std::holds_alternative<arbiter::RefereeReport>(*parsed))
      << text << ": " << (parsed ? std::get<std::string>(*parsed) : "no report");
  return parsed && std::holds_alternative<arbiter::RefereeReport>(*parsed) ? std::get<arbiter::RefereeReport>(*parsed)
                                                                           : arbiter::RefereeReport{};
}

std::string report_problem(std::string_view text) {
  const auto parsed = arbiter::parse_report(text, arbiter::ScoreRange{0, 200});
  return parsed && std::holds_alternative<std::string>(*parsed) ? std::get<std::string>(*parsed) : "accepted";
}

using Values = std::map<std::string, std::array<std::int64_t, 2>>;

// The lines of referees written before the extension read as they always did: MESSAGE is the rest
// of the line, whatever it holds, unless it ends in `name=…` words after its first word.
TEST(RefereeLines, AReportWithoutTheExtensionReadsAsBefore) {
  for (const std::string_view message :
       {"cut_off;white:19moves+1penalties=20;black:80moves+19penalties+15completion=114", "move_points=3,4",
        "fault=illegal@1,-", "white won", "a=1,2 by far", "Move=1,2 and B=3", "x ", "=1,2 =3,4"}) {
    const arbiter::RefereeReport report = report_of("report 2 0 " + std::string(message));
    EXPECT_EQ(report.message, message);
    EXPECT_TRUE(report.values.empty()) << message;
    EXPECT_FALSE(report.faults[0] || report.faults[1]) << message;
  }
}

TEST(RefereeLines, ValuesAfterTheMessageAreEachPlayers) {
  const arbiter::RefereeReport report = report_of("report 2 0 won move_points=163,37 margin=-5,+5");
  EXPECT_EQ(report.message, "won");
  EXPECT_EQ(report.values, (Values{{"move_points", {163, 37}}, {"margin", {-5, 5}}}));
  EXPECT_FALSE(report.faults[0] || report.faults[1]);
  // A message of several words keeps them; the extension is what ends the line.
  const arbiter::RefereeReport long_message = report_of("report 1 1 a draw, as agreed\t move_points=100,100 ");
  EXPECT_EQ(long_message.message, "a draw, as agreed");
  EXPECT_EQ(long_message.values, (Values{{"move_points", {100, 100}}}));
  EXPECT_EQ(report_of("report 0 0 x big=9223372036854775807,-9223372036854775808").values,
            (Values{{"big", {INT64_MAX, INT64_MIN}}}));
}

TEST(RefereeLines, AFaultWordNamesEachPlayersFaultAndMove) {
  const arbiter::RefereeReport report =
      report_of("report 20 0 cut_off;white:...;black:...(illegal_at_move_3) fault=-,illegal@3");
  EXPECT_EQ(report.message, "cut_off;white:...;black:...(illegal_at_move_3)");
  EXPECT_FALSE(report.faults[0].has_value());
  ASSERT_TRUE(report.faults[1].has_value());
  EXPECT_EQ(report.faults[1]->kind, FaultKind::Illegal);
  EXPECT_EQ(report.faults[1]->move, 3);

  const arbiter::RefereeReport both = report_of("report 0 0 x fault=too_long,crash@12 move_points=1,2");
  ASSERT_TRUE(both.faults[0] && both.faults[1]);
  EXPECT_EQ(both.faults[0]->kind, FaultKind::TooLong);
  EXPECT_EQ(both.faults[0]->move, std::nullopt);
  EXPECT_EQ(both.faults[1]->kind, FaultKind::Crash);
  EXPECT_EQ(both.faults[1]->move, 12);
  EXPECT_EQ(both.values, (Values{{"move_points", {1, 2}}}));
  const arbiter::RefereeReport none = report_of("report 0 0 x fault=-,-");
  EXPECT_FALSE(none.faults[0] || none.faults[1]);
  for (const FaultKind kind : kAllFaultKinds) {
    const auto reported = report_of("report 0 0 x fault=" + std::string(fault_name(kind)) + ",-").faults[0];
    EXPECT_EQ(reported ? reported->kind : std::optional<FaultKind>(), kind);
  }
}

TEST(RefereeLines, AMalformedExtensionIsTheReferees) {
  EXPECT_EQ(report_problem("report 2 0 won move_points=163"),
            "reported \"move_points=163\", not NAME=V1,V2 (player 1's and player 2's, whole numbers): "
            "\"report 2 0 won move_points=163\"");
  for (const std::string_view word :
       {"move_points=1,2,3", "move_points=1.5,2", "move_points=,2", "move_points=", "x=1,9223372036854775808"}) {
    EXPECT_NE(report_problem("report 2 0 won " + std::string(word)).find("not NAME=V1,V2"), std::string::npos) << word;
  }
  EXPECT_EQ(report_problem("report 2 0 won fault=cheat,-"),
            "reported \"fault=cheat,-\", not fault=F1,F2 (each `-` or a fault: crash, timeout, illegal, too_long, "
            "unsolicited or no_output, perhaps with @MOVE): \"report 2 0 won fault=cheat,-\"");
  for (const std::string_view word : {"fault=illegal", "fault=illegal@0,-", "fault=illegal@,-", "fault=-@3,-",
                                      "fault=Illegal,-", "fault=illegal@x,-", "fault=-,-,-"}) {
    EXPECT_NE(report_problem("report 2 0 won " + std::string(word)).find("not fault=F1,F2"), std::string::npos) << word;
  }
  EXPECT_EQ(report_problem("report 2 0 won a=1,2 a=3,4"), "reported \"a\" twice: \"report 2 0 won a=1,2 a=3,4\"");
  EXPECT_EQ(report_problem("report 2 0 won fault=-,- fault=crash,-"),
            "reported \"fault\" twice: \"report 2 0 won fault=-,- fault=crash,-\"");
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
