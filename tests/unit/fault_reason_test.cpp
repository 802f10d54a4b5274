// The words that say why a player faulted (report/fault_reason.hpp), for each fault kind, made
// from what the match record keeps of the fault turn.
#include "amazes/report/fault_reason.hpp"

#include <gtest/gtest.h>

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

// A fault turn as the log records it: `left` is the budget left before it, its limit too.
arbiter::LoggedTurn fault_turn(FaultKind kind, std::optional<std::string> output, double time_ms = 1.0,
                               double left = 5000) {
  arbiter::LoggedTurn t;
  t.budget_ms = left;
  t.limit_ms = left;
  t.turn = 3;
  t.player = Color::Blue;
  t.input = {"W", "BW", "NNW", "W", "205"};
  t.output = std::move(output);
  t.fault = kind;
  t.time_ms = time_ms;
  return t;
}

TEST(FaultCause, NamesTheCharacterAnIllegalLineHasAndEscapesIt) {
  const arbiter::MatchSettings settings;
  EXPECT_EQ(report::fault_cause(fault_turn(FaultKind::Illegal, "FFX"), settings),
            "answered \"FFX\": 'X' (character 3) is not F, T, L or R");
  EXPECT_EQ(report::fault_cause(fault_turn(FaultKind::Illegal, "F\x1b[31m"), settings),
            "answered \"F\\x1b[31m\": '\\x1b' (character 2) is not F, T, L or R");
  EXPECT_EQ(report::fault_cause(fault_turn(FaultKind::Illegal, "\r"), settings), "answered an empty line");
  EXPECT_EQ(report::fault_cause(fault_turn(FaultKind::Illegal, "F\r\r"), settings),
            "answered \"F\\x0d\": '\\x0d' (character 2) is not F, T, L or R");
}

TEST(FaultCause, TellsACrashBeforeTheAnswerFromOneAfterPartOfIt) {
  const arbiter::MatchSettings settings;
  EXPECT_EQ(report::fault_cause(fault_turn(FaultKind::Crash, std::nullopt), settings),
            "it ended (or closed its stdout) before it answered");
  EXPECT_EQ(report::fault_cause(fault_turn(FaultKind::Crash, "FF"), settings),
            "it ended (or closed its stdout) after writing \"FF\" without a line end");
  arbiter::LoggedTurn dead = fault_turn(FaultKind::Crash, std::nullopt);
  dead.input.clear();
  EXPECT_EQ(report::fault_cause(dead, settings), "its process had ended after its previous answer");
  dead.turn = 1;
  EXPECT_EQ(report::fault_cause(dead, settings), "it could not be started");
}

TEST(FaultCause, TellsAUsedUpBudgetFromTheWallGuardAndTheWallClock) {
  arbiter::MatchSettings settings;
  settings.time_ms = 2000;
  EXPECT_EQ(report::fault_cause(fault_turn(FaultKind::Timeout, std::nullopt, 1500.25, 1500), settings),
            "used up its CPU time: 1500.2 ms this turn, 1500.0 ms were left of its 2000 ms");
  EXPECT_EQ(report::fault_cause(fault_turn(FaultKind::Timeout, "F", 0.5, 1500), settings),
            "no line within the wall-time guard of 4000.0 ms (2 x the 1500.0 ms left + 1000 ms) while using only 0.5 "
            "ms of CPU: it was waiting; it had written \"F\"");
  settings.clock = arbiter::ClockKind::Wall;
  EXPECT_EQ(report::fault_cause(fault_turn(FaultKind::Timeout, std::nullopt, 1500.1, 1500), settings),
            "no line within the 1500.0 ms left of its 2000 ms (wall clock)");
}

TEST(FaultCause, NamesTheLimitPerMoveWhenItWasTheSmaller) {
  arbiter::MatchSettings settings;
  settings.time_ms = 60000;
  settings.move_time_ms = 15000;
  arbiter::LoggedTurn slow = fault_turn(FaultKind::Timeout, std::nullopt, 15000.5, 40000);
  slow.limit_ms = 15000;
  EXPECT_EQ(report::fault_cause(slow, settings),
            "used up its CPU time: 15000.5 ms this turn, its limit of 15000.0 ms a move (40000.0 ms were left of its "
            "60000 ms)");
  settings.move_files = {"SPEL.IN", "SPEL.UIT"};
  EXPECT_EQ(report::fault_cause(fault_turn(FaultKind::NoOutput, std::nullopt), settings),
            "it ended without writing its answer into SPEL.UIT");
}

