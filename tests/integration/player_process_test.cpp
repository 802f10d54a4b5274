// The process layer against well- and misbehaving bots (tests/bots/): every way a player can
// fail a turn (docs/rules.md §4.3), pausing, CPU charging (§10), the end of a game (§4.4), stderr
// capping (§12), and that no process of a player is ever left behind — also when the judge
// itself is interrupted. The judge must never block: each test has a generous wall bound.
#include "arbiter/process/player_process.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <thread>

#include <seccomp.h>

#include "amazes/arbiter/judge_process.hpp"
#include "arbiter/process/cgroup_control.hpp"
#include "arbiter/process/launch_spec.hpp"
#include "support/sandbox_offer.hpp"

namespace amazes::arbiter {
namespace AMAZES_FILE_NAMESPACE {

using namespace std::chrono_literals;
using std::chrono::milliseconds;
using std::chrono::nanoseconds;
using Clock = std::chrono::steady_clock;

std::string bot(const std::string& name) { return std::string(AMAZES_BINARY_DIR) + "/tests/bots/" + name; }

LaunchSpec bot_spec(const std::string& name, std::vector<std::string> args = {}) {
  LaunchSpec spec;
  spec.program = bot(name);
  spec.argv.push_back(bot(name));
  for (std::string& a : args) spec.argv.push_back(std::move(a));
  return spec;
}

std::unique_ptr<PlayerProcess> start_bot(const std::string& name, std::vector<std::string> args = {},
                                         PlayerOptions options = {}) {
  StartResult started = PlayerProcess::start(bot_spec(name, std::move(args)), options);
  EXPECT_TRUE(started.ok()) << started.error;
  return std::move(started.process);
}

// A turn's input as the judge would write it (docs/rules.md §4.1); the content does not matter
// to these bots beyond "ahead is open", so they answer F.
std::vector<std::string> input(int turn) {
  std::vector<std::string> lines{"BBW", "W", "LLBNW", "W", "505"};
  if (turn == 1) lines.insert(lines.begin(), "Start");
  return lines;
}

// The generous per-turn limits of these tests: a 5 s wall guard, no CPU limit.
ReadLimits generous() {
  ReadLimits limits;
  limits.wall = 5s;
  return limits;
}

// One turn the way the match driver plays it.
ReadResult play(PlayerProcess& p, int turn, const ReadLimits& limits = generous()) {
  p.resume();
  p.send(input(turn));
  ReadResult r = p.read_line(limits);
  p.pause();
  return r;
}

// One turn in which the player is paused only once it has written more than its line (or
// after 5 s): the test, not the scheduler, decides the race between extra output and the
// pause. `more` says whether the extra output came.
struct TurnWithMore {
  ReadResult read;
  bool more = false;
};

TurnWithMore play_until_more_output(PlayerProcess& p, int turn) {
  p.resume();
  p.send(input(turn));
  TurnWithMore t{p.read_line(generous())};
  const auto deadline = Clock::now() + 5s;
  while (!(t.more = p.has_unsolicited_output()) && Clock::now() < deadline) std::this_thread::yield();
  p.pause();
  return t;
}

// No process of the player's group is left, and its main process has been reaped.
void expect_gone(pid_t pid) {
  errno = 0;
  EXPECT_EQ(::kill(-pid, 0), -1) << "process group " << pid << " still has members";
  EXPECT_EQ(errno, ESRCH);
  errno = 0;
  EXPECT_EQ(::waitpid(pid, nullptr, WNOHANG), -1) << "pid " << pid << " not reaped";
  EXPECT_EQ(errno, ECHILD);
}

double median_ms(std::vector<nanoseconds> values) {
  std::sort(values.begin(), values.end());
  return std::chrono::duration<double, std::milli>(values[values.size() / 2]).count();
}

// Every test must end well within this bound: the judge never blocks on a player.
class PlayerProcessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    prepare_judge_process();
    started_ = Clock::now();
  }
  void TearDown() override { EXPECT_LT(Clock::now() - started_, 30s) << "the judge took too long"; }
  Clock::time_point started_;
};

