// The referee's own log as the judge keeps it (src/arbiter/match/referee_kept_log.cpp): its
// beginning up to a bound, each player's fault reason from the line form of docs/referees.md
// ("Why a fault"), what it does with whatever the referee left under the log's name, and a log
// of an older judge, which had none of it.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <string>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/referee_fault_line.hpp"
#include "amazes/report/fault_reason.hpp"
#include "match/referee_kept_log.hpp"
#include "support/files.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

TEST(RefereeFaultLine, IsWrittenAndReadInOneForm) {
  const std::string line = referee_fault_line(2, "illegal", "\"f6d6\": no stone on e6 to jump over");
  EXPECT_EQ(line, "fault 2 illegal: \"f6d6\": no stone on e6 to jump over");
  const auto read = parse_referee_fault_line(line);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->player, 2);
  EXPECT_EQ(read->reason, "illegal: \"f6d6\": no stone on e6 to jump over");
  // A player's line ends inside the reason would split it: they become blanks.
  EXPECT_EQ(referee_fault_line(1, "false_claim", "\"B\nX\r\""), "fault 1 false_claim: \"B X \"");
}

TEST(RefereeFaultLine, OnlyAFaultOfPlayerOneOrTwoWithAReasonIsOne) {
  EXPECT_TRUE(parse_referee_fault_line("fault 1 crash").has_value());
  EXPECT_EQ(parse_referee_fault_line("fault 1 x\r")->reason, "x");
  for (const char* other : {"fault 3 illegal: x", "fault 1", "fault 1 ", "fault 12 illegal: x", "faults 1 x",
                            "white 1: illegal (\"a1a1\": a1 is taken); substitute a1a3 jump", " fault 1 x", ""}) {
    EXPECT_FALSE(parse_referee_fault_line(other).has_value()) << other;
  }
}

TEST(RefereeKeptLog, KeepsItsBeginningAndFindsEachFirstReasonInTheWhole) {
  ScratchDir dir("referee-kept-log");
  const auto file = dir.path() / "referee.log";
  std::string text = "board 0001\nfault 1 illegal: first\nfault 1 illegal: second\n";
  while (text.size() < arbiter::kRefereeLogKept + 1000) text += "white 1: e5d5 step\n";
  text += "fault 2 false_claim: " + std::string(2 * arbiter::kFaultReasonMax, 'x') + "\n";
  write_file(file, text);
  const arbiter::KeptRefereeLog kept = arbiter::keep_referee_log(file);
  EXPECT_EQ(kept.text, text.substr(0, arbiter::kRefereeLogKept));
  EXPECT_EQ(kept.dropped, text.size() - arbiter::kRefereeLogKept);
  EXPECT_EQ(kept.reasons[0], "illegal: first");
  // Found beyond the kept part, and cut short.
  EXPECT_EQ(kept.reasons[1], "false_claim: " + std::string(arbiter::kFaultReasonMax - 13, 'x') + "...");
}

TEST(RefereeKeptLog, AnythingButARegularFileIsAnEmptyLogReadWithoutBlocking) {
  ScratchDir dir("referee-kept-odd");
  const auto fifo = dir.path() / "fifo.log";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto target = dir.path() / "target";
  write_file(target, "fault 1 illegal: from a link\n");
  const auto link = dir.path() / "link.log";
  std::filesystem::create_symlink(target, link);
  for (const auto& path : {fifo, link, dir.path() / "gone.log", dir.path()}) {
    const arbiter::KeptRefereeLog kept = arbiter::keep_referee_log(path);
    EXPECT_EQ(kept.text, "") << path;
    EXPECT_EQ(kept.dropped, 0U) << path;
    EXPECT_EQ(kept.reasons[0], "") << path;
  }
}

TEST(RefereeKeptLog, AnOlderLogWithoutItStillReadsAndANewOneKeepsIt) {
  const auto old_log =
      std::filesystem::path(AMAZES_SOURCE_DIR) / "tests" / "data" / "old-logs" / "more-referee-illegal.json";
  arbiter::MatchRecord record = arbiter::read_match_log(old_log);
  ASSERT_TRUE(record.referee() != nullptr);
  EXPECT_EQ(record.referee()->log_text, "");
  EXPECT_EQ(record.referee()->log_dropped, 0U);
  EXPECT_EQ(record.outcome[1].fault, FaultKind::Illegal);
  EXPECT_EQ(record.outcome[1].fault_reason, "");
  EXPECT_EQ(report::fault_why(record, Color::Blue), "the referee judged it: its report says \"fault=-,illegal@1\"");

  // The same game as this judge keeps it: the log and the reason, written and read back.
  record.referee()->log_text = "board 0001\nfault 2 illegal: \"a1a1\": a1 is taken\n";
  record.referee()->log_dropped = 7;
  record.outcome[1].fault_reason = "illegal: \"a1\x1b[2J\": a1 is taken";
  ScratchDir dir("referee-kept-roundtrip");
  arbiter::write_match_log(dir.path() / "game.json", record);
  const arbiter::MatchRecord read = arbiter::read_match_log(dir.path() / "game.json");
  EXPECT_EQ(read.referee()->log_text, record.referee()->log_text);
  EXPECT_EQ(read.referee()->log_dropped, 7U);
  EXPECT_EQ(read.outcome[1].fault_reason, record.outcome[1].fault_reason);
  EXPECT_EQ(read.outcome[0].fault_reason, "");
  // The player's bytes in the referee's words, escaped where shown.
  EXPECT_EQ(report::fault_why(read, Color::Blue), "the referee judged it: illegal: \"a1\\x1b[2J\": a1 is taken");
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
