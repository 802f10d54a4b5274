// A player of the namespaces sandbox is started in two halves (spawn.hpp: PreparedChild): the
// sandbox is made ahead of the player's first turn, down to the process that is to become the
// player, which waits before its exec; only the exec is left for the turn. These tests hold
// what that must not change: nothing of the player's program runs before it is started
// (docs/rules.md §10: a player runs in its turns only), the waiting process holds nothing of the
// judge's, a sandbox made and never used leaves nothing behind, and a prepared player plays as
// any other.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <fcntl.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "arbiter/process/player_process.hpp"
#include "arbiter/sandbox/sandbox.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/sandbox_offer.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

namespace fs = std::filesystem;
using arbiter::PlayerProcess;
using testing::bot_path;

arbiter::SandboxSettings namespaces() {
  arbiter::SandboxSettings settings;
  settings.mode = arbiter::SandboxMode::Namespaces;
  return settings;
}

// The children of this process (every thread's).
std::set<pid_t> children() {
  std::set<pid_t> found;
  for (const auto& task : fs::directory_iterator("/proc/self/task")) {
    std::ifstream in(task.path() / "children");
    pid_t pid = 0;
    while (in >> pid) found.insert(pid);
  }
  return found;
}

// The process that is to become the player, once it waits for its start in read(2) (looked
// for up to 10 s): the child of the sandbox's pid-1 process `init`. -1 when it never did.
pid_t waiting_player(pid_t init) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  const std::string task = "/proc/" + std::to_string(init) + "/task/" + std::to_string(init) + "/children";
  while (std::chrono::steady_clock::now() < deadline) {
    std::ifstream children_of(task);
    pid_t player = -1;
    if (children_of >> player) {
      std::ifstream in("/proc/" + std::to_string(player) + "/syscall");
      long number = -1;
      if (in >> number && number == SYS_read) return player;
    }
    ::sched_yield();
  }
  return -1;
}

std::vector<pid_t> cgroup_procs(const arbiter::ProcessControl& control) {
  const std::string what = control.describe();
  EXPECT_EQ(what.rfind("cgroup ", 0), 0U) << what;
  std::ifstream in(fs::path(what.substr(7)) / "cgroup.procs");
  std::vector<pid_t> pids;
  pid_t pid = 0;
  while (in >> pid) pids.push_back(pid);
  return pids;
}

// Every process on the machine whose program is `program`.
std::vector<pid_t> processes_running(const fs::path& program) {
  std::vector<pid_t> found;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::error_code ec;
    if (fs::read_symlink(entry.path() / "exe", ec) == program) found.push_back(std::stoi(name));
  }
  return found;
}

// What the descriptors of `pid` point to ("/tmp/x", "pipe:[123]", …).
std::vector<std::string> open_files_of(pid_t pid) {
  std::vector<std::string> targets;
  std::error_code ec;
  for (const auto& fd : fs::directory_iterator("/proc/" + std::to_string(pid) + "/fd", ec)) {
    targets.push_back(fs::read_symlink(fd.path(), ec).string());
  }
  return targets;
}

