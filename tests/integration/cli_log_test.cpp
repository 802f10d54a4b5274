// `amazes log show` on logs it must not trust: cut short, hand-edited, of the wrong types or
// out of range, not a regular file. Each is refused with one line naming the file and the turn
// or field (a JSON pointer), exit 1; nothing of it is shown. And --stderr, which shows what
// the players wrote besides their moves.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <algorithm>
#include <functional>

#include <nlohmann/json.hpp>

#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support
using json = nlohmann::ordered_json;

std::string quoted(const std::filesystem::path& path) { return shell_quote(path.string()); }

// A real log of a real game: 10 turns each, blue crashing at its turn 3 after writing to stderr.
class CliLog : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new ScratchDir("cli-log");
    log_ = dir_->path() / "game.json";
    const auto result =
        run_command(amazes_exe() + " match --seed 5 --size 8 --turns 10 --sandbox none --log " + quoted(log_) + " " +
                    shell_quote(player_path("explorer")) + " " + shell_quote(bot_path("crash") + " 3") + " 2>&1");
    ASSERT_EQ(result.exit_code, 0) << result.output;
  }
  static void TearDownTestSuite() { delete dir_; }

  // The log with `edit` applied, written beside it as NAME.json.
  static std::filesystem::path edited(const std::string& name, const std::function<void(json&)>& edit) {
    json log = json::parse(read_file(log_));
    edit(log);
    const auto path = dir_->path() / (name + ".json");
    write_file(path, log.dump());
    return path;
  }

  static CommandResult show(const std::filesystem::path& log, const std::string& options = "") {
    return run_command("timeout 20 " + amazes_exe() + " log show --ascii " + options + quoted(log) + " 2>&1");
  }

  // Refused: exit 1, exactly one line, naming the file and saying `says`.
  static void expect_refused(const std::filesystem::path& log, const std::string& says) {
    const auto result = show(log);
    EXPECT_EQ(result.exit_code, 1) << result.output;
    EXPECT_EQ(result.output, "amazes log show: " + log.string() + ": " + says + "\n");
  }

  static inline ScratchDir* dir_ = nullptr;
  static inline std::filesystem::path log_;
};

TEST_F(CliLog, TheRealLogIsShown) {
  const auto result = show(log_);
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("end: normal"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("final board"), std::string::npos) << result.output;
}

TEST_F(CliLog, ALogCutShortIsRefusedNotShownAsANormalEnd) {
  expect_refused(edited("cut10", [](json& log) { log["turns"].erase(log["turns"].begin() + 10, log["turns"].end()); }),
                 "the log disagrees with the rules engine: the log ends before turn 6 of red, but the game is not "
                 "over (10 turns each)");
  expect_refused(edited("cut0", [](json& log) { log["turns"] = json::array(); }),
                 "the log disagrees with the rules engine: the log ends before turn 1 of red, but the game is not "
                 "over (10 turns each)");
  expect_refused(edited("extra", [](json& log) { log["turns"].push_back(log["turns"].back()); }),
                 "/turns: 21 turns, more than the 2 x 10 of /settings/turns");
}

TEST_F(CliLog, ResultsTheRulesDoNotGiveAreRefused) {
  json log = json::parse(read_file(log_));
  const int red_points = log["result"]["red"]["points"].get<int>();
  const int red_score = log["result"]["red"]["score"].get<int>();
  expect_refused(edited("score", [](json& l) { l["result"]["red"]["score"] = 999; }),
                 "the log disagrees with the rules engine: /result/red/score: 999 in the log, the rules give " +
                     std::to_string(red_score));
  expect_refused(
      edited("points", [](json& l) { l["result"]["red"]["points"] = l["result"]["red"]["points"].get<int>() + 1; }),
      "the log disagrees with the rules engine: /result/red/points: " + std::to_string(red_points + 1) +
          " in the log, the rules give " + std::to_string(red_points));
  expect_refused(edited("fault", [](json& l) { l["result"]["blue"]["fault"] = "timeout"; }),
                 "the log disagrees with the rules engine: /result/blue/fault: timeout in the log, the rules give "
                 "crash");
  expect_refused(edited("end", [](json& l) { l["result"]["end"] = "sudden_death"; }),
                 "the log disagrees with the rules engine: /result/end: sudden_death in the log, the rules give "
                 "normal");
}

TEST_F(CliLog, TurnsTheEngineCannotPlayAsLoggedAreRefusedWithoutAnInternalError) {
  // Blue's turn 4 (index 7) follows its crash: the judge plays T for it.
  expect_refused(edited("substituted", [](json& l) { l["turns"][7]["substituted"] = false; }),
                 "the log disagrees with the rules engine: turn 4 (blue): the player faulted before (turn 3), so the "
                 "judge plays T for it: expected substituted true and no fault");
  expect_refused(edited("played", [](json& l) { l["turns"][0]["played"] = "X"; }),
                 "the log disagrees with the rules engine: turn 1 (red): played \"X\" in the log, the rules give "
                 "\"T\"");
}

