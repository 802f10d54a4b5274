#include "process/cgroup_control.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>

#include <fmt/format.h>

#include "process/cgroup_hierarchy.hpp"
#include "process/fd_helpers.hpp"
#include "process/live_groups.hpp"

namespace amazes::arbiter {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// How long kill() waits for the freeze to take before it lists the processes: a task is frozen
// when it next passes through the kernel, within microseconds unless it sleeps uninterruptibly
// (slow I/O) or waits for a CPU.
constexpr milliseconds kFreezeWait{100};

std::string read_fd(int fd) {
  std::string text;
  char buffer[1024];
  off_t offset = 0;
  while (true) {
    const ssize_t n = ::pread(fd, buffer, sizeof buffer, offset);
    if (n > 0) {
      text.append(buffer, static_cast<std::size_t>(n));
      offset += n;
      // cgroup files are generated whole at offset 0: a short read was all of it, and the
      // pread that would return 0 is saved (cpu.stat is read at every turn).
      if (static_cast<std::size_t>(n) < sizeof buffer) return text;
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      return text;
    }
  }
}

bool write_fd(int fd, const char* text) {
  const std::size_t size = std::strlen(text);
  while (true) {
    const ssize_t n = ::write(fd, text, size);
    if (n == static_cast<ssize_t>(size)) return true;
    if (n < 0 && errno == EINTR) continue;
    return false;
  }
}

// The parent of `pid` from /proc (nothing once it is gone). The command name in the stat line
// may hold blanks and parentheses, so the fields are counted from the last ')'.
std::optional<pid_t> parent_of(pid_t pid) {
  const auto stat = cgroup::read_file(fmt::format("/proc/{}/stat", pid));
  if (!stat) return std::nullopt;
  const std::size_t close = stat->rfind(')');
  if (close == std::string::npos) return std::nullopt;
  const auto fields = cgroup::words(std::string_view(*stat).substr(close + 1));
  if (fields.size() < 2) return std::nullopt;
  return static_cast<pid_t>(std::atol(fields[1].c_str()));
}

std::atomic<unsigned> g_next_player{0};

}  // namespace

const CgroupSupport& cgroup_support() {
  static const CgroupSupport support = [] {
    CgroupSupport s;
    const auto& judge = cgroup::judge_cgroup();
    s.usable = judge.cgroup.has_value();
    s.problem = judge.problem;
    if (judge.cgroup) {
      s.memory_max = judge.cgroup->memory;
      s.pids_max = judge.cgroup->pids;
      s.limits_note = judge.cgroup->note;
    }
    return s;
  }();
  return support;
}

std::unique_ptr<CgroupControl> CgroupControl::create(const CgroupLimits& limits, std::string& error) {
  const auto& judge = cgroup::judge_cgroup();
  if (!judge.cgroup) {
    error = judge.problem;
    return nullptr;
  }
  std::unique_ptr<CgroupControl> control(new CgroupControl());
  control->dir_ = judge.cgroup->dir / fmt::format("p{}", g_next_player.fetch_add(1));
  if (::mkdir(control->dir_.c_str(), 0755) != 0) {
    error = fmt::format("mkdir {}: {}", control->dir_.string(), std::strerror(errno));
    control->removed_ = true;
    return nullptr;
  }
  // Limits before anything can join.
  if (limits.memory_max && judge.cgroup->memory) {
    if (const int e = cgroup::write_file(control->dir_ / "memory.max", std::to_string(*limits.memory_max))) {
      error = fmt::format("{}/memory.max: {}", control->dir_.string(), std::strerror(e));
      return nullptr;
    }
    cgroup::write_file(control->dir_ / "memory.swap.max", "0");  // where swap accounting exists
  }
  if (limits.pids_max && judge.cgroup->pids) {
    if (const int e = cgroup::write_file(control->dir_ / "pids.max", std::to_string(*limits.pids_max))) {
      error = fmt::format("{}/pids.max: {}", control->dir_.string(), std::strerror(e));
      return nullptr;
    }
  }
  const auto open_file = [&](const char* name, int flags) {
    const int fd = ::open((control->dir_ / name).c_str(), flags | O_CLOEXEC);
    if (fd < 0 && error.empty()) error = fmt::format("{}/{}: {}", control->dir_.string(), name, std::strerror(errno));
    return fd;
  };
  control->dir_fd_ = open_file(".", O_RDONLY | O_DIRECTORY);
  control->freeze_fd_ = open_file("cgroup.freeze", O_WRONLY);
  control->kill_fd_ = open_file("cgroup.kill", O_WRONLY);
  control->events_fd_ = open_file("cgroup.events", O_RDONLY);
  control->cpu_fd_ = open_file("cpu.stat", O_RDONLY);
  if (limits.memory_max && judge.cgroup->memory) control->memory_events_fd_ = open_file("memory.events", O_RDONLY);
  if (!error.empty()) return nullptr;
  if (limits.memory_max && !judge.cgroup->memory && memory_v1_support().usable) {
    control->memory_v1_ = MemoryCgroupV1::create(*limits.memory_max, error);
    if (!control->memory_v1_) return nullptr;
  }
  return control;
}