TEST_F(PlayerProcessTest, PoliteBotPlaysAFullGameAndExitsByItself) {
  auto p = start_bot("polite");
  ASSERT_TRUE(p);
  p->pause();
  std::vector<nanoseconds> cpu, wall;
  for (int turn = 1; turn <= 150; ++turn) {
    const ReadResult r = play(*p, turn);
    ASSERT_EQ(r.kind, ReadKind::Line) << "turn " << turn << ": " << read_kind_name(r.kind);
    ASSERT_EQ(r.text, "F");
    ASSERT_FALSE(p->has_unsolicited_output());
    cpu.push_back(r.cpu);
    wall.push_back(r.wall);
  }
  EXPECT_TRUE(p->finish(1s));
  EXPECT_EQ(p->exit_description(), "exit 0");
  EXPECT_TRUE(p->reaped());
  expect_gone(p->pid());
  // Reported, not asserted: timings belong to benchmarks.
  const double cpu_median = median_ms(cpu), wall_median = median_ms(wall);
  std::cout << "polite bot, 150 turns: charged CPU per turn median " << cpu_median << " ms (first turn, with start-up, "
            << std::chrono::duration<double, std::milli>(cpu.front()).count() << " ms); wall per turn median "
            << wall_median << " ms\n";
  RecordProperty("cpu_median_us", static_cast<int>(cpu_median * 1000));
  RecordProperty("wall_median_us", static_cast<int>(wall_median * 1000));
}

TEST_F(PlayerProcessTest, PoliteBotExitsOnQuit) {
  auto p = start_bot("polite");
  ASSERT_TRUE(p);
  for (int turn = 1; turn <= 3; ++turn) ASSERT_EQ(play(*p, turn).kind, ReadKind::Line);
  p->resume();
  p->send({"Quit"});
  EXPECT_TRUE(p->finish(1s));
  EXPECT_EQ(p->exit_description(), "exit 0");
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, PausedPlayerExitsAtEndOfInputDuringGrace) {
  auto p = start_bot("polite");
  ASSERT_TRUE(p);
  ASSERT_EQ(play(*p, 1).kind, ReadKind::Line);  // ends paused: finish must continue it
  EXPECT_TRUE(p->finish(1s));
  EXPECT_EQ(p->exit_description(), "exit 0");
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, CrashBySignalIsClosed) {
  for (const auto& [how, description] :
       {std::pair{"abort", "signal 6 (SIGABRT)"}, std::pair{"segv", "signal 11 (SIGSEGV)"}}) {
    auto p = start_bot("crash", {"3", how});
    ASSERT_TRUE(p);
    EXPECT_EQ(play(*p, 1).kind, ReadKind::Line);
    EXPECT_EQ(play(*p, 2).kind, ReadKind::Line);
    const ReadResult r = play(*p, 3);
    EXPECT_EQ(r.kind, ReadKind::Closed) << how;
    EXPECT_EQ(r.text, "");
    p->kill();
    EXPECT_EQ(p->exit_description(), description);
    expect_gone(p->pid());
  }
}

TEST_F(PlayerProcessTest, EarlyExitIsClosed) {
  auto p = start_bot("exit_early", {"2", "3"});
  ASSERT_TRUE(p);
  EXPECT_EQ(play(*p, 1).kind, ReadKind::Line);
  EXPECT_EQ(play(*p, 2).kind, ReadKind::Closed);
  p->kill();
  EXPECT_EQ(p->exit_description(), "exit 3");
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, BusyLoopTimesOutOnItsCpuBudget) {
  auto p = start_bot("busy_loop", {"2"});
  ASSERT_TRUE(p);
  EXPECT_EQ(play(*p, 1).kind, ReadKind::Line);
  ReadLimits limits = generous();
  limits.cpu = 200ms;
  const ReadResult r = play(*p, 2, limits);
  EXPECT_EQ(r.kind, ReadKind::Timeout);
  EXPECT_GE(r.cpu, 200ms);
  EXPECT_LT(r.wall, 5s) << "the CPU limit, not the wall guard, must end the turn";
  p->kill();
  EXPECT_EQ(p->exit_description(), "killed by judge");
  EXPECT_FALSE(p->finish(1s));  // a player killed on a fault did not end by itself
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, SleepingPlayerTimesOutOnTheWallGuard) {
  auto p = start_bot("sleep_forever", {"2"});
  ASSERT_TRUE(p);
  EXPECT_EQ(play(*p, 1).kind, ReadKind::Line);
  ReadLimits limits;
  limits.wall = 300ms;
  limits.cpu = 5s;
  const ReadResult r = play(*p, 2, limits);
  EXPECT_EQ(r.kind, ReadKind::Timeout);
  EXPECT_GE(r.wall, 300ms);
  EXPECT_LT(r.cpu, 300ms);
  p->kill();
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, TooLongIsDecidedAtThe257thCharacterWithoutANewline) {
  auto p = start_bot("too_long", {"2"});  // writes 257 characters, then sleeps
  ASSERT_TRUE(p);
  EXPECT_EQ(play(*p, 1).kind, ReadKind::Line);
  const ReadResult r = play(*p, 2);
  EXPECT_EQ(r.kind, ReadKind::TooLong);
  EXPECT_EQ(r.text, std::string(257, 'F'));
  p->kill();
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, ExactlyTheLimitWithoutNewlineWaits) {
  auto p = start_bot("too_long", {"1", "256"});  // 256 characters and no newline: not a line yet
  ASSERT_TRUE(p);
  ReadLimits limits;
  limits.wall = 300ms;
  const ReadResult r = play(*p, 1, limits);
  EXPECT_EQ(r.kind, ReadKind::Timeout);
  EXPECT_EQ(r.text.size(), 256u);
  p->kill();
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, IllegalAndEmptyLinesAreLinesForTheRulesToJudge) {
  auto lower = start_bot("illegal_char", {"2"});
  auto empty = start_bot("empty_line", {"2"});
  ASSERT_TRUE(lower && empty);
  for (int turn = 1; turn <= 3; ++turn) {
    const ReadResult a = play(*lower, turn), b = play(*empty, turn);
    EXPECT_EQ(a.kind, ReadKind::Line);
    EXPECT_EQ(b.kind, ReadKind::Line);
    EXPECT_EQ(a.text, turn == 2 ? "f" : "F");
    EXPECT_EQ(b.text, turn == 2 ? "" : "F");
  }
  lower->kill();
  empty->kill();
  expect_gone(lower->pid());
  expect_gone(empty->pid());
}

