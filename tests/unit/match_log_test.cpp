// A turn's log entry and the limit that ended it (docs/formats.md, `limit_hit`), and logs written
// before turns recorded it, kept in tests/data/old-logs as an older judge wrote them.
#include "amazes/arbiter/match_log.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>
#include <string>

#include "amazes/report/fault_reason.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

std::filesystem::path old_log(const std::string& name) {
  return std::filesystem::path(AMAZES_SOURCE_DIR) / "tests" / "data" / "old-logs" / name;
}

std::size_t fault_index(const arbiter::MatchRecord& record) {
  for (std::size_t i = 0; i < record.amazes()->turns.size(); ++i) {
    if (record.amazes()->turns[i].fault) return i;
  }
  return record.amazes()->turns.size();
}

TEST(MatchLog, AnOlderLogWithoutTheLimitHitStillReadsAndSaysWhy) {
  const arbiter::MatchRecord spent = arbiter::read_match_log(old_log("budget-timeout.json"));
  ASSERT_LT(fault_index(spent), spent.amazes()->turns.size());
  EXPECT_FALSE(spent.amazes()->turns[fault_index(spent)].limit_hit.has_value());
  EXPECT_EQ(report::fault_why(spent, Color::Blue),
            "used up its CPU time: 150.1 ms this turn, 150.0 ms were left of its 150 ms");
  const arbiter::MatchRecord waited = arbiter::read_match_log(old_log("wall-guard-timeout.json"));
  EXPECT_EQ(report::fault_why(waited, Color::Blue),
            "no line within the wall-time guard of 400.0 ms (2 x the 150.0 ms left + 100 ms) while using only 10.1 ms "
            "of CPU: it was waiting (if it wrote its answer, it did not flush it: a bot must flush its output after "
            "each line)");
}

TEST(MatchLog, ATurnRecordsTheLimitThatEndedItAndOnlyThen) {
  arbiter::MatchRecord record = arbiter::read_match_log(old_log("budget-timeout.json"));
  const std::size_t at = fault_index(record);
  ASSERT_LT(at, record.amazes()->turns.size());
  record.amazes()->turns[at].limit_hit = arbiter::LimitHit::WallGuard;
  const nlohmann::ordered_json log = arbiter::match_log_json(record);
  EXPECT_EQ(log["turns"][at]["limit_hit"], "wall_guard");
  EXPECT_FALSE(log["turns"][0].contains("limit_hit"));
  const arbiter::MatchRecord read = arbiter::match_record_from_json(log);
  EXPECT_EQ(read.amazes()->turns[at].limit_hit, arbiter::LimitHit::WallGuard);
  EXPECT_FALSE(read.amazes()->turns[0].limit_hit.has_value());
  // The report takes the log's word for it.
  EXPECT_EQ(report::fault_why(read, Color::Blue).rfind("no line within the wall-time guard", 0), 0U);
}

TEST(MatchLog, AnUnknownLimitIsRefusedByItsPointer) {
  nlohmann::ordered_json log = arbiter::match_log_json(arbiter::read_match_log(old_log("budget-timeout.json")));
  log["turns"][1]["limit_hit"] = "cpu";
  try {
    arbiter::match_record_from_json(log);
    FAIL() << "read";
  } catch (const std::runtime_error& error) {
    EXPECT_EQ(std::string(error.what()),
              "/turns/1/limit_hit: expected \"budget\", \"wall_guard\" or \"move\", found \"cpu\"");
  }
}

TEST(RefereeLog, AListenRecordsTheLimitThatEndedIt) {
  arbiter::MatchRecord record;
  record.settings.game = arbiter::GameChoice("referee");
  record.game.emplace<arbiter::RefereeRecord>();
  arbiter::RefereeLine listen =
      arbiter::referee_line(arbiter::RefereeRoute::PlayerToReferee, 2, "<caiaio:_player_timeout>");
  listen.listen = 1;
  listen.marker = true;
  listen.fault = FaultKind::Timeout;
  listen.time_ms = 300.5;
  listen.budget_ms = 5000;
  listen.limit_ms = 300;
  listen.limit_hit = arbiter::LimitHit::Move;
  arbiter::RefereeLine answer = listen;
  answer.player = 1;
  answer.text = "a1";
  answer.marker = false;
  answer.fault.reset();
  answer.limit_hit.reset();
  record.referee()->transcript = {answer, listen};
  const nlohmann::ordered_json log = arbiter::match_log_json(record);
  EXPECT_FALSE(log["transcript"][0].contains("limit_hit"));
  EXPECT_EQ(log["transcript"][1]["limit_hit"], "move");
  const arbiter::MatchRecord read = arbiter::match_record_from_json(log);
  EXPECT_EQ(read.referee()->transcript[1].limit_hit, arbiter::LimitHit::Move);
  EXPECT_FALSE(read.referee()->transcript[0].limit_hit.has_value());
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