CgroupControl::~CgroupControl() {
  if (pid_ > 0 && !killed_) kill();
  if (!removed_) {
    // Not through wait_gone (a start that failed, an early exit): make sure nothing is left.
    if (populated() && kill_fd_ >= 0) {
      write_fd(kill_fd_, "1");
      const auto deadline = Clock::now() + std::chrono::seconds(1);
      while (populated() && Clock::now() < deadline) ::usleep(1000);
    }
    remove_directory();
  }
  // kill() took the kill file out of the interrupt table (and left kill_fd_ at -1 when the
  // handler may still use it); a start that never came to it does so here.
  release_kill_fd();
  close_fd(dir_fd_);
  close_fd(freeze_fd_);
  close_fd(kill_fd_);
  close_fd(events_fd_);
  close_fd(cpu_fd_);
  close_fd(memory_events_fd_);
}

void CgroupControl::prepare(LaunchSpec& spec) {
  // The child is born in the cgroup (spawn.hpp: no migration) and makes its own session first
  // thing, before the sandbox's hooks (limits, the UID switch).
  spec.cgroup_fd = dir_fd_;
  spec.memory_cgroup_fd = memory_v1_ ? memory_v1_->join_fd() : -1;
  spec.child_hooks.insert(spec.child_hooks.begin(), ChildHook{"setsid", [] { return ::setsid() >= 0 ? 0 : errno; }});
  // An interrupted judge kills the cgroup from now on: a player is in it from its birth, and
  // already runs its program before the judge has seen its start end and attaches it.
  if (!kill_registered_) kill_registered_ = live_groups::add_cgroup_kill(kill_fd_);
}

void CgroupControl::attach(pid_t pid) {
  pid_ = pid;
  registered_ = live_groups::add(pid);
}

void CgroupControl::release_kill_fd() {
  if (!kill_registered_) return;
  kill_registered_ = false;
  if (!live_groups::remove_cgroup_kill(kill_fd_)) kill_fd_ = -1;  // the interrupt handler has it: never close it
}

