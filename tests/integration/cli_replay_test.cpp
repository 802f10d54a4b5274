// `amazes replay` as a user runs it: the page beside the log, the refusals (exit 1 with one line
// naming the file, exit 2 for usage errors), and the replays of competitions: --replays (option
// and config key) in tournaments and versus runs, `amazes replay DIR`, and the standings' links.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "amazes/competition/results_store.hpp"
#include "amazes/report/replay_page.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

std::string quoted(const std::filesystem::path& path) { return shell_quote(path.string()); }

int lines(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

// A short real match of two sample bots, logged to `log`.
void play_match(const std::filesystem::path& log) {
  const auto result =
      run_command(amazes_exe() + " match --seed 3 --turns 30 --sandbox none --log " + quoted(log) + " " +
                  shell_quote(player_path("explorer")) + " " + shell_quote(player_path("random")) + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
}

// The links of the games table of a standings page.
std::vector<std::string> game_links(const std::filesystem::path& standings) {
  const std::string html = read_file(standings);
  std::vector<std::string> links;
  const std::regex href("href=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), href); it != std::sregex_iterator(); ++it) {
    links.push_back((*it)[1]);
  }
  return links;
}

TEST(CliReplay, WritesThePageBesideTheLogAndPrintsItsPath) {
  ScratchDir dir("cli-replay");
  const auto log = dir.path() / "game.json";
  play_match(log);
  const auto result = run_command(amazes_exe() + " replay " + quoted(log) + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_EQ(result.output, (dir.path() / "game.html").string() + "\n");
  const std::string page = read_file(dir.path() / "game.html");
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0U);
  EXPECT_NE(page.find("\"format\":\"amazes-replay/1\""), std::string::npos);

  const auto elsewhere = dir.path() / "sub" / "page.html";
  const auto with_out = run_command(amazes_exe() + " replay " + quoted(log) + " -o " + quoted(elsewhere) + " 2>&1");
  ASSERT_EQ(with_out.exit_code, 0) << with_out.output;
  EXPECT_EQ(read_file(elsewhere), page);
}

TEST(CliReplay, RefusesWhatIsNotAGoodLogWithOneLineAndExitOne) {
  ScratchDir dir("cli-replay-bad");
  const auto log = dir.path() / "game.json";
  play_match(log);

  const auto missing = run_command(amazes_exe() + " replay " + quoted(dir.path() / "none.json") + " 2>&1");
  EXPECT_EQ(missing.exit_code, 1) << missing.output;
  EXPECT_EQ(lines(missing.output), 1) << missing.output;
  EXPECT_NE(missing.output.find("none.json"), std::string::npos) << missing.output;

  write_file(dir.path() / "notes.json", "these are my notes, not a match log\n");
  const auto not_a_log = run_command(amazes_exe() + " replay " + quoted(dir.path() / "notes.json") + " 2>&1");
  EXPECT_EQ(not_a_log.exit_code, 1) << not_a_log.output;
  EXPECT_EQ(lines(not_a_log.output), 1) << not_a_log.output;
  EXPECT_NE(not_a_log.output.find("notes.json: not a JSON match log"), std::string::npos) << not_a_log.output;

  // Blue's turn 12 claims two points more than the rules give.
  std::string text = read_file(log);
  const std::regex blue_12("(\\{\"turn\":12,\"player\":\"blue\".*?\"points\":)(-?\\d+)");
  std::smatch found;
  ASSERT_TRUE(std::regex_search(text, found, blue_12));
  const int points = std::stoi(found[2]);
  text.replace(static_cast<std::size_t>(found.position(2)), static_cast<std::size_t>(found.length(2)),
               std::to_string(points + 2));
  const auto tampered = dir.path() / "tampered.json";
  write_file(tampered, text);
  const auto mismatch = run_command(amazes_exe() + " replay " + quoted(tampered) + " 2>&1");
  EXPECT_EQ(mismatch.exit_code, 1) << mismatch.output;
  EXPECT_EQ(mismatch.output, "amazes replay: " + tampered.string() +
                                 ": the log disagrees with the rules engine: turn 12 (blue): points " +
                                 std::to_string(points + 2) + " in the log, the rules give " + std::to_string(points) +
                                 "\n");
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "tampered.html"));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "notes.html"));
}

