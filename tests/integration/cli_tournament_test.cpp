// `amazes tournament` and `amazes standings`: exit codes, messages, files (docs/formats.md).
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/random.hpp"
#include "support/files.hpp"
#include "support/run.hpp"
#include "support/sandbox_offer.hpp"
#include "support/tournament_helpers.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

std::string quoted(const std::filesystem::path& path) { return shell_quote(path.string()); }

// The data rows of a CSV, without its header.
std::vector<std::vector<std::string>> csv_rows(const std::string& csv) {
  auto rows = csv_table(csv);
  if (!rows.empty()) rows.erase(rows.begin());
  return rows;
}

TEST(CliStandings, RebuildsEveryTableFromTheStoreAndPrintsTheFinalOne) {
  ScratchDir dir("cli-standings");
  testing::FakeMatch fake({"dave"});
  testing::run_fake_tournament(testing::fake_request(dir.path(), {"alice", "bob", "carol", "dave"}, 2), fake, 2);
  const auto files = testing::output_files(dir.path());
  std::filesystem::remove_all(dir.path() / "round-01");
  std::filesystem::remove(dir.path() / "standings.csv");
  const auto result = run_command(amazes_exe() + " standings " + quoted(dir.path()) + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_EQ(result.output.rfind("Final standings (2 rounds): 4 players, 24 games\n", 0), 0U) << result.output;
  EXPECT_NE(result.output.find("dave"), std::string::npos);
  EXPECT_EQ(testing::output_files(dir.path()), files);
}

TEST(CliStandings, RefusesWhatIsNotAStoreWithOneLine) {
  ScratchDir dir("cli-standings-bad");
  auto result = run_command(amazes_exe() + " standings " + quoted(dir.path()) + " 2>&1");
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_NE(result.output.find("no results store"), std::string::npos) << result.output;

  write_file(dir.path() / "results.sqlite", "not a database, just some words that happen to be here");
  result = run_command(amazes_exe() + " standings " + quoted(dir.path()) + " 2>&1");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.output.find("refusing"), std::string::npos) << result.output;
  EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << result.output;

  result = run_command(amazes_exe() + " standings " + quoted(dir.path() / "missing") + " 2>&1");
  EXPECT_EQ(result.exit_code, 2) << result.output;
  result = run_command(amazes_exe() + " standings 2>&1");
  EXPECT_EQ(result.exit_code, 2) << result.output;
}

TEST(CliTournament, UsageErrorsExitTwo) {
  ScratchDir dir("cli-tournament-usage");
  const std::string out = " --out " + quoted(dir.path() / "out");
  for (const std::string args : {"", "--rounds 0 a b", "--seed x a b", "--clock moon a b", "--player noequals a b",
                                 "--config /nonexistent.ini", "--frobnicate a b", "-q -v a b", "/bin/true"}) {
    const auto result = run_command(amazes_exe() + " tournament " + args + out + " 2>&1");
    EXPECT_EQ(result.exit_code, 2) << args << ": " << result.output;
    EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << args << ": " << result.output;
  }
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "out"));
  EXPECT_EQ(run_command(amazes_exe() + " tournament --help").exit_code, 0);
}

TEST(CliTournament, RefusesAForeignStoreAndLeavesItAlone) {
  ScratchDir dir("cli-tournament-foreign");
  const auto store = dir.path() / "results.sqlite";
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(store.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "CREATE TABLE scores (x); INSERT INTO scores VALUES (42);", nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  const auto before = read_file(store);
  const auto result =
      run_command(amazes_exe() + " tournament --out " + quoted(dir.path()) + " /bin/true /bin/false 2>&1");
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_NE(result.output.find("not an amazes results store"), std::string::npos) << result.output;
  EXPECT_EQ(read_file(store), before);
}

TEST(CliTournament, APlayerThatCannotRunStopsItBeforeAnyGame) {
  ScratchDir dir("cli-tournament-missing");
  const auto result = run_command(amazes_exe() + " tournament --out " + quoted(dir.path() / "new") +
                                  " --player ghost=/nonexistent/bot /bin/true 2>&1");
  EXPECT_EQ(result.exit_code, 2) << result.output;  // as in `amazes match`
  EXPECT_NE(result.output.find("ghost"), std::string::npos) << result.output;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "new"));
}