TEST(FaultCause, ReadsTheLimitTheLogSaysEndedTheTurn) {
  arbiter::MatchSettings settings;
  settings.time_ms = 2000;
  // Charged its whole limit and not beyond it: the wall guard ended it, as the log says (an older
  // log's turn, read by its charge alone, would be told as its budget used up).
  arbiter::LoggedTurn waited = fault_turn(FaultKind::Timeout, std::nullopt, 1500.0, 1500);
  waited.limit_hit = arbiter::LimitHit::WallGuard;
  EXPECT_EQ(
      report::fault_cause(waited, settings),
      "no line within the wall-time guard of 4000.0 ms (2 x the 1500.0 ms left + 1000 ms) while using only "
      "1500.0 ms of CPU: it was waiting (if it wrote its answer, it did not flush it: a bot must flush its output "
      "after each line)");
  settings.move_time_ms = 1000;
  arbiter::LoggedTurn slow = fault_turn(FaultKind::Timeout, std::nullopt, 1000.5, 1500);
  slow.limit_ms = 1000;
  slow.limit_hit = arbiter::LimitHit::Move;
  EXPECT_EQ(report::fault_cause(slow, settings),
            "used up its CPU time: 1000.5 ms this turn, its limit of 1000.0 ms a move (1500.0 ms were left of its "
            "2000 ms)");
  settings.clock = arbiter::ClockKind::Wall;
  slow.limit_hit = arbiter::LimitHit::Budget;
  EXPECT_EQ(report::fault_cause(slow, settings), "no line within the 1000.0 ms left of its 2000 ms (wall clock)");
}

TEST(FaultCause, QuotesTooLongAndUnsolicitedOutputCutShort) {
  const arbiter::MatchSettings settings;
  EXPECT_EQ(report::fault_cause(fault_turn(FaultKind::TooLong, std::string(257, 'F')), settings),
            "answered more than 256 characters without a line end: \"" + std::string(60, 'F') + "...\"");
  arbiter::LoggedTurn early = fault_turn(FaultKind::Unsolicited, std::nullopt);
  early.input.clear();
  early.unsolicited_output = "F\nF\n";
  EXPECT_EQ(report::fault_cause(early, settings), "wrote before it was given its input: \"F\\x0aF\\x0a\"");
  EXPECT_EQ(report::fault_cause(arbiter::LoggedTurn{}, settings), "");
}

TEST(FaultReason, TakesTheLoggedBudgetLeftAndEndsWithTheStderrTail) {
  arbiter::MatchRecord record;
  record.settings.time_ms = 100;
  arbiter::LoggedTurn red1;
  red1.turn = 1;
  red1.time_ms = 30;
  arbiter::LoggedTurn blue1 = red1;
  blue1.player = Color::Blue;
  blue1.time_ms = 90;  // blue's time does not count against red's
  arbiter::LoggedTurn red2 = fault_turn(FaultKind::Timeout, std::nullopt, 70.5);
  red2.player = Color::Red;
  red2.turn = 2;
  red2.budget_ms = 70;  // as the log records it
  red2.limit_ms = 70;
  record.amazes()->turns = {red1, blue1, red2};
  record.outcome[0].fault = FaultKind::Timeout;
  record.outcome[0].fault_turn = 2;
  record.outcome[0].exit = "killed by judge";
  record.outcome[0].stderr_text = "one\ntwo\nthree";
  EXPECT_EQ(report::fault_reason(record, Color::Red, 2),
            "      why: used up its CPU time: 70.5 ms this turn, 70.0 ms were left of its 100 ms\n"
            "      exit: killed by judge\n"
            "      stderr, last 2 of 3 lines:\n"
            "        two\n"
            "        three\n");
  EXPECT_EQ(report::fault_reason(record, Color::Blue), "");
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
