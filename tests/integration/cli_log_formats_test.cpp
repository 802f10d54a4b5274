// Match logs plain (.json) and compressed (.json.zst): the real judge writes compressed logs by
// default in tournaments and versus runs, and every command that reads a log (log show, log
// maze, match --from, replay, standings, a resume) reads both kinds alike, by content.
#include <gtest/gtest.h>

#include <algorithm>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/files/zstd_text.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

std::string quoted(const std::filesystem::path& path) { return shell_quote(path.string()); }

std::string players() {
  return " " + shell_quote(player_path("explorer")) + " " + shell_quote(bot_path("crash") + " 3");
}

CommandResult judge(const std::string& arguments) { return run_command("timeout 60 " + amazes_exe() + arguments); }

std::vector<std::string> names_in(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& log : match_logs_in(dir)) names.push_back(log.filename().string());
  return names;
}

// One game, the same log twice: as the judge wrote it, and compressed. Every reader must say
// the same of both (the names differ, so the outputs are compared with the name replaced).
TEST(CliLogFormats, APlainAndACompressedLogOfOneGameReadTheSameEverywhere) {
  ScratchDir dir("log-formats-same");
  const auto plain = dir.path() / "game.json";
  ASSERT_EQ(judge(" match --seed 5 --size 8 --turns 10 --sandbox none --log " + quoted(plain) + players() +
                  " >/dev/null 2>&1")
                .exit_code,
            0);
  const auto packed = dir.path() / "game.json.zst";
  write_file(packed, files::zstd_compress(read_file(plain)));
  ASSERT_TRUE(files::is_zstd(read_file(packed)));

  for (const std::string command : {" log show --ascii ", " log show --stderr ", " log maze "}) {
    SCOPED_TRACE(command);
    const auto a = judge(command + quoted(plain) + " 2>&1");
    const auto b = judge(command + quoted(packed) + " 2>&1");
    ASSERT_EQ(a.exit_code, 0) << a.output;
    EXPECT_EQ(b.exit_code, 0) << b.output;
    EXPECT_EQ(b.output, a.output);
  }
  // The replay page checks the log against the rules engine and embeds it: the same page.
  ASSERT_EQ(judge(" replay " + quoted(plain) + " 2>&1").exit_code, 0);
  ASSERT_EQ(judge(" replay " + quoted(packed) + " -o " + quoted(dir.path() / "packed.html") + " 2>&1").exit_code, 0);
  EXPECT_EQ(read_file(dir.path() / "packed.html"), read_file(dir.path() / "game.html"));
  // `amazes replay game.json.zst` writes game.html, as for game.json.
  std::filesystem::remove(dir.path() / "game.html");
  ASSERT_EQ(judge(" replay " + quoted(packed) + " 2>&1").exit_code, 0);
  EXPECT_EQ(read_file(dir.path() / "game.html"), read_file(dir.path() / "packed.html"));

  // match --from plays the same maze and starts from either, and --log FILE.zst compresses.
  const auto again = dir.path() / "again.json.zst";
  ASSERT_EQ(judge(" match --sandbox none --from " + quoted(packed) + " --log " + quoted(again) + players() +
                  " >/dev/null 2>&1")
                .exit_code,
            0);
  EXPECT_TRUE(files::is_zstd(read_file(again)));
  const auto first = arbiter::read_match_log(plain);
  const auto second = arbiter::read_match_log(again);
  EXPECT_TRUE(second.amazes()->board.maze == first.amazes()->board.maze);
  EXPECT_TRUE(second.amazes()->board.starts == first.amazes()->board.starts);
}

TEST(CliLogFormats, ACompressedLogThatIsCutOrABombIsOneLineExit1) {
  ScratchDir dir("log-formats-bad");
  const auto cut = dir.path() / "cut.json.zst";
  const std::string whole = files::zstd_compress(std::string(2000, '{'));
  write_file(cut, whole.substr(0, whole.size() - 5));
  auto result = judge(" log show " + quoted(cut) + " 2>&1");
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_EQ(result.output,
            "amazes log show: " + cut.string() + ": not a valid zstd file: it ends in the middle of a frame\n");

  // 100 MiB of spaces in about 3 KiB: refused at the log's bound of 64 MiB, in bounded memory
  // (1 GB of address space; not under AddressSanitizer, whose shadow memory alone is more).
  const std::string memory_cap = judge_may_be_capped() ? "ulimit -v 1000000 && " : "";
  const auto bomb = dir.path() / "bomb.json.zst";
  write_file(bomb, files::zstd_compress(std::string(100U << 20, ' ')));
  result = run_command(memory_cap + "timeout 60 " + amazes_exe() + " log show " + quoted(bomb) + " 2>&1");
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_EQ(result.output, "amazes log show: " + bomb.string() +
                               ": more than 67108864 bytes once decompressed, the most " +
                               "this file may hold (docs/formats.md §9)\n");
}

