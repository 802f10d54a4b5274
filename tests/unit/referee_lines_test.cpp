// A referee's lines as the judge, in caiaio's place, reads them (src/arbiter/match/referee_lines.cpp):
// the first word says for whom, an `I` line what; a report's scores keep to the range.
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "match/referee_lines.hpp"

namespace amazes {
namespace {

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

}  // namespace
}  // namespace amazes
