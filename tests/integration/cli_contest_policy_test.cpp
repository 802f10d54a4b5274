// Running a contest with real bots: each player's command checked and its first turn tried
// before the first game (a missing script, an unexpanded ~, a bot that dies at once: refused
// with one line, exit 2); a player excluded after N games in a row that crashed, and one
// withdrawn on resume, their remaining games stored as forfeits, the same under -j 1 and -j 3
// and after SIGKILLs and resumes;
// a withdrawn player left out of the next Swiss rounds; a stderr flood said once per run.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <thread>

#include <fmt/format.h>

#include "amazes/competition/player_policy.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/random.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"
#include "support/tournament_helpers.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using namespace testing;  // amazes::testing: the helpers of tests/support

// A short game on a small maze: the tests are about who plays, not how.
const std::string kShort = " --seed 7 --size 8 --turns 20 ";

std::string named(const std::string& name, const std::string& command) { return shell_quote(name + "=" + command); }

std::string tournament(const std::string& args, const std::filesystem::path& out) {
  return amazes_exe() + " tournament" + kShort + args + " --out " + shell_quote(out.string()) + " 2>&1";
}

int lines_of(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

std::vector<competition::MatchRow> rows_of(const std::filesystem::path& out) {
  const auto store =
      competition::ResultsStore::open(competition::store_path(out), competition::ResultsStore::Access::ReadOnly);
  return store.matches();
}

std::string explorer() { return named("explorer", player_path("explorer")); }
std::string hunter() { return named("hunter", player_path("hunter")); }
std::string wallfollower() { return named("wallfollower", player_path("wallfollower")); }

TEST(ContestChecks, AScriptThatIsNotThereIsRefusedBeforeTheFirstGame) {
  ScratchDir dir("policy-script");
  const auto out = dir.path() / "out";
  const std::string missing = (dir.path() / "mybot" / "v1" / "nothere.py").string();
  auto result = run_command(tournament(named("ghost", "/usr/bin/python3 " + missing) + " " + explorer(), out));
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_EQ(lines_of(result.output), 1) << result.output;
  EXPECT_NE(
      result.output.find("player 'ghost' (/usr/bin/python3 " + missing + "): its script " + missing + ": no such file"),
      std::string::npos)
      << result.output;
  EXPECT_FALSE(std::filesystem::exists(out));

  // A ~ no shell expanded (a config file, a quoted command): the line says so.
  result = run_command(tournament(named("tilde", "/usr/bin/python3 ~/bots/x.py") + " " + explorer(), out));
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_NE(
      result.output.find("its script ~/bots/x.py: no such file (the shell did not expand ~: write the full path)"),
      std::string::npos)
      << result.output;

  // A jar, by -jar.
  result =
      run_command(tournament(named("jar", "/usr/bin/java -Xss8m -jar " + missing + ".jar") + " " + explorer(), out));
  if (std::filesystem::exists("/usr/bin/java")) {
    EXPECT_EQ(result.exit_code, 2) << result.output;
    EXPECT_NE(result.output.find("its jar " + missing + ".jar: no such file"), std::string::npos) << result.output;
  }
}

TEST(ContestChecks, ABotThatDoesNotAnswerItsFirstTurnIsRefusedWithWhyAndItsStderr) {
  ScratchDir dir("policy-trial");
  const auto out = dir.path() / "out";
  const std::string dies = "/usr/bin/python3 -c 'import sys; sys.stderr.write(\"boom: no module\\n\"); sys.exit(2)'";
  auto result = run_command(tournament(named("dies", dies) + " " + explorer(), out));
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_EQ(lines_of(result.output), 1) << result.output;
  EXPECT_NE(result.output.find("amazes tournament: error: player 'dies' (" + dies +
                               "): did not answer its first turn: it ended (or closed its stdout) before it "
                               "answered; exit 2; stderr: boom: no module"),
            std::string::npos)
      << result.output;
  EXPECT_FALSE(std::filesystem::exists(out));

  // One that hangs at its first turn: refused as a timeout, within the game's own time.
  const std::string hangs = bot_path("sleep_forever") + " 1";
  result = run_command(tournament(named("hangs", hangs) + " " + explorer() + " --time-ms 300", out));
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_NE(result.output.find("player 'hangs' (" + hangs + "): did not answer its first turn: no line within"),
            std::string::npos)
      << result.output;

  // versus tries its players the same way.
  result = run_command(amazes_exe() + " versus" + kShort + "--games 1 " + named("dies", dies) + " " + explorer() +
                       " --out " + shell_quote((dir.path() / "versus").string()) + " 2>&1");
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_NE(result.output.find("player 'dies' (" + dies + "): did not answer its first turn"), std::string::npos)
      << result.output;

  // --no-trial plays: the bot loses its games as crashes.
  result = run_command(tournament("--no-trial -q " + named("dies", dies) + " " + explorer(), out));
  EXPECT_EQ(result.exit_code, 0) << result.output;
  const auto rows = rows_of(out);
  ASSERT_EQ(rows.size(), 2U);
  for (const auto& row : rows) {
    const int side = row.side[0].player == "dies" ? 0 : 1;
    EXPECT_EQ(row.side[static_cast<std::size_t>(side)].fault, FaultKind::Crash);
  }
}

// A referee game cannot stop after one turn: its trial is one game against itself under the
// contest's referee (More), and a bot that dies at its first line is refused the same way.
TEST(ContestChecks, APlayerOfARefereeGameIsTriedUnderItsReferee) {
  ScratchDir dir("policy-referee");
  const auto out = dir.path() / "out";
  const std::string more = " --referee " + shell_quote(judge_program() + " referee more --seed {seed}") +
                           " --scores 0-20 --time-ms 30000 " +
                           named("runner", (binary_dir() / "more-players" / "more_runner").string()) + " ";
  auto result = run_command(tournament(more + named("crash", bot_path("first_line_crash")), out));
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_EQ(lines_of(result.output), 1) << result.output;
  EXPECT_NE(result.output.find("player 'crash' (" + bot_path("first_line_crash") +
                               "): did not answer its first turn: it was killed by a signal"),
            std::string::npos)
      << result.output;
  EXPECT_FALSE(std::filesystem::exists(out));
  result = run_command(
      tournament("-q" + more + named("random", (binary_dir() / "more-players" / "random_more").string()), out));
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_EQ(rows_of(out).size(), 2U);
}

TEST(ContestChecks, AResumeTriesThePlayersAgain) {
  ScratchDir dir("policy-resume");
  const auto out = dir.path() / "out";
  // A Python bot whose module does the playing (it runs a compiled bot of its folder).
  const auto bot = dir.path() / "bots" / "wall";
  std::filesystem::create_directories(bot);
  std::filesystem::copy_file(player_path("wallfollower"), bot / "wall");
  write_file(bot / "bot.py", "import helper\n");
  write_file(bot / "helper.py",
             "import os\nos.execv(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'wall'), ['wall'])\n");
  const std::string players = named("wall", "/usr/bin/python3 " + (bot / "bot.py").string()) + " " + explorer();
  auto result = run_command(tournament("-q --rounds 1 " + players, out));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  // Its module gone since: the files its command names are the same, but it no longer answers.
  std::filesystem::remove(bot / "helper.py");
  result = run_command(tournament("-q --rounds 2 " + players, out));
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_NE(result.output.find("player 'wall' (/usr/bin/python3 " + (bot / "bot.py").string() +
                               "): did not answer its first turn: "),
            std::string::npos)
      << result.output;
  EXPECT_NE(result.output.find("No module named 'helper'"), std::string::npos) << result.output;
  EXPECT_EQ(rows_of(out).size(), 2U);
  // Its script gone: said before any trial.
  std::filesystem::remove(bot / "bot.py");
  result = run_command(tournament("-q --rounds 2 " + players, out));
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_NE(result.output.find("its script " + (bot / "bot.py").string() + ": no such file"), std::string::npos)
      << result.output;
}

// Who played what, without the judge's timings: for comparing runs.
std::vector<std::string> outcome_lines(const std::filesystem::path& out) {
  std::vector<std::string> lines;
  for (const auto& row : stable_rows(out)) {
    lines.push_back(fmt::format("{} {} {}:{}:{}:{} {}:{}:{}:{} {}", row.id, row.status, row.side[0].score,
                                row.side[0].points, row.side[0].fault ? fault_name(*row.side[0].fault) : "-",
                                row.side[0].exit.rfind("exit", 0) == 0 ? "" : row.side[0].exit, row.side[1].score,
                                row.side[1].points, row.side[1].fault ? fault_name(*row.side[1].fault) : "-",
                                row.side[1].exit.rfind("exit", 0) == 0 ? "" : row.side[1].exit, row.log));
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

TEST(ContestPolicy, APlayerWhoseGamesKeepCrashingIsExcludedAndItsGamesAreForfeits) {
  ScratchDir dir("policy-exclude");
  // Crashes at its second turn in every game: it passes the one-turn trial, then loses every game.
  const std::string players =
      named("crasher", bot_path("crash") + " 2") + " " + explorer() + " " + hunter() + " " + wallfollower();
  const std::string args = "-q --rounds 3 --exclude-after 2 --points match " + players;
  std::map<int, std::vector<std::string>> runs;
  for (const int jobs : {1, 3}) {
    const auto out = dir.path() / fmt::format("j{}", jobs);
    const auto result = run_command(tournament(args + fmt::format(" -j {}", jobs), out));
    ASSERT_EQ(result.exit_code, 0) << result.output;
    runs[jobs] = outcome_lines(out);

    int forfeits = 0;
    for (const auto& row : rows_of(out)) {
      const bool crasher_red = row.side[0].player == "crasher";
      if (!crasher_red && row.side[1].player != "crasher") {
        EXPECT_EQ(row.status, "played") << row.id;
        continue;
      }
      const auto& crasher = row.side[crasher_red ? 0 : 1];
      const auto& opponent = row.side[crasher_red ? 1 : 0];
      if (row.round == 1) {
        EXPECT_EQ(row.status, "played") << row.id;
        EXPECT_EQ(crasher.fault, FaultKind::Crash) << row.id;
      } else {
        // Its last 2 games of round 1 crashed: excluded from round 2 on, nothing played, no log.
        ++forfeits;
        EXPECT_EQ(row.status, "forfeit") << row.id;
        EXPECT_EQ(crasher.exit, "excluded") << row.id;
        EXPECT_EQ(opponent.exit, "not played: its opponent is excluded") << row.id;
        EXPECT_EQ(row.log, "") << row.id;
        EXPECT_FALSE(std::filesystem::exists(out / competition::match_log_path(row.id))) << row.id;
      }
    }
    EXPECT_EQ(forfeits, 12);
    const auto standings = read_file(out / "standings.txt");
    EXPECT_NE(standings.find("Final standings (3 rounds): 4 players, 36 games"), std::string::npos) << standings;
    EXPECT_NE(standings.find("Excluded (its last games in a row crashed or timed out: exclude-after): crasher."),
              std::string::npos)
        << standings;
    // Match points: each opponent won its 4 forfeits (2 points each), beside what it won in play.
    const auto table = csv_table(read_file(out / "standings.csv"));
    std::map<std::string, std::string> total;
    for (std::size_t k = 1; k < table.size(); ++k) total[table[k][1]] = table[k][2];
    EXPECT_EQ(total["crasher"], "0");
    for (const char* name : {"explorer", "hunter", "wallfollower"}) EXPECT_GE(std::stoi(total[name]), 8) << name;
  }
  EXPECT_EQ(runs[1], runs[3]);
}

// Killed with SIGKILL at random moments and run again until it completes, the tournament
// excludes the same player at the same game as an uninterrupted run.
TEST(ContestPolicy, AnExclusionIsTheSameAfterKillsAndResumes) {
  std::vector<std::string> args = {"tournament",
                                   "-q",
                                   "--seed",
                                   "7",
                                   "--size",
                                   "8",
                                   "--turns",
                                   "20",
                                   "--rounds",
                                   "3",
                                   "--exclude-after",
                                   "2",
                                   "crasher=" + bot_path("crash") + " 2"};
  for (const char* bot : {"explorer", "hunter", "wallfollower"})
    args.push_back(std::string(bot) + "=" + player_path(bot));
  const auto command = [&](const std::filesystem::path& out, int jobs) {
    std::vector<std::string> words = {judge_program()};
    words.insert(words.end(), args.begin(), args.end());
    for (const std::string& extra : {std::string("-j"), std::to_string(jobs), std::string("--out"), out.string()}) {
      words.push_back(extra);
    }
    return words;
  };
  ScratchDir reference("policy-kill-reference");
  const auto t0 = std::chrono::steady_clock::now();
  std::string line;
  for (const auto& word : command(reference.path(), 1)) line += shell_quote(word) + " ";
  ASSERT_EQ(run_command(line + "2>&1").exit_code, 0);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const auto expected = outcome_lines(reference.path());

  Rng rng(34);
  int kills = 0;
  for (int trial = 0; trial < 3; ++trial) {
    ScratchDir dir("policy-kill");
    bool done = false;
    for (int attempt = 0; attempt < 30 && !done; ++attempt) {
      const pid_t pid = spawn_silently(command(dir.path(), 1 + rng.below(3)));
      // Not synchronisation: the kill moment itself is what is being sampled.
      std::this_thread::sleep_for(std::chrono::duration<double>(rng.unit() * seconds * 0.5));
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
      std::string rest;
      for (const auto& word : command(dir.path(), 2)) rest += shell_quote(word) + " ";
      ASSERT_EQ(run_command(rest + "2>&1").exit_code, 0);
    }
    EXPECT_EQ(outcome_lines(dir.path()), expected) << "trial " << trial;
    EXPECT_EQ(read_file(dir.path() / "standings.csv"), read_file(reference.path() / "standings.csv"));
  }
  std::printf("killed the judge %d times over 3 trials\n", kills);
}

TEST(ContestPolicy, AWithdrawnPlayerForfeitsItsRemainingGamesEvenWithItsProgramGone) {
  ScratchDir dir("policy-withdraw");
  const auto out = dir.path() / "out";
  const auto bot = dir.path() / "bots" / "leaver";
  std::filesystem::create_directories(bot.parent_path());
  std::filesystem::copy_file(player_path("hunter"), bot);
  const std::string players = named("leaver", bot.string()) + " " + explorer() + " " + wallfollower();
  ASSERT_EQ(run_command(tournament("-q --rounds 1 " + players, out)).exit_code, 0);
  std::filesystem::remove(bot);

  auto result = run_command(tournament("-q --rounds 2 --withdraw nobody " + players, out));
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_NE(result.output.find("--withdraw 'nobody': no such player in this tournament"), std::string::npos)
      << result.output;

  result = run_command(tournament("-q --rounds 2 --withdraw leaver " + players, out));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  int forfeits = 0;
  for (const auto& row : rows_of(out)) {
    const bool leaver = row.side[0].player == "leaver" || row.side[1].player == "leaver";
    EXPECT_EQ(row.status, row.round == 2 && leaver ? "forfeit" : "played") << row.id;
    if (row.status == "forfeit") {
      ++forfeits;
      EXPECT_EQ(row.side[row.side[0].player == "leaver" ? 0 : 1].exit, "withdrawn") << row.id;
    }
  }
  EXPECT_EQ(forfeits, 4);
  EXPECT_NE(read_file(out / "standings.txt").find("Withdrawn: leaver."), std::string::npos);

  // Kept in the store: a third round without --withdraw still leaves it out.
  result = run_command(tournament("-q --rounds 3 " + players, out));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  forfeits = 0;
  for (const auto& row : rows_of(out)) forfeits += row.status == "forfeit" ? 1 : 0;
  EXPECT_EQ(forfeits, 8);
}

TEST(ContestPolicy, ASwissStageDoesNotPairAWithdrawnPlayer) {
  ScratchDir dir("policy-swiss");
  const auto out = dir.path() / "out";
  std::string players = explorer() + " " + hunter() + " " + wallfollower();
  for (int seed = 1; seed <= 3; ++seed) {
    players += " " + named(fmt::format("random{}", seed), player_path("random") + fmt::format(" --seed {}", seed));
  }
  ASSERT_EQ(run_command(tournament("-q --format swiss --rounds 1 " + players, out)).exit_code, 0);
  const auto result = run_command(tournament("-q --format swiss --rounds 3 --withdraw random1 " + players, out));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const auto store =
      competition::ResultsStore::open(competition::store_path(out), competition::ResultsStore::Access::ReadOnly);
  std::map<int, int> byes;
  for (const auto& pairing : store.pairings()) {
    if (pairing.round == 1) continue;
    EXPECT_NE(pairing.first, "random1") << "round " << pairing.round;
    EXPECT_NE(pairing.second.value_or(""), "random1") << "round " << pairing.round;
    if (!pairing.second) ++byes[pairing.round];
  }
  // Five players left: two pairs and a bye a round.
  EXPECT_EQ(byes[2], 1);
  EXPECT_EQ(byes[3], 1);
  for (const auto& row : store.matches()) EXPECT_EQ(row.status, "played") << row.id;
  // Named as withdrawn; the others have played equally many games, and rank by total; the
  // competition is complete with the 6 + 4 + 4 games it played.
  const auto standings = read_file(out / "standings.txt");
  EXPECT_EQ(standings.rfind("Final standings (3 rounds): 6 players, 14 games\n", 0), 0U) << standings;
  EXPECT_NE(standings.find("Withdrawn: random1."), std::string::npos) << standings;
  EXPECT_EQ(standings.find("ranked by mean"), std::string::npos) << standings;
}

TEST(ContestLog, AStderrFloodIsSaidOnceARun) {
  ScratchDir dir("policy-flood");
  const auto out = dir.path() / "out";
  // 20,000 bytes at turn 1 of each of its 4 games: cut at 10,000 in each.
  const std::string players = named("flood", bot_path("stderr_flood") + " 1 20000") + " " + explorer();
  const auto result = run_command(tournament("--rounds 2 --no-trial " + players, out));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const std::string said = "player 'flood' wrote more than 10,000 bytes on stderr in game ";
  const auto at = result.output.find(said);
  ASSERT_NE(at, std::string::npos) << result.output;
  EXPECT_EQ(result.output.find(said, at + 1), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("; the rest is dropped (said once)"), std::string::npos) << result.output;
  EXPECT_EQ(result.output.find("player 'explorer' wrote more"), std::string::npos) << result.output;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