// The real thing: the bundled bots and the fault bot that crashes, a small competition that
// completes, ranks the crashing bot last with its faults, and is resumed once.
// An option value holding Boost's own placeholder made the judge hang (found by fuzzing the
// config reader; the command line went through the same message): refused at once, exit 2.
TEST(CliTournament, AValueWithAPercentPlaceholderIsRefusedNotHungOn) {
  // Boost's message (--rounds) has the placeholder escaped; the judge's own (--turns) has it as given.
  for (const auto& [command, shown] : {std::pair{" tournament --rounds %value% a b", "('\\x25value\\x25')"},
                                       std::pair{" match --turns %value% a b", "not '%value%'"}}) {
    const auto result = run_command("timeout 20 " + amazes_exe() + command + " 2>&1");
    EXPECT_EQ(result.exit_code, 2) << command << ": " << result.output;
    EXPECT_NE(result.output.find(shown), std::string::npos) << result.output;
  }
}

// The README's tournament command: the shell expands build/players/*, so that directory
// must hold the bots and nothing else (CMake's own files live in another binary directory).
TEST(CliTournament, TheReadmeCommandOnTheBuiltPlayersDirectoryRuns) {
  ScratchDir dir("cli-tournament-readme");
  const auto result = run_command(amazes_exe() + " tournament --rounds 1 --turns 2 -q --out " + quoted(dir.path()) +
                                  " " + quoted(binary_dir() / "players") + "/* 2>&1");
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_EQ(result.output.find("is a directory"), std::string::npos) << result.output;
}

TEST(CliTournament, BundledBotsPlayARealCompetition) {
  const auto bots = binary_dir() / "players";
  // CMake builds the sample bots and the fault bots before this test.
  std::vector<std::filesystem::path> players = {bots / "random", bots / "wallfollower", bots / "explorer"};
  const auto crash = binary_dir() / "tests" / "bots" / "crash";
  players.push_back(crash);
  for (const auto& player : players) ASSERT_TRUE(std::filesystem::exists(player)) << player;
  ScratchDir dir("cli-tournament-real");
  // The crash bot dies at its first turn: the one-turn trial would refuse it, and this
  // competition is about counting its crashes (--no-trial).
  std::string command =
      amazes_exe() + " tournament --no-trial --rounds 2 --size 12 --time-ms 2000 -j 2 --out " + quoted(dir.path());
  for (const auto& player : players) command += " " + quoted(player);
  const auto first = run_command(command + " 2>&1");
  ASSERT_EQ(first.exit_code, 0) << first.output;
  EXPECT_NE(first.output.find("Final standings (2 rounds)"), std::string::npos) << first.output;

  const std::size_t n = players.size();
  const auto store =
      competition::ResultsStore::open(dir.path() / "results.sqlite", competition::ResultsStore::Access::ReadOnly);
  const auto rows = store.matches();
  ASSERT_EQ(rows.size(), n * (n - 1) * 2);
  for (const auto& row : rows) {
    const auto record = arbiter::read_match_log(dir.path() / row.log);
    EXPECT_EQ(record.id, row.id);
    EXPECT_EQ(record.outcome[0].score, row.side[0].score);
    EXPECT_EQ(record.outcome[1].points, row.side[1].points);
  }
  const auto csv = read_file(dir.path() / "standings.csv");
  EXPECT_EQ(csv.rfind("rank,player,total,round,games,mean,crash,timeout,illegal,too_long,unsolicited", 0), 0U);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), static_cast<long>(n + 1));
  {
    // Last (a bot scoring nothing at all would share the rank), with every game a crash.
    const auto table = csv_rows(csv);
    const std::string games = std::to_string(2 * (n - 1) * 2);
    int last_rank = 0;
    for (const auto& fields : table) last_rank = std::max(last_rank, std::stoi(fields.at(0)));
    const auto crash_row = std::find_if(table.begin(), table.end(), [](const auto& f) { return f.at(1) == "crash"; });
    ASSERT_NE(crash_row, table.end()) << csv;
    EXPECT_EQ(std::stoi(crash_row->at(0)), last_rank) << csv;
    EXPECT_EQ(crash_row->at(2), "0");
    EXPECT_EQ(crash_row->at(4), games);
    EXPECT_EQ(crash_row->at(6), games) << csv;  // the crash column
  }

  const auto again = run_command(command + " 2>&1");
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_NE(again.output.find("nothing left to play"), std::string::npos) << again.output;
}