// Tournaments write .json.zst unless told --log-format json; a resumed run may switch, and
// then its folder holds both kinds: standings, replays and the resume checks read them all.
TEST(CliLogFormats, ATournamentCompressesByDefaultAndAResumedRunMaySwitchFormats) {
  ScratchDir dir("log-formats-tournament");
  const auto out = dir.path() / "out";
  const std::string base = " tournament -q --sandbox none --size 8 --turns 10 --out " + quoted(out);
  const std::string two = " a=" + shell_quote(player_path("explorer")) + " b=" + shell_quote(player_path("random"));
  ASSERT_EQ(judge(base + " --rounds 1" + two + " 2>&1").exit_code, 0);
  EXPECT_EQ(names_in(out / "matches"), (std::vector<std::string>{"r01-a-b.json.zst", "r01-b-a.json.zst"}));

  auto result = judge(base + " --rounds 2 --log-format json" + two + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_EQ(names_in(out / "matches"),
            (std::vector<std::string>{"r01-a-b.json.zst", "r01-b-a.json.zst", "r02-a-b.json", "r02-b-a.json"}));
  for (const auto& log : match_logs_in(out / "matches")) {
    EXPECT_EQ(files::is_zstd(read_file(log)), log.extension() == ".zst") << log;
    EXPECT_EQ(arbiter::read_match_log(log).amazes()->turns.size(), 20U) << log;
  }
  const std::string standings = read_file(out / "standings.txt");
  result = judge(" standings " + quoted(out) + " 2>&1");
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_EQ(read_file(out / "standings.txt"), standings);
  result = judge(" replay " + quoted(out) + " 2>&1");
  EXPECT_EQ(result.exit_code, 0) << result.output;
  for (const char* html : {"r01-a-b.html", "r01-b-a.html", "r02-a-b.html", "r02-b-a.html"}) {
    EXPECT_TRUE(std::filesystem::is_regular_file(out / "matches" / html)) << html;
  }
  // A compressed stored log cut short is named on resume, as a plain one is.
  const auto log = out / "matches" / "r01-a-b.json.zst";
  const std::string text = read_file(log);
  write_file(log, text.substr(0, text.size() / 2));
  result = judge(base + " --rounds 2" + two + " 2>&1");
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_NE(result.output.find(log.string() + ": the match log of stored game r01-a-b is cut short"), std::string::npos)
      << result.output;

  // The format's words, on the command line and in a config file.
  result = judge(base + " --log-format gz" + two + " 2>&1");
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_NE(result.output.find("--log-format must be json or zst, not 'gz'"), std::string::npos) << result.output;
  write_file(dir.path() / "t.ini", "turns = 10\nlog-format = xz\n");
  result = judge(" tournament -q --config " + quoted(dir.path() / "t.ini") + " --out " + quoted(dir.path() / "o") +
                 two + " 2>&1");
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_NE(result.output.find("t.ini:2: log-format must be json or zst, not 'xz'"), std::string::npos)
      << result.output;
}

TEST(CliLogFormats, AVersusRunCompressesByDefaultToo) {
  ScratchDir dir("log-formats-versus");
  const auto out = dir.path() / "out";
  const auto result = judge(" versus -q --sandbox none --games 1 --size 8 --turns 10 --out " + quoted(out) + " " +
                            shell_quote(player_path("explorer")) + " " + shell_quote(player_path("random")) + " 2>&1");
  ASSERT_LT(result.exit_code, 4) << result.output;
  const auto logs = match_logs_in(out / "matches");
  ASSERT_EQ(logs.size(), 2U);
  for (const auto& log : logs) {
    EXPECT_EQ(log.extension(), ".zst") << log;
    EXPECT_TRUE(files::is_zstd(read_file(log))) << log;
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