TEST(CliReplay, UsageErrorsExitTwo) {
  ScratchDir dir("cli-replay-usage");
  const auto log = dir.path() / "game.json";
  play_match(log);
  const std::string log_text = read_file(log);
  for (const std::string& arguments : {std::string(""), std::string("--colour red ") + quoted(log),
                                       quoted(log) + " -o " + quoted(log), quoted(dir.path()) + " -o x.html"}) {
    const auto result = run_command(amazes_exe() + " replay " + arguments + " 2>&1");
    EXPECT_EQ(result.exit_code, 2) << arguments << ": " << result.output;
    EXPECT_EQ(lines(result.output), 1) << result.output;
    EXPECT_NE(result.output.find("(see amazes replay --help)"), std::string::npos) << result.output;
  }
  EXPECT_EQ(read_file(log), log_text);  // -o naming the log itself did not overwrite it
  const auto help = run_command(amazes_exe() + " replay --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.output.find("#turn=N"), std::string::npos) << help.output;
}

// A small real tournament into `out`: explorer and random, one round on a 10×10 maze.
CommandResult tournament(const std::filesystem::path& out, const std::string& options) {
  return run_command(amazes_exe() + " tournament -q --sandbox none --rounds 2 --size 10 --turns 40 " + options +
                     " --out " + quoted(out) + " " + shell_quote(player_path("explorer")) + " " +
                     shell_quote(player_path("random")) + " 2>&1");
}

// Every stored game of `out` has its replay, and both standings pages link to it.
void expect_replays_linked(const std::filesystem::path& out) {
  const auto store =
      competition::ResultsStore::open(out / "results.sqlite", competition::ResultsStore::Access::ReadOnly);
  const auto rows = store.matches();
  ASSERT_EQ(rows.size(), 4U);
  std::vector<std::string> expected;
  for (const auto& row : rows) {
    const auto replay = report::replay_path_for(row.log);
    EXPECT_TRUE(std::filesystem::is_regular_file(out / replay)) << replay;
    expected.push_back(replay.string());
  }
  std::sort(expected.begin(), expected.end());
  auto links = game_links(out / "standings.html");
  std::sort(links.begin(), links.end());
  EXPECT_EQ(links, expected);
  for (auto& link : expected) link = "../" + link;
  links = game_links(out / "round-02" / "standings.html");
  auto round_two = game_links(out / "round-01" / "standings.html");
  links.insert(links.end(), round_two.begin(), round_two.end());
  for (const auto& link : links) EXPECT_NE(std::find(expected.begin(), expected.end(), link), expected.end()) << link;
}

TEST(CliReplay, TournamentWithReplaysWritesThemAndTheStandingsLinkThem) {
  ScratchDir dir("cli-replay-tournament");
  const auto result = tournament(dir.path() / "out", "--replays");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  expect_replays_linked(dir.path() / "out");
}

TEST(CliReplay, TheConfigKeyTurnsReplaysOn) {
  ScratchDir dir("cli-replay-config");
  write_file(dir.path() / "replays.ini", "replays = true\n");
  const auto result = tournament(dir.path() / "out", "--config " + quoted(dir.path() / "replays.ini"));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  expect_replays_linked(dir.path() / "out");

  // `replays = false` in the file: nothing beside the logs, the standings link the logs.
  write_file(dir.path() / "no-replays.ini", "replays = false\n");
  const auto off = tournament(dir.path() / "off", "--config " + quoted(dir.path() / "no-replays.ini"));
  ASSERT_EQ(off.exit_code, 0) << off.output;
  EXPECT_TRUE(files_in(dir.path() / "off" / "matches", ".html").empty());
  for (const auto& link : game_links(dir.path() / "off" / "standings.html")) {
    EXPECT_TRUE(link.ends_with(".json.zst")) << link;  // the log itself, compressed by default
  }
}

TEST(CliReplay, ADirectoryGetsTheReplaysOfAllItsLogsAndItsStandingsLinkThem) {
  ScratchDir dir("cli-replay-dir");
  const auto out = dir.path() / "out";
  const auto played = tournament(out, "");
  ASSERT_EQ(played.exit_code, 0) << played.output;
  EXPECT_TRUE(files_in(out / "matches", ".html").empty());
  for (const auto& link : game_links(out / "standings.html")) EXPECT_TRUE(link.ends_with(".json.zst")) << link;

  const auto result = run_command(amazes_exe() + " replay " + quoted(out) + " 2>/dev/null");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_EQ(result.output, "4 replays written in " + (out / "matches").string() + "\n");
  expect_replays_linked(out);

  // A bad log among them: the others still get their replays, the bad one is named, exit 1.
  write_file(out / "matches" / "stray.json", "{}");
  std::filesystem::remove(out / "matches" / "r01-explorer-random.html");
  const auto with_bad = run_command(amazes_exe() + " replay " + quoted(out) + " 2>&1");
  EXPECT_EQ(with_bad.exit_code, 1) << with_bad.output;
  EXPECT_NE(with_bad.output.find("stray.json: /format: missing"), std::string::npos) << with_bad.output;
  EXPECT_NE(with_bad.output.find("4 replays written in " + (out / "matches").string() + ", 1 log refused"),
            std::string::npos)
      << with_bad.output;
  EXPECT_TRUE(std::filesystem::exists(out / "matches" / "r01-explorer-random.html"));

  const auto not_a_competition =
      run_command(amazes_exe() + " replay " + quoted(dir.path() / "out" / "round-01") + " 2>&1");
  EXPECT_EQ(not_a_competition.exit_code, 1) << not_a_competition.output;
  EXPECT_EQ(lines(not_a_competition.output), 1) << not_a_competition.output;
}

TEST(CliReplay, VersusWithReplaysWritesThem) {
  ScratchDir dir("cli-replay-versus");
  const auto out = dir.path() / "out";
  const auto result = run_command(
      amazes_exe() + " versus -q --sandbox none --games 2 --size 10 --turns 40 --replays --out " + quoted(out) + " " +
      shell_quote(player_path("explorer")) + " " + shell_quote(player_path("random")) + " 2>&1");
  ASSERT_LT(result.exit_code, 4) << result.output;  // a verdict, whichever
  const auto logs = match_logs_in(out / "matches");
  ASSERT_EQ(logs.size(), 4U);
  for (const auto& log : logs) EXPECT_TRUE(std::filesystem::exists(report::replay_path_for(log))) << log;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