// A small real tournament of the polite bot, into `out`; the command's result. Without sandbox
// and cgroups, so that its output is the same for every user (not as root, the defaults say
// what they cannot have).
CommandResult polite_tournament(const std::filesystem::path& out) {
  const auto polite = binary_dir() / "tests" / "bots" / "polite";
  return run_command(amazes_exe() + " tournament -q --sandbox none --sandbox-cgroups off --rounds 1 --size 10 --out " +
                     quoted(out) + " a=" + quoted(polite) + " b=" + quoted(polite) + " 2>&1");
}

TEST(CliTournament, NeverPlaysOverLogsWhoseStoreIsGoneNorLinksToAMissingLog) {
  ScratchDir dir("cli-tournament-logs");
  const auto out = dir.path() / "out";
  ASSERT_EQ(polite_tournament(out).exit_code, 0);
  const auto log = out / "matches" / "r01-a-b.json.zst";
  const std::string log_text = read_file(log);
  const auto store = out / "results.sqlite";
  const auto saved = dir.path() / "saved.sqlite";
  std::filesystem::copy_file(store, saved);

  // The store emptied (or deleted): a new one would play the games again over their logs.
  write_file(store, "");
  auto result = polite_tournament(out);
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_NE(result.output.find("matches: 2 match logs but no results store"), std::string::npos) << result.output;
  EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << result.output;
  EXPECT_EQ(read_file(log), log_text);

  // A stored game's log deleted or cut short: named, for the tournament and for standings.
  std::filesystem::copy_file(saved, store, std::filesystem::copy_options::overwrite_existing);
  std::filesystem::remove(log);
  result = polite_tournament(out);
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_NE(result.output.find("r01-a-b.json.zst: the match log of stored game r01-a-b is missing"), std::string::npos)
      << result.output;
  result = run_command(amazes_exe() + " standings " + quoted(out) + " 2>&1");
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_NE(result.output.find("is missing"), std::string::npos) << result.output;
  write_file(log, log_text.substr(0, 100));
  result = polite_tournament(out);
  EXPECT_EQ(result.exit_code, 1) << result.output;
  EXPECT_NE(result.output.find("r01-a-b.json.zst: the match log of stored game r01-a-b is cut short"),
            std::string::npos)
      << result.output;

  write_file(log, log_text);
  result = polite_tournament(out);
  EXPECT_EQ(result.exit_code, 0) << result.output;
}

TEST(CliTournament, TwoJudgesStartedTogetherOnANewDirectoryBothEndWell) {
  // Both find no store; one makes it, the other waits for the lock and then finds it there.
  ScratchDir dir("cli-tournament-two");
  const auto out = dir.path() / "out";
  CommandResult first, second;
  std::thread other([&] { second = polite_tournament(out); });
  first = polite_tournament(out);
  other.join();
  EXPECT_EQ(first.exit_code, 0) << first.output;
  EXPECT_EQ(second.exit_code, 0) << second.output;
  EXPECT_EQ(testing::stable_rows(out).size(), 2U);
}