TEST_F(PlayerProcessTest, TwoLinesAtOnceLeaveUnsolicitedOutputForTheNextTurn) {
  auto p = start_bot("two_lines", {"2"});
  ASSERT_TRUE(p);
  EXPECT_EQ(play(*p, 1).kind, ReadKind::Line);
  EXPECT_FALSE(p->has_unsolicited_output());
  const ReadResult r = play(*p, 2);
  EXPECT_EQ(r.kind, ReadKind::Line);
  EXPECT_EQ(r.text, "F");
  EXPECT_TRUE(p->has_unsolicited_output());  // turn 3 starts: nothing is written to it
  EXPECT_EQ(p->pending_output(), "F\n");
  p->kill();
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, ALineWrittenAfterTheMoveBeforeThePauseIsUnsolicitedAtTheNextTurn) {
  // The bot writes its extra line in a second write right after its move. Whether that write
  // gets out before the pause lands is a race between the bot and the judge, decided by the
  // scheduler (when the pause wins, the bot writes the line on resuming and the judge takes
  // it, correctly, as that turn's answer; match_faults_test plays whole games of it). Here
  // the test decides the race: it pauses only once the extra line has arrived, and then the
  // line must be caught when the next turn starts, and nothing written to the bot.
  auto p = start_bot("late_line", {"2"});
  ASSERT_TRUE(p);
  EXPECT_EQ(play(*p, 1).kind, ReadKind::Line);
  EXPECT_FALSE(p->has_unsolicited_output());

  const TurnWithMore t = play_until_more_output(*p, 2);
  EXPECT_EQ(t.read.kind, ReadKind::Line);
  EXPECT_EQ(t.read.text, "F");
  ASSERT_TRUE(t.more) << "the extra line did not come within 5 s";

  EXPECT_TRUE(p->has_unsolicited_output());  // turn 3 starts
  EXPECT_EQ(p->pending_output(), "F\n");
  p->kill();
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, StderrIsCappedCountedAndNeverBlocks) {
  auto p = start_bot("stderr_flood", {"2", "10000000"});
  ASSERT_TRUE(p);
  EXPECT_EQ(play(*p, 1).kind, ReadKind::Line);
  const ReadResult r = play(*p, 2);  // 10 MB through a 64 KiB pipe: drained while waiting
  EXPECT_EQ(r.kind, ReadKind::Line);
  EXPECT_EQ(play(*p, 3).kind, ReadKind::Line);
  EXPECT_TRUE(p->finish(1s));
  const StderrCapture& capture = p->stderr_capture();
  EXPECT_EQ(capture.kept, std::string(10'000, 'e'));
  EXPECT_EQ(capture.dropped, 10'000'000u - 10'000u);
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, StderrLimitIsConfigurable) {
  PlayerOptions options;
  options.stderr_limit = 100;
  auto p = start_bot("stderr_flood", {"1", "5000"}, options);
  ASSERT_TRUE(p);
  EXPECT_EQ(play(*p, 1).kind, ReadKind::Line);
  p->kill();
  EXPECT_EQ(p->stderr_capture().kept.size(), 100u);
  EXPECT_EQ(p->stderr_capture().dropped, 4900u);
}

TEST_F(PlayerProcessTest, StdoutFloodWithoutNewlineIsTooLong) {
  auto p = start_bot("stdout_flood", {"2"});
  ASSERT_TRUE(p);
  EXPECT_EQ(play(*p, 1).kind, ReadKind::Line);
  const ReadResult r = play(*p, 2);
  EXPECT_EQ(r.kind, ReadKind::TooLong);
  EXPECT_EQ(r.text.size(), 257u);
  p->kill();  // it is blocked on a full pipe, and paused: SIGKILL still ends it
  EXPECT_EQ(p->exit_description(), "killed by judge");
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, PlayerThatIgnoresSigtermAndStaysIsKilledAfterGrace) {
  auto p = start_bot("ignore_term", {"3"});
  ASSERT_TRUE(p);
  for (int turn = 1; turn <= 3; ++turn) ASSERT_EQ(play(*p, turn).kind, ReadKind::Line);
  const auto before = Clock::now();
  EXPECT_FALSE(p->finish(200ms));
  EXPECT_GE(Clock::now() - before, 200ms);
  EXPECT_EQ(p->exit_description(), "killed by judge after grace");
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, BothPlayersOfAMatchShareOneGracePeriod) {
  auto stubborn_red = start_bot("ignore_term", {"2"});
  auto stubborn_blue = start_bot("ignore_term", {"2"});
  auto polite = start_bot("polite", {"2"});
  ASSERT_TRUE(stubborn_red && stubborn_blue && polite);
  for (int turn = 1; turn <= 2; ++turn) {
    for (PlayerProcess* p : {stubborn_red.get(), stubborn_blue.get(), polite.get()}) {
      ASSERT_EQ(play(*p, turn).kind, ReadKind::Line);
    }
  }
  PlayerProcess* all[] = {stubborn_red.get(), polite.get(), stubborn_blue.get()};
  const auto before = Clock::now();
  const std::vector<bool> ended = PlayerProcess::finish_all(all, 1s);
  const auto took = Clock::now() - before;
  EXPECT_EQ(ended, (std::vector<bool>{false, true, false}));
  EXPECT_GE(took, 1s);
  EXPECT_LT(took, 1900ms) << "the grace periods ran one after the other";
  EXPECT_EQ(stubborn_red->exit_description(), "killed by judge after grace");
  EXPECT_EQ(polite->exit_description(), "exit 0");
  for (PlayerProcess* p : all) expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, ChildHoldingThePipesCannotHideTheParentsExit) {
  for (const auto& [then, description] : {std::pair{"exit", "exit 0"}, std::pair{"crash", "signal 6 (SIGABRT)"}}) {
    auto p = start_bot("fork_holder", {"2", then});
    ASSERT_TRUE(p);
    EXPECT_EQ(play(*p, 1).kind, ReadKind::Line);
    const ReadResult r = play(*p, 2);
    EXPECT_EQ(r.kind, ReadKind::Closed) << then;
    EXPECT_LT(r.wall, 5s) << "noticed by the wall guard only";
    errno = 0;
    EXPECT_EQ(::kill(-p->pid(), 0), 0) << "the sleeping child is still in the group";
    p->kill();
    EXPECT_EQ(p->exit_description(), description);
    expect_gone(p->pid());
  }
}

TEST_F(PlayerProcessTest, ChildHoldingThePipesDoesNotDelayTheEndOfTheGame) {
  auto p = start_bot("fork_holder", {"2", "play", "4"});
  ASSERT_TRUE(p);
  for (int turn = 1; turn <= 4; ++turn) ASSERT_EQ(play(*p, turn).kind, ReadKind::Line) << turn;
  EXPECT_TRUE(p->finish(1s));  // the main process exits; its child is killed with the group
  EXPECT_EQ(p->exit_description(), "exit 0");
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, ClosedStdoutIsClosedWhileThePlayerStillRuns) {
  auto p = start_bot("close_stdout", {"2"});
  ASSERT_TRUE(p);
  EXPECT_EQ(play(*p, 1).kind, ReadKind::Line);
  EXPECT_EQ(play(*p, 2).kind, ReadKind::Closed);
  EXPECT_EQ(::kill(p->pid(), 0), 0);
  p->kill();
  EXPECT_EQ(p->exit_description(), "killed by judge");
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, PlayerThatNeverReadsGetsUnsolicited) {
  // Its lines pile up while it runs. When the pause lands right after one of its writes, the
  // turn looks like a quick answer (see tests/bots/no_read.cpp); that race is the scheduler's,
  // and match_faults_test plays whole games of it. Here the test lets it write a second line
  // before pausing it, and then its output must be waiting when the next turn starts.
  auto p = start_bot("no_read");
  ASSERT_TRUE(p);
  if (!p->has_unsolicited_output()) {  // already waiting at turn 1 if it ran before its turn
    ASSERT_EQ(play_until_more_output(*p, 1).read.kind, ReadKind::Line);
  }
  EXPECT_TRUE(p->has_unsolicited_output());
  EXPECT_EQ(p->pending_output().substr(0, 2), "F\n");
  p->kill();
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, WritingToAPlayerThatDoesNotReadNeverBlocks) {
  auto p = start_bot("sleep_forever", {"2"});
  ASSERT_TRUE(p);
  EXPECT_EQ(play(*p, 1).kind, ReadKind::Line);
  p->resume();
  const std::vector<std::string> huge(4000, std::string(63, 'W'));  // 256 KB, four pipes' worth
  EXPECT_EQ(p->send(huge), SendStatus::Queued);
  ReadLimits limits;
  limits.wall = 200ms;
  EXPECT_EQ(p->read_line(limits).kind, ReadKind::Timeout);
  p->kill();
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, WritingToAClosedStdinIsClosedNotSigpipe) {
  // The shell closes its stdin before it answers, so once the line is read, EPIPE is certain.
  // (A player that exits is no such test: the kernel releases an exiting process's files in
  // reverse order, so its stdout can read as closed a moment before its stdin is.)
  LaunchSpec spec;
  spec.program = "/bin/sh";
  spec.argv = {"sh", "-c", "exec 0<&-; echo F; exec sleep 100"};
  StartResult started = PlayerProcess::start(spec);
  ASSERT_TRUE(started.ok()) << started.error;
  PlayerProcess& p = *started.process;
  const ReadResult r = p.read_line(generous());
  EXPECT_EQ(r.kind, ReadKind::Line);
  EXPECT_EQ(r.text, "F");
  EXPECT_EQ(p.send(input(2)), SendStatus::Closed);  // EPIPE, and the judge lives on
  ReadLimits limits;
  limits.wall = 100ms;
  EXPECT_EQ(p.read_line(limits).kind, ReadKind::Timeout);  // alive, silent: still its move
  p.kill();
  EXPECT_EQ(p.exit_description(), "killed by judge");
  expect_gone(p.pid());
}

TEST_F(PlayerProcessTest, PausedPlayerUsesNoCpu) {
  auto p = start_bot("busy_loop", {"1"});
  ASSERT_TRUE(p);
  ReadLimits limits;
  limits.wall = 5s;
  limits.cpu = 100ms;
  EXPECT_EQ(play(*p, 1, limits).kind, ReadKind::Timeout);  // spinning, and now paused
  // A measurement window, not a synchronisation: a running busy loop would use ~300 ms here.
  const nanoseconds paused_from = p->cpu_time();
  std::this_thread::sleep_for(300ms);
  const nanoseconds paused_to = p->cpu_time();
  EXPECT_LT(paused_to - paused_from, 20ms) << "SIGSTOP did not stop it";
  p->resume();
  std::this_thread::sleep_for(300ms);
  EXPECT_GT(p->cpu_time() - paused_to, 50ms) << "SIGCONT did not continue it";
  p->kill();
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, CpuOfThreadsThatAlreadyExitedIsCharged) {
  auto p = start_bot("thread_burn", {"2", "100"});
  ASSERT_TRUE(p);
  EXPECT_EQ(play(*p, 1).kind, ReadKind::Line);
  const ReadResult r = play(*p, 2);
  EXPECT_EQ(r.kind, ReadKind::Line);
  EXPECT_GE(r.cpu, 100ms);
  p->kill();
  expect_gone(p->pid());
}

TEST_F(PlayerProcessTest, CpuChargeIncludesStartUpAndNeverCountsTwice) {
  auto p = start_bot("polite");
  ASSERT_TRUE(p);
  p->pause();
  nanoseconds total{0};
  for (int turn = 1; turn <= 5; ++turn) total += play(*p, turn).cpu;
  // The charges add up to the process's CPU time at the last read; only what it ran between
  // that read and the moment SIGSTOP took effect is not charged yet (it goes to the next turn).
  EXPECT_LE(total, p->cpu_time());
  EXPECT_LT(p->cpu_time() - total, 10ms);
  const nanoseconds before = p->cpu_time();
  const ReadResult next = play(*p, 6);
  EXPECT_GE(total + next.cpu, before);
  p->kill();
}

TEST_F(PlayerProcessTest, OtherPlayersPipesAreNotInherited) {
  auto a = start_bot("polite");
  auto b = start_bot("polite");
  ASSERT_TRUE(a && b);
  EXPECT_EQ(play(*b, 1).kind, ReadKind::Line);  // b has exec'ed and runs
  std::set<std::string> fds;
  const std::string dir = "/proc/" + std::to_string(b->pid()) + "/fd";
  if (DIR* d = ::opendir(dir.c_str())) {
    while (dirent* e = ::readdir(d)) {
      if (e->d_name[0] != '.') fds.insert(e->d_name);
    }
    ::closedir(d);
  }
  EXPECT_EQ(fds, (std::set<std::string>{"0", "1", "2"}));
  a->kill();
  b->kill();
}

TEST_F(PlayerProcessTest, LaunchSpecArgvEnvironmentAndDirectoryReachTheChild) {
  LaunchSpec spec;
  spec.program = "/bin/sh";
  // argv[0] as given (not the program path), read back from /proc.
  spec.argv = {"my-shell", "-c", "echo \"$(tr '\\0' '\\n' < /proc/$$/cmdline | head -n 1)|$(pwd)|$AMAZES_X|$1\"",
               "zero", "arg one"};
  spec.environment = std::vector<std::string>{"AMAZES_X=42", "PATH=/usr/bin:/bin"};
  spec.working_dir = "/tmp";
  StartResult started = PlayerProcess::start(spec);
  ASSERT_TRUE(started.ok()) << started.error;
  const ReadResult r = started.process->read_line(generous());
  EXPECT_EQ(r.kind, ReadKind::Line);
  EXPECT_EQ(r.text, "my-shell|/tmp|42|arg one");
  EXPECT_TRUE(started.process->finish(1s));
  EXPECT_EQ(started.process->exit_description(), "exit 0");
}

TEST_F(PlayerProcessTest, FailuresToStartAreOneLineErrorsAndLeaveNothing) {
  // A file with execute permission that is not a program.
  const std::string script = std::string(AMAZES_BINARY_DIR) + "/not_a_program_" + std::to_string(::getpid());
  std::ofstream(script) << "just text\n";
  ASSERT_EQ(::chmod(script.c_str(), 0755), 0);
  LaunchSpec spec;
  spec.program = script;
  spec.argv = {script};
  StartResult bad_exec = PlayerProcess::start(spec);
  EXPECT_FALSE(bad_exec.ok());
  EXPECT_EQ(bad_exec.error, "exec " + script + ": Exec format error");
  EXPECT_FALSE(bad_exec.judge_side);  // the player's program: its crash
  std::remove(script.c_str());

  // A child hook that fails: the child never execs, the error names the hook.
  LaunchSpec hooked = bot_spec("polite");
  hooked.child_hooks.push_back({"setrlimit-test", [] { return EPERM; }});
  StartResult bad_hook = PlayerProcess::start(hooked);
  EXPECT_FALSE(bad_hook.ok());
  EXPECT_EQ(bad_hook.error, "setrlimit-test: Operation not permitted");
  EXPECT_TRUE(bad_hook.judge_side);  // the judge's own set-up: nobody's crash

  // Neither left a child behind (not even a zombie).
  errno = 0;
  EXPECT_EQ(::waitpid(-1, nullptr, WNOHANG), -1);
  EXPECT_EQ(errno, ECHILD);
}

TEST_F(PlayerProcessTest, AJudgeOutOfDescriptorsFailsTheStartAsItsOwnFailure) {
  prepare_judge_process();  // before the limit is lowered: it raises the limit itself
  rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_NOFILE, &saved), 0);
  // A limit a little above the highest descriptor, and every number below it taken.
  int highest = 2;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) {
    highest = std::max(highest, std::stoi(entry.path().filename().string()));
  }
  // Room for at least two more above the highest, as the judge may have no free number below
  // it (when it runs with only 0, 1 and 2 open).
  rlimit tight = saved;
  tight.rlim_cur = static_cast<rlim_t>(highest) + 3;
  std::vector<int> filler;
  ASSERT_EQ(::setrlimit(RLIMIT_NOFILE, &tight), 0);
  for (int fd; (fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC)) >= 0;) filler.push_back(fd);
  // Two free: enough for the first pipe of a start, not for the second. (And enough for the
  // sanitizers, which test memory through a pipe of their own before the start.)
  ASSERT_GE(filler.size(), 2U);
  for (int i = 0; i < 2; ++i) {
    ::close(filler.back());
    filler.pop_back();
  }
  StartResult started = PlayerProcess::start(bot_spec("polite"));
  for (const int fd : filler) ::close(fd);
  ASSERT_EQ(::setrlimit(RLIMIT_NOFILE, &saved), 0);
  EXPECT_FALSE(started.ok());
  EXPECT_TRUE(started.judge_side) << started.error;
  EXPECT_EQ(started.error, "pipe: Too many open files");
}