TEST(PreparedStart, NothingOfThePlayerRunsBeforeItIsStartedAndThenItPlays) {
  REQUIRE_SANDBOX("namespaces");
  // A file the judge holds, as a competition's lock or store: not the waiting sandbox's to hold
  // (a judge killed meanwhile would leave it locked).
  testing::ScratchDir dir("prepared-start");
  const fs::path held = dir.path() / "judge-only";
  testing::write_file(held, "");
  const int held_fd = ::open(held.c_str(), O_RDONLY | O_CLOEXEC);
  ASSERT_GE(held_fd, 0);
  // A copy of its own: other tests running at the same time run the polite bot too.
  const fs::path program = dir.path() / "bot" / "polite-prepared";
  fs::create_directories(program.parent_path());
  fs::copy_file(bot_path("polite"), program);
  const auto launch = arbiter::make_launch_spec("polite", program.string());
  ASSERT_TRUE(launch.ok()) << launch.error;
  arbiter::PlayerSandbox sandbox(namespaces());
  ASSERT_TRUE(sandbox.uid().has_value());
  const std::set<pid_t> before = children();
  auto pending = PlayerProcess::prepare(sandbox.wrap(launch.spec), sandbox.take_control());
  std::set<pid_t> made = children();
  for (const pid_t pid : before) made.erase(pid);
  ASSERT_EQ(made.size(), 1U) << "the sandbox's pid-1 process, and only it";
  const pid_t waiting = waiting_player(*made.begin());
  ASSERT_GT(waiting, 0) << "the sandbox never got ready";
  EXPECT_FALSE(open_files_of(waiting).empty()) << "its descriptors cannot be listed";  // its pipes at least
  for (const pid_t pid : {*made.begin(), waiting}) {
    const auto files = open_files_of(pid);
    EXPECT_EQ(std::count(files.begin(), files.end(), held.string()), 0) << pid << " holds a file of the judge's";
  }
  ::close(held_fd);
  // It waits as the sandbox's small launcher, sharing no page with the judge.
  std::error_code ec;
  EXPECT_EQ(
      fs::read_symlink("/proc/" + std::to_string(waiting) + "/exe", ec).string().rfind("/memfd:amazes-sandbox-init", 0),
      0U);
  // Ready, in its cgroup, under its UID, but not yet the player's program.
  EXPECT_EQ(cgroup_procs(*pending.control), std::vector<pid_t>{waiting});
  EXPECT_TRUE(processes_running(program).empty()) << "the player's program runs before its start";
  struct stat st {};
  ASSERT_EQ(::stat(("/proc/" + std::to_string(waiting)).c_str(), &st), 0);
  EXPECT_EQ(st.st_uid, *sandbox.uid());

  auto started = PlayerProcess::start(std::move(pending));
  ASSERT_TRUE(started.ok()) << started.error;
  EXPECT_EQ(processes_running(program), std::vector<pid_t>{waiting});
  started.process->send({"Start", "W", "W", "RW", "W", "505"});
  started.process->resume();
  const auto read = started.process->read_line({});
  started.process->pause();
  EXPECT_EQ(read.kind, arbiter::ReadKind::Line) << read.text;
  EXPECT_TRUE(started.process->finish(std::chrono::seconds(1)));
  EXPECT_EQ(started.process->exit_description(), "exit 0");
}

TEST(PreparedStart, AProgramThatCannotBeExecutedIsTheJudgesWordOnItAfterTheWait) {
  REQUIRE_SANDBOX("namespaces");
  testing::ScratchDir dir("prepared-start");
  const fs::path program = dir.path() / "not-a-program";
  testing::write_file(program, "just text\n");
  fs::permissions(program, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                               fs::perms::others_read | fs::perms::others_exec);
  // Past the judge's own check of the command (make_launch_spec refuses it), as a program
  // replaced between that check and its start would be.
  arbiter::LaunchSpec spec;
  spec.program = program;
  spec.argv = {program.string()};
  arbiter::PlayerSandbox sandbox(namespaces());
  auto started = PlayerProcess::start(PlayerProcess::prepare(sandbox.wrap(spec), sandbox.take_control()));
  EXPECT_FALSE(started.ok());
  EXPECT_FALSE(started.judge_side) << "the player's own program: scored as its crash";
  EXPECT_EQ(started.error, "exec " + program.string() + ": Exec format error");
  EXPECT_TRUE(testing::no_child_left());
}

TEST(PreparedStart, ASandboxMadeAndNeverUsedLeavesNothing) {
  REQUIRE_SANDBOX("namespaces");
  const auto launch = arbiter::make_launch_spec("polite", bot_path("polite"));
  ASSERT_TRUE(launch.ok()) << launch.error;
  std::string cgroup;
  {
    arbiter::PlayerSandbox sandbox(namespaces());
    const std::set<pid_t> before = children();
    auto pending = PlayerProcess::prepare(sandbox.wrap(launch.spec), sandbox.take_control());
    std::set<pid_t> made = children();
    for (const pid_t pid : before) made.erase(pid);
    ASSERT_EQ(made.size(), 1U);
    ASSERT_GT(waiting_player(*made.begin()), 0);
    cgroup = pending.control->describe();
  }
  EXPECT_TRUE(testing::no_child_left()) << "the pid-1 process was not reaped";
  ASSERT_EQ(cgroup.rfind("cgroup ", 0), 0U) << cgroup;
  EXPECT_FALSE(fs::exists(cgroup.substr(7))) << "the player's cgroup is left: " << cgroup;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