// The kill-and-resume property with the real judge and real player processes: `amazes
// tournament` killed with SIGKILL at random moments, re-run until it completes, ends with the
// games and standings of an uninterrupted run (the polite bot is deterministic; the times the
// players were charged are not, and are left out of the comparison).
TEST(CliTournament, KilledAndRerunEndsLikeAnUninterruptedRun) {
  const auto bots = binary_dir() / "tests" / "bots";
  // The reference plays in another folder: the same games only with the same seed.
  std::vector<std::string> args = {"tournament", "--rounds", "2",      "--size", "10",
                                   "--time-ms",  "3000",     "--seed", "2010",   "-q"};
  for (const std::string name : {"a", "b", "c"}) args.push_back(name + "=" + (bots / "polite").string());
  // It crashes at its second turn: after the one-turn trial, in every game.
  args.push_back("crash=" + (bots / "crash").string() + " 2");

  const auto run_to_end = [&](const std::filesystem::path& out, int jobs) {
    std::string command = amazes_exe();
    for (const auto& arg : args) command += " " + shell_quote(arg);
    return run_command(command + " -j " + std::to_string(jobs) + " --out " + quoted(out) + " 2>&1");
  };
  const auto spawn = [&](const std::filesystem::path& out, int jobs) {
    std::vector<std::string> words = {judge_program()};
    words.insert(words.end(), args.begin(), args.end());
    for (const std::string& extra : {std::string("-j"), std::to_string(jobs), std::string("--out"), out.string()}) {
      words.push_back(extra);
    }
    return testing::spawn_silently(std::move(words));
  };
  const auto stable = [](const std::filesystem::path& out) {
    auto rows = testing::stable_rows(out);
    for (auto& row : rows) {
      for (auto& side : row.side) side.time_ms = 0;
    }
    return rows;
  };

  ScratchDir reference("cli-kill-reference");
  const auto t0 = std::chrono::steady_clock::now();
  const auto whole = run_to_end(reference.path(), 2);
  ASSERT_EQ(whole.exit_code, 0) << whole.output;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const auto expected_rows = stable(reference.path());
  ASSERT_EQ(expected_rows.size(), 24U);

  Rng rng(5);
  int kills = 0;
  for (int trial = 0; trial < 3; ++trial) {
    ScratchDir dir("cli-kill");
    bool done = false;
    for (int attempt = 0; attempt < 30 && !done; ++attempt) {
      const int jobs = 1 + rng.below(2);
      const pid_t pid = spawn(dir.path(), jobs);
      // Not synchronisation: the kill moment itself is what is being sampled.
      std::this_thread::sleep_for(std::chrono::duration<double>(rng.unit() * seconds * 0.7));
      ::kill(pid, SIGKILL);
      int status = 0;
      ASSERT_EQ(::waitpid(pid, &status, 0), pid);
      done = WIFEXITED(status) && WEXITSTATUS(status) == 0;
      if (WIFEXITED(status)) {
        ASSERT_EQ(WEXITSTATUS(status), 0) << "the re-run failed instead of continuing";
      }
      kills += done ? 0 : 1;
    }
    if (!done) {
      ASSERT_EQ(run_to_end(dir.path(), 2).exit_code, 0);
    }
    EXPECT_EQ(stable(dir.path()), expected_rows) << "trial " << trial;
    EXPECT_EQ(testing::output_files(dir.path()).size(), testing::output_files(reference.path()).size());
    for (const std::string file : {"standings.txt", "standings.csv", "round-01/standings.html", "standings.md"}) {
      EXPECT_EQ(read_file(dir.path() / file), read_file(reference.path() / file)) << file;
    }
  }
  std::printf("killed the judge %d times over 3 trials\n", kills);
}