TEST_F(PlayerProcessTest, DestroyingAPlayerKillsIt) {
  pid_t pid;
  {
    auto p = start_bot("sleep_forever", {"1"});
    ASSERT_TRUE(p);
    pid = p->pid();
    p->pause();
  }
  expect_gone(pid);
}

// ---- The judge interrupted: a judge-like process (this test program, run again with
// AMAZES_JUDGE_STUB set) starts two players, reports their pids and waits to be killed.

// Not a test: it runs before GoogleTest's main when the variable is set, so that the suite
// has no placeholder test that is skipped in every normal run.
[[noreturn]] void run_judge_stub(const char* fd_text) {
  prepare_judge_process();
  auto red = start_bot("sleep_forever", {"1"});
  auto blue = start_bot("polite");
  blue->pause();  // one running, one stopped, as in a match
  red->send(input(1));
  const std::string pids = std::to_string(red->pid()) + " " + std::to_string(blue->pid()) + "\n";
  const int fd = std::atoi(fd_text);
  [[maybe_unused]] auto n = ::write(fd, pids.data(), pids.size());
  ::close(fd);
  for (;;) ::pause();  // until the test's signal ends this process
}

const bool kRunAsJudgeStub = [] {
  if (const char* fd_text = std::getenv("AMAZES_JUDGE_STUB")) run_judge_stub(fd_text);
  return false;
}();