bool CgroupControl::wait_frozen(milliseconds limit) const {
  const auto start = Clock::now();
  const auto deadline = start + limit;
  // A freeze takes some tens of microseconds (every task must pass through the kernel once).
  // cgroup.events raises POLLPRI on a change, but the kernel rate-limits those notifications to
  // one per jiffy (4 ms at HZ=250), and even a short sleep costs more than the freeze (timer
  // slack). So: look again at once for the first 100 µs, yielding the CPU in between, then after
  // short growing pauses (20 µs doubling up to 1 ms), taking an early notification if one comes.
  std::chrono::nanoseconds pause = std::chrono::microseconds(20);
  while (true) {
    if (cgroup::keyed_value(read_fd(events_fd_), "frozen").value_or(0) == 1) return true;
    const auto now = Clock::now();
    if (now >= deadline) return false;
    if (now - start < std::chrono::microseconds(100)) {
      ::sched_yield();
      continue;
    }
    const auto wait = std::min<std::chrono::nanoseconds>(pause, deadline - now);
    const timespec ts{static_cast<time_t>(wait.count() / 1'000'000'000),
                      static_cast<long>(wait.count() % 1'000'000'000)};
    pollfd pfd{events_fd_, POLLPRI, 0};
    ::ppoll(&pfd, 1, &ts, nullptr);
    pause = std::min<std::chrono::nanoseconds>(pause * 2, milliseconds(1));
  }
}

void CgroupControl::pause() {
  if (pid_ <= 0 || killed_) return;
  // No wait for "frozen 1" here: from this write on, no task of the cgroup returns to user space
  // (a running one is kicked into the kernel at once, a sleeping one freezes on its way out of
  // the kernel, a new child is born freezing), so waiting would add no guarantee. What it would
  // add is a scheduler latency per turn: every sleeping task must be woken and scheduled once to
  // freeze itself, which on a busy machine (a tournament with -j = cores) means waiting for a
  // CPU, several milliseconds per match (tests/bench/sandbox_bench.cpp). kill() does wait: it
  // needs the frozen state for a complete list of processes.
  write_fd(freeze_fd_, "1");
}

void CgroupControl::resume() {
  if (pid_ <= 0 || killed_) return;
  write_fd(freeze_fd_, "0");
}

std::chrono::nanoseconds CgroupControl::cpu_time() {
  if (cpu_fd_ >= 0) {
    if (const auto usec = cgroup::keyed_value(read_fd(cpu_fd_), "usage_usec")) {
      const std::chrono::nanoseconds now = std::chrono::microseconds(*usec);
      if (now > last_cpu_) last_cpu_ = now;
    }
  }
  return last_cpu_;
}

std::vector<pid_t> CgroupControl::processes() const {
  std::vector<pid_t> pids;
  for (const auto& word : cgroup::words(cgroup::read_file(dir_ / "cgroup.procs").value_or(""))) {
    pids.push_back(static_cast<pid_t>(std::atol(word.c_str())));
  }
  return pids;
}

bool CgroupControl::populated() const {
  if (events_fd_ < 0) return false;
  return cgroup::keyed_value(read_fd(events_fd_), "populated").value_or(0) != 0;
}

void CgroupControl::kill() {
  if (killed_) return;
  killed_ = true;
  if (pid_ <= 0) {
    release_kill_fd();
    return;
  }
  // Frozen, nobody can fork: the list of processes is complete. Those of them that become the
  // judge's children (orphans, through the subreaper) are reaped by wait_gone.
  write_fd(freeze_fd_, "1");
  wait_frozen(kFreezeWait);
  victims_ = processes();
  write_fd(kill_fd_, "1");
  if (registered_) {
    live_groups::remove(pid_);
    registered_ = false;
  }
  release_kill_fd();
}

bool CgroupControl::wait_gone(milliseconds limit) {
  if (pid_ <= 0) return true;
  const auto deadline = Clock::now() + limit;
  const pid_t self = ::getpid();
  std::chrono::microseconds nap{20};
  while (true) {
    // Emptiness first: a process leaves the cgroup a moment before it has become a zombie and
    // handed its children to the judge, so only what is reaped after that counts.
    const bool empty = !populated();
    // Reap what is the judge's: members of the main process's group (bwrap's pid-1 process,
    // orphaned when bwrap's outer process exits), and any of the victims (orphans are handed
    // to the judge, a child subreaper, as their parents die).
    bool group_left = false;
    while (true) {
      const pid_t r = ::waitpid(-pid_, nullptr, WNOHANG);
      if (r > 0 || (r < 0 && errno == EINTR)) continue;
      group_left = r == 0;  // a member not dead yet
      break;
    }
    bool settled = !group_left;
    for (const pid_t victim : victims_) {
      pid_t r;
      while ((r = ::waitpid(victim, nullptr, WNOHANG)) < 0 && errno == EINTR) {
      }
      if (r > 0) continue;  // reaped just now
      if (r == 0) {
        settled = false;  // the judge's child, not dead yet
        continue;
      }
      // Not the judge's child: fine unless its parent is one of the victims still dying, which
      // would hand it to the judge in a moment.
      const auto parent = parent_of(victim);
      if (parent && *parent != self && std::find(victims_.begin(), victims_.end(), *parent) != victims_.end()) {
        settled = false;
      }
    }
    if (empty && settled) break;
    if (Clock::now() > deadline) return false;
    if (!empty && kill_fd_ >= 0) write_fd(kill_fd_, "1");  // again: a process may be forked while the first kill ran
    // SIGKILLed processes are gone within microseconds to a scheduler tick: look again soon,
    // then less often (20 µs doubling up to 1 ms).
    ::usleep(static_cast<useconds_t>(nap.count()));
    nap = std::min(nap * 2, std::chrono::microseconds(1000));
  }
  remove_directory();
  return true;
}

bool CgroupControl::out_of_memory() {
  if (!removed_) {
    if (memory_events_fd_ >= 0) oom_kills_ = cgroup::keyed_value(read_fd(memory_events_fd_), "oom_kill").value_or(0);
    if (memory_v1_) oom_kills_ = memory_v1_->oom_kills();
  }
  return oom_kills_ > 0;
}

void CgroupControl::remove_directory() {
  if (removed_) return;
  out_of_memory();  // the last look before the counters go
  memory_v1_.reset();
  if (::rmdir(dir_.c_str()) == 0 || errno == ENOENT) removed_ = true;
}

std::string CgroupControl::describe() const { return "cgroup " + dir_.string(); }

}  // namespace amazes::arbiter