// a config file that cannot be read (a folder, a missing file) or that is bad is
// one line naming it (and the line), exit 2, and nothing is created.
TEST(CliTournament, ConfigFileProblemsAreOneLineNamingTheFileAndLine) {
  ScratchDir dir("cli-tournament-config");
  const auto ini = dir.path() / "t.ini";
  write_file(ini, "rounds = 2\n\nturns = 151\n[ players ]\na = /bin/true\n");
  const auto out = " --out " + quoted(dir.path() / "out");
  for (const auto& [config, says] :
       {std::pair{dir.path(), dir.path().string() + ": is a directory, expected a regular file"},
        std::pair{dir.path() / "missing.ini", (dir.path() / "missing.ini").string() + ": "},
        std::pair{ini, ini.string() + ":3: turns must be from 1 to 150, not 151"}}) {
    const auto result = run_command(amazes_exe() + " tournament --config " + quoted(config) + out + " 2>&1");
    EXPECT_EQ(result.exit_code, 2) << result.output;
    EXPECT_NE(result.output.find(says), std::string::npos) << result.output;
    EXPECT_EQ(std::count(result.output.begin(), result.output.end(), '\n'), 1) << result.output;
  }
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "out"));
}

// names derived from commands keep UTF-8 letters and are not `env`; the real
// judge plays them and writes them into match ids, logs and tables.
TEST(CliTournament, NamesFromCommandsKeepUtf8AndSkipEnv) {
  ScratchDir dir("cli-tournament-names");
  const std::string nandu =
      "\xC3\xB1"
      "and\xC3\xBA";  // ñandú
  const auto bot = dir.path() / "bots" / nandu / nandu;
  std::filesystem::create_directories(bot.parent_path());
  std::filesystem::copy_file(binary_dir() / "tests" / "bots" / "polite", bot);
  const auto polite = binary_dir() / "tests" / "bots" / "polite";
  const auto result =
      run_command(amazes_exe() + " tournament --size 9 --turns 4 -j 1 --out " + quoted(dir.path() / "out") + " " +
                  quoted(bot) + " " + shell_quote("env AMAZES_TEST=1 " + polite.string()) + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "out" / "matches" / ("r01-" + nandu + "-polite.json.zst")))
      << result.output;
  const auto csv = read_file(dir.path() / "out" / "standings.csv");
  EXPECT_NE(csv.find("," + nandu + ","), std::string::npos) << csv;
  EXPECT_NE(csv.find(",polite,"), std::string::npos) << csv;
  // The text table lines up a UTF-8 name as an ASCII one: both rows have the same length in characters.
  const auto text = read_file(dir.path() / "out" / "standings.txt");
  const auto row_of = [&](const std::string& name) {
    const auto start = text.rfind('\n', text.find(name)) + 1;
    const std::string row = text.substr(start, text.find('\n', start) - start);
    return std::count_if(row.begin(), row.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
  };
  EXPECT_EQ(row_of(nandu), row_of("polite")) << text;
}

// as root, a UID range too small for -j plays as many games at once as it has
// UIDs for (two per game) and says so; one that cannot seat a single game is refused.
// A range of its own, outside the default 60600-61099 that tests running beside it use.
TEST(CliTournament, AUidRangeSmallerThanTheJobsRunsFewerGamesAndSaysSo) {
  REQUIRE_SANDBOX("root");
  ScratchDir dir("cli-tournament-uids");
  const auto polite = binary_dir() / "tests" / "bots" / "polite";
  const std::string players = " a=" + quoted(polite) + " b=" + quoted(polite) + " c=" + quoted(polite);
  const auto result = run_command(amazes_exe() + " tournament -q --size 9 --turns 4 -j 4 --sandbox-uids 62600-62602" +
                                  " --out " + quoted(dir.path() / "out") + players + " 2>&1");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find(
                "--sandbox-uids 62600-62602 has 3 usable UIDs, 2 per game: playing 1 game at once instead of 4"),
            std::string::npos)
      << result.output;
  EXPECT_EQ(testing::stable_rows(dir.path() / "out").size(), 6U);

  const auto refused = run_command(amazes_exe() + " tournament -q --sandbox-uids 62600-62600 --out " +
                                   quoted(dir.path() / "other") + players + " 2>&1");
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_NE(refused.output.find("a game needs 2"), std::string::npos) << refused.output;
  EXPECT_EQ(std::count(refused.output.begin(), refused.output.end(), '\n'), 1) << refused.output;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "other"));
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