// Starts the stub, returns its pid and the two players' pids.
struct Stub {
  pid_t pid = -1;
  pid_t red = -1;
  pid_t blue = -1;
};

Stub start_stub() {
  Stub stub;
  int fds[2];
  if (::pipe(fds) != 0) return stub;
  stub.pid = ::fork();
  if (stub.pid == 0) {
    ::close(fds[0]);
    const std::string fd = std::to_string(fds[1]);
    ::setenv("AMAZES_JUDGE_STUB", fd.c_str(), 1);
    ::execl("/proc/self/exe", "judge-stub", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(fds[1]);
  std::string text;
  char buffer[64];
  pollfd pfd{fds[0], POLLIN, 0};
  while (::poll(&pfd, 1, 10'000) > 0) {  // bounded: a broken stub must not hang the test
    const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    if (n <= 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fds[0]);
  std::istringstream(text) >> stub.red >> stub.blue;
  return stub;
}

// Waits (bounded) for `pid` to end and reaps it; false when it did not end in time.
bool wait_exit(pid_t pid, int* status, int timeout_ms) {
  const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
  if (pidfd < 0) return false;
  pollfd pfd{pidfd, POLLIN, 0};
  const bool ended = ::poll(&pfd, 1, timeout_ms) == 1;
  ::close(pidfd);
  return ended && ::waitpid(pid, status, 0) == pid;
}

class JudgeInterrupted : public PlayerProcessTest, public ::testing::WithParamInterface<int> {};

TEST_P(JudgeInterrupted, KillsItsPlayersAndDiesOfTheSignal) {
  const int sig = GetParam();
  const Stub stub = start_stub();
  ASSERT_GT(stub.pid, 0);
  ASSERT_GT(stub.red, 0);
  ASSERT_GT(stub.blue, 0);
  EXPECT_EQ(::kill(-stub.red, 0), 0);
  EXPECT_EQ(::kill(-stub.blue, 0), 0);
  ASSERT_EQ(::kill(stub.pid, sig), 0);
  int status = 0;
  ASSERT_TRUE(wait_exit(stub.pid, &status, 10'000));
  EXPECT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), sig);
  // Killed and reaped by the stub's handler before it died: nothing left, not even zombies
  // (orphaned zombies would have come to this process, a subreaper, and kept the groups alive).
  for (pid_t pgid : {stub.red, stub.blue}) {
    errno = 0;
    EXPECT_EQ(::kill(-pgid, 0), -1) << "group " << pgid;
    EXPECT_EQ(errno, ESRCH);
    ::kill(-pgid, SIGKILL);  // clean up if the test failed
  }
}

INSTANTIATE_TEST_SUITE_P(Signals, JudgeInterrupted, ::testing::Values(SIGTERM, SIGINT),
                         [](const auto& info) { return std::string(::sigabbrev_np(info.param)); });

TEST_F(PlayerProcessTest, ParentDeathSignalKillsPlayersOfAJudgeKilledOutright) {
  // SIGKILL cannot be handled: only PR_SET_PDEATHSIG stands between the players and orphanhood.
  const Stub stub = start_stub();
  ASSERT_GT(stub.red, 0);
  ASSERT_EQ(::kill(stub.pid, SIGKILL), 0);
  int status = 0;
  ASSERT_TRUE(wait_exit(stub.pid, &status, 10'000));
  // The players were the stub's children; orphaned, they came to this process (a subreaper).
  for (pid_t pid : {stub.red, stub.blue}) {
    int player_status = 0;
    EXPECT_TRUE(wait_exit(pid, &player_status, 5'000)) << "player " << pid << " survived its judge";
    EXPECT_TRUE(WIFSIGNALED(player_status));
    EXPECT_EQ(WTERMSIG(player_status), SIGKILL);
    ::kill(-pid, SIGKILL);
  }
}

// A player under cgroup control is in its cgroup from its first instruction: born there by
// clone3 (CLONE_INTO_CGROUP), or, where clone3 answers ENOSYS (a container's seccomp profile, a
// kernel before 5.3), joined by the child before it executes anything. The second case runs in a
// child of this test whose own seccomp filter makes clone3 answer ENOSYS; the bot reports the
// cgroup it finds itself in.
void expect_player_in_its_cgroup(bool without_clone3) {
  const pid_t tester = ::fork();
  ASSERT_GE(tester, 0);
  if (tester == 0) {
    if (without_clone3) {
      scmp_filter_ctx filter = ::seccomp_init(SCMP_ACT_ALLOW);
      if (filter == nullptr || ::seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0) != 0 ||
          ::seccomp_load(filter) != 0) {
        std::cerr << "cannot load the test's seccomp filter\n";
        ::_exit(2);
      }
      ::seccomp_release(filter);
    }
    std::string error;
    auto control = CgroupControl::create({}, error);
    if (!control) {
      std::cerr << "no cgroup: " << error << "\n";
      ::_exit(3);
    }
    const std::string dir = control->directory().filename().string();
    LaunchSpec spec;
    spec.program = "/bin/sed";  // the line of the unified hierarchy (a hybrid system lists v1 ones too)
    spec.argv = {"sed", "-n", "/^0::/p", "/proc/self/cgroup"};
    StartResult started = PlayerProcess::start(spec, {}, std::move(control));
    if (!started.ok()) {
      std::cerr << "start: " << started.error << "\n";
      ::_exit(4);
    }
    const ReadResult read = started.process->read_line(generous());
    started.process->finish(5s);
    // "0::/<the judge's cgroup>/amazes-…/pN".
    const bool inside = read.kind == ReadKind::Line && read.text.rfind("0::", 0) == 0 &&
                        read.text.size() > dir.size() &&
                        read.text.substr(read.text.size() - dir.size() - 1) == "/" + dir;
    if (!inside) std::cerr << "the player is in " << read.text << ", not in " << dir << "\n";
    ::_exit(inside ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(tester, &status, 0), tester);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "see the tester's message above";
}

TEST_F(PlayerProcessTest, APlayerIsBornInItsCgroup) {
  REQUIRE_SANDBOX("cgroup");
  expect_player_in_its_cgroup(false);
}

TEST_F(PlayerProcessTest, WithoutClone3APlayerJoinsItsCgroupBeforeItRuns) {
  REQUIRE_SANDBOX("cgroup");
  expect_player_in_its_cgroup(true);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::arbiter