TEST_F(CliLog, FieldsOfTheWrongTypeOrRangeAreNamedByTheirPointer) {
  expect_refused(edited("turn-float", [](json& l) { l["turns"][12]["turn"] = 1e30; }),
                 "/turns/12/turn: expected an integer from 1 to 10, found 1e+30");
  expect_refused(edited("row-min", [](json& l) { l["start"]["red"]["row"] = -2147483648LL; }),
                 "/start/red/row: expected an integer from 1 to 8, found -2147483648");
  expect_refused(edited("points-string", [](json& l) { l["turns"][3]["points"] = "12"; }),
                 "/turns/3/points: expected an integer from -2000000000 to 2000000000, found \"12\"");
  expect_refused(edited("settings", [](json& l) { l["settings"] = 3; }), "/settings: expected an object, found 3");
  expect_refused(edited("catch", [](json& l) { l["turns"][0]["catch"] = 1; }),
                 "/turns/0/catch: expected true or false, found 1");
  expect_refused(edited("input", [](json& l) { l["turns"][0]["input"][1] = 7; }),
                 "/turns/0/input/1: expected a string, found 7");
  expect_refused(edited("score-range", [](json& l) { l["result"]["red"]["score"] = 1001; }),
                 "/result/red/score: expected an integer from 0 to 1000, found 1001");
  expect_refused(edited("missing", [](json& l) { l["turns"][2].erase("first"); }), "/turns/2/first: missing");
  expect_refused(edited("time", [](json& l) { l["turns"][2]["time_ms"] = -1; }),
                 "/turns/2/time_ms: expected a number, at least 0, found -1");
  expect_refused(
      edited("fault-kind", [](json& l) { l["turns"][2]["fault"] = "oops"; }),
      "/turns/2/fault: expected null, crash, timeout, illegal, too_long, unsolicited or no_output, found \"oops\"");
}

TEST_F(CliLog, WhatIsNotARegularFileIsRefusedAtOnce) {
  const auto fifo = dir_->path() / "fifo.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  expect_refused(fifo, "is a FIFO, expected a regular file");
  const auto result = show("/dev/zero");
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_EQ(result.output, "amazes log show: /dev/zero: is a character device, expected a regular file\n");
}

// Found by tests/fuzz/fuzz_log: a number too large for a double is not a parse_error but an
// out_of_range, which escaped the reader without the file's name.
TEST_F(CliLog, ANumberTooLargeForADoubleIsRefusedNamingTheFile) {
  const auto log = dir_->path() / "overflow.json";
  write_file(log, "{\"format\": 16E66666666}\n");
  expect_refused(log, "not a JSON match log: [json.exception.out_of_range.406] number overflow parsing '16E66666666'");
}

TEST_F(CliLog, StderrIsPointedToAndShownWithTheOption) {
  const auto noisy =
      edited("noisy", [](json& l) { l["result"]["blue"]["stderr"] = "loading\n\x1b[31mcould not open weights.bin\n"; });
  const auto table = show(noisy);
  ASSERT_EQ(table.exit_code, 0) << table.output;
  EXPECT_NE(table.output.find("stderr: red 0 bytes, blue 40 bytes; `amazes log show --stderr " + noisy.string() +
                              "` prints them"),
            std::string::npos)
      << table.output;
  EXPECT_EQ(show(log_).output.find("--stderr"), std::string::npos);

  const auto streams = show(noisy, "--stderr ");
  ASSERT_EQ(streams.exit_code, 0) << streams.output;
  EXPECT_EQ(streams.output,
            "red explorer stderr (0 bytes):\n"
            "blue crash stderr (40 bytes):\n"
            "  loading\n"
            "  \\x1b[31mcould not open weights.bin\n");
}

// A real unsolicited fault: two_lines answers two lines at its turn 2, the second is waiting
// when its turn 3 begins.
TEST_F(CliLog, StderrOptionShowsUnsolicitedOutput) {
  const auto log = dir_->path() / "unsolicited.json";
  const auto played =
      run_command(amazes_exe() + " match --seed 5 --size 8 --turns 5 --sandbox none --log " + quoted(log) + " " +
                  shell_quote(player_path("explorer")) + " " + shell_quote(bot_path("two_lines") + " 2") + " 2>&1");
  ASSERT_EQ(played.exit_code, 0) << played.output;
  ASSERT_NE(played.output.find("fault unsolicited at turn 3"), std::string::npos) << played.output;
  const auto streams = show(log, "--stderr ");
  ASSERT_EQ(streams.exit_code, 0) << streams.output;
  EXPECT_NE(streams.output.find("blue two_lines unsolicited output before its turn 3:\n  F\n"), std::string::npos)
      << streams.output;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
