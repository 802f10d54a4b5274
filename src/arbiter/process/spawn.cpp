#include "process/spawn.hpp"

#include <fcntl.h>
#include <linux/close_range.h>
#include <linux/sched.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>
#include <utility>
#include <vector>

#include "process/child_sandbox.hpp"
#include "process/child_setup.hpp"
#include "process/clone_on_stack.hpp"
#include "process/cpu_pin.hpp"

extern char** environ;

namespace amazes::arbiter {

namespace {

// A pipe whose both ends are close-on-exec from the start, so that no player inherits another
// player's pipes (the child's ends are moved onto 0, 1 and 2, which clears the flag there).
bool make_pipe(int fds[2]) { return ::pipe2(fds, O_CLOEXEC) == 0; }

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

// Keeps descriptors 3 to 9 of the judge occupied (with /dev/null where nothing else is), so that
// the pipes of a start always get numbers above 9: a child hook may then use 3–9 freely
// (wrap_in_bwrap moves the player's stdin and stdout to 3 and 4), clobbering nothing but
// close-on-exec descriptors that exec would close anyway. open() takes the lowest free number and
// never replaces a descriptor, so this is safe while other threads open and close files; the few
// /dev/null descriptors stay open for good.
void occupy_low_fds() {
  static std::mutex mutex;
  std::lock_guard lock(mutex);
  while (true) {
    const int fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    if (fd > 9) {
      ::close(fd);
      return;
    }
  }
}

// The four pipes of a start (stdin, stdout, stderr, the side channel), or false with errno
// set and none of them left open.
bool make_pipes(int (&pipes)[4][2]) {
  for (int i = 0; i < 4; ++i) {
    if (make_pipe(pipes[i])) continue;
    const int error = errno;
    for (int j = 0; j < i; ++j) ::close(pipes[j][0]), ::close(pipes[j][1]);
    errno = error;
    return false;
  }
  return true;
}

// A copy of the judge, born in `cgroup_fd` when that is a cgroup directory (clone3 with
// CLONE_INTO_CGROUP): a migration afterwards would take the kernel's global
// cgroup_threadgroup_rwsem for writing, whose first taker waits for an RCU grace period. Where
// there is no clone3 (before Linux 5.3, or a container's seccomp profile that answers ENOSYS to
// it), a fork whose child joins the cgroup itself (`joins`). -1 and errno when it fails.
// `namespaces`: clone flags of new namespaces (a child sandbox), which need clone3 too.
pid_t clone_into(int cgroup_fd, unsigned long long namespaces, bool& joins) {
  clone_args args{};
  args.exit_signal = SIGCHLD;
  args.flags = namespaces;
  if (cgroup_fd >= 0) {
    args.flags |= CLONE_INTO_CGROUP;
    args.cgroup = static_cast<std::uint64_t>(cgroup_fd);
  }
  joins = false;
  const long pid = ::syscall(SYS_clone3, &args, sizeof args);
  if (pid >= 0 || errno != ENOSYS || namespaces != 0) return static_cast<pid_t>(pid);
  joins = cgroup_fd >= 0;
  return ::fork();
}

// A step of the sandbox made for the player's own files that failed because a file is gone or
// cannot be reached (changed since the judge checked it): the player's fault, as an exec of a
// missing program is, not the judge's.
bool players_own_failure(const LaunchSpec& spec, const SetupFailure& failure) {
  return failure.step == kSandboxStep && spec.child_sandbox &&
         spec.child_sandbox->players_own_failure(failure.sandbox_step, failure.error);
}

// The pid-1 process of a child sandbox, born in its new namespaces sharing the judge's memory,
// with the judge's thread held until it executes its small program (or exits): CLONE_VM |
// CLONE_VFORK, as posix_spawn does; and its player likewise, holding the pid-1 process until it
// executes the launcher or the player's program. Copies of the judge instead (fork semantics)
// made the kernel copy and write-protect the judge's pages and flush the TLB of every CPU
// running the judge: the largest part of a sandboxed player's cost at -j 2
// (docs/sandbox-speed.md). Each runs on a stack of its own and writes no memory of the judge's
// (run_child keeps the rules of a vforked child). The price: the judge's thread waits while the
// sandbox is built, longer where a bind blocks (a folder on a dead network file system).
// -1 and errno when it fails.
pid_t clone_sharing_memory(ChildPlan& plan, unsigned long long namespaces) {
  // run_child needs a few KiB of each; pages are only touched as used.
  void* stacks =
      ::mmap(nullptr, 2 * kStackBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
  if (stacks == MAP_FAILED) return -1;
  plan.player_stack = static_cast<char*>(stacks) + kStackBytes;
  clone_args args{};
  args.flags = namespaces | CLONE_VM | CLONE_VFORK;
  args.exit_signal = SIGCHLD;
  const pid_t pid = clone3_on_stack(args, stacks, kStackBytes, run_child_entry, &plan);
  const int error = errno;
  ::munmap(stacks, 2 * kStackBytes);  // both have executed a program, or exited
  plan.player_stack = nullptr;
  errno = error;
  return pid;
}

// The child's plan, in place: its argument lists point into its own strings.
void fill_child_plan(ChildPlan& plan, const LaunchSpec& spec, std::array<int, 3> child_ends, int report_fd, int go_fd) {
  plan.spec = &spec;
  for (const std::string& arg : spec.argv) plan.argv.push_back(const_cast<char*>(arg.c_str()));
  plan.argv.push_back(nullptr);
  if (spec.environment) {
    for (const std::string& entry : *spec.environment) plan.envp.push_back(const_cast<char*>(entry.c_str()));
    plan.envp.push_back(nullptr);
  }
  plan.judge_pid = ::getpid();
  plan.stdin_read = child_ends[0];
  plan.stdout_write = child_ends[1];
  plan.stderr_write = child_ends[2];
  plan.report_fd = report_fd;
  plan.go_fd = go_fd;
  plan.cpus = player_cpus();
  if (go_fd >= 0) {
    plan.go_text = std::to_string(plan.go_fd);
    plan.report_text = std::to_string(plan.report_fd);
    plan.launch_argv = {plan.launch_name.data(), plan.go_text.data(), plan.report_text.data(),
                        const_cast<char*>(spec.program.c_str())};
    plan.launch_argv.insert(plan.launch_argv.end(), plan.argv.begin(), plan.argv.end());  // ends in nullptr
  }
}

// Clones the child (which runs the plan), with every signal blocked around it; the child's pid,
// or -1 with errno set.
pid_t clone_child(const LaunchSpec& spec, ChildPlan& plan) {
  sigset_t all;
  sigset_t before;
  sigfillset(&all);
  ::pthread_sigmask(SIG_BLOCK, &all, &before);
  bool joins = false;
  // In a child sandbox only the player is born in the cgroup (its pid-1 process stays out).
  // Its pid-1 process shares the judge's memory only when it is sure to execute the init program
  // or exit (become_init): without one it would hold the judge's thread for the whole game.
  pid_t pid = -1;
  if (!spec.child_sandbox) {
    pid = clone_into(spec.cgroup_fd, 0, joins);
  } else if (spec.child_sandbox->small_program() >= 0 && clone_on_stack_supported()) {
    pid = clone_sharing_memory(plan, spec.child_sandbox->clone_flags());
  } else {
    pid = clone_into(-1, spec.child_sandbox->clone_flags(), joins);
  }
  if (pid == 0) {
    if (joins) plan.join_cgroup_fd = spec.cgroup_fd;
    run_child(plan);
  }
  const int clone_error = errno;
  ::pthread_sigmask(SIG_SETMASK, &before, nullptr);
  errno = clone_error;
  return pid;
}

}  // namespace

PreparedChild::~PreparedChild() {
  if (pid_ <= 0) return;
  // Never launched: its player-to-be waits for the word, or it failed and is gone. Its pid-1
  // process goes, and the kernel ends the rest of its pid namespace with it.
  go_.reset();  // the end of the file: the waiting process exits by itself
  ::kill(pid_, SIGKILL);
  while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
  }
}

PreparedChild::PreparedChild(PreparedChild&& other) noexcept
    : begun_(std::exchange(other.begun_, false)),
      pid_(std::exchange(other.pid_, -1)),
      error_(std::move(other.error_)),
      judge_side_(other.judge_side_),
      stdin_fd_(std::move(other.stdin_fd_)),
      stdout_fd_(std::move(other.stdout_fd_)),
      stderr_fd_(std::move(other.stderr_fd_)),
      report_(std::move(other.report_)),
      go_(std::move(other.go_)) {}

PreparedChild& PreparedChild::operator=(PreparedChild&& other) noexcept {
  if (this != &other) {
    PreparedChild gone(std::move(*this));
    begun_ = std::exchange(other.begun_, false);
    pid_ = std::exchange(other.pid_, -1);
    error_ = std::move(other.error_);
    judge_side_ = other.judge_side_;
    stdin_fd_ = std::move(other.stdin_fd_);
    stdout_fd_ = std::move(other.stdout_fd_);
    stderr_fd_ = std::move(other.stderr_fd_);
    report_ = std::move(other.report_);
    go_ = std::move(other.go_);
  }
  return *this;
}

PreparedChild PreparedChild::clone(const LaunchSpec& spec, bool wait_for_go) {
  PreparedChild prepared;
  prepared.begun_ = true;
  if (!spec.refusal.empty()) {
    prepared.error_ = spec.refusal;
    return prepared;
  }
  if (spec.argv.empty()) {
    prepared.error_ = "empty argv";
    return prepared;
  }
  occupy_low_fds();
  int pipes[4][2];
  int go[2] = {-1, -1};
  if (!make_pipes(pipes) || (wait_for_go && !make_pipe(go))) {
    prepared.error_ = std::string("pipe: ") + std::strerror(errno);
    prepared.judge_side_ = true;  // out of descriptors, say: nothing of the player's doing
    return prepared;
  }
  prepared.stdin_fd_.reset(pipes[0][1]);
  prepared.stdout_fd_.reset(pipes[1][0]);
  prepared.stderr_fd_.reset(pipes[2][0]);
  UniqueFd child_ends[3] = {UniqueFd(pipes[0][0]), UniqueFd(pipes[1][1]), UniqueFd(pipes[2][1])};
  prepared.report_.reset(pipes[3][0]);
  UniqueFd report_write(pipes[3][1]);
  UniqueFd go_read(go[0]);
  prepared.go_.reset(go[1]);
  UniqueFd listener_judge_end, listener_child_end;
  if (!spec.listened_filter.empty()) {
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) {
      prepared.error_ = std::string("socketpair: ") + std::strerror(errno);
      prepared.judge_side_ = true;
      return prepared;
    }
    listener_judge_end.reset(pair[0]);
    listener_child_end.reset(pair[1]);
  }

  ChildPlan plan;
  fill_child_plan(plan, spec, {child_ends[0].get(), child_ends[1].get(), child_ends[2].get()}, report_write.get(),
                  wait_for_go ? go_read.get() : -1);
  plan.listener_socket = listener_child_end ? listener_child_end.get() : -1;
  const pid_t pid = clone_child(spec, plan);
  if (pid < 0) {
    prepared.error_ = std::string("clone: ") + std::strerror(errno);
    prepared.judge_side_ = true;
    return prepared;
  }
  prepared.pid_ = pid;
  // The child hands its listener over at its very start; whoever serves it reads the socket
  // when it comes (end of file: the child failed before, and its report says why).
  listener_child_end.reset();
  if (listener_judge_end) spec.serve_listener(listener_judge_end.release());
  return prepared;
}

PreparedChild prepare_child(const LaunchSpec& spec) {
  if (!spec.child_sandbox) return PreparedChild{};
  return PreparedChild::clone(spec, true);
}

SpawnedChild PreparedChild::launch(const LaunchSpec& spec) && {
  PreparedChild self = begun_ ? std::move(*this) : clone(spec, false);
  SpawnedChild result;
  if (self.pid_ <= 0) {
    result.error = self.error_;
    result.judge_side = self.judge_side_;
    return result;
  }
  if (self.go_) {
    // The word: one byte. Should the pid-1 process have failed and gone already, the write fails
    // (SIGPIPE is ignored) and its report below says why.
    const char word = 1;
    [[maybe_unused]] const ssize_t n = ::write(self.go_.get(), &word, 1);
    self.go_.reset();
  }
  // The child has exec'd (the side channel closed on exec: end of file) or has reported why it
  // could not and exited.
  SetupFailure failure{kJudgeStep, 0};
  ssize_t n;
  while ((n = ::read(self.report_.get(), &failure, sizeof failure)) < 0 && errno == EINTR) {
  }
  const pid_t pid = std::exchange(self.pid_, -1);
  if (n == static_cast<ssize_t>(sizeof failure)) {
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
    result.judge_side = failure.step != kExecStep && !players_own_failure(spec, failure);
    if (failure.step >= 0) {
      result.error = std::string(spec.child_hooks[static_cast<std::size_t>(failure.step)].what) + ": " +
                     std::strerror(failure.error);
    } else if (failure.step == kSandboxStep) {
      result.error = spec.child_sandbox->step_text(failure.sandbox_step) + ": " + std::strerror(failure.error);
    } else if (failure.step == kJudgeStep) {
      result.error = std::string("child set-up: ") + std::strerror(failure.error);
    } else {
      result.error = "exec " + spec.program.string() + ": " + std::strerror(failure.error);
    }
    return result;
  }
  result.pid = pid;  // the judge reaps it itself
  if (spec.child_sandbox) spec.child_sandbox->started(pid);
  result.stdin_fd = std::move(self.stdin_fd_);
  result.stdout_fd = std::move(self.stdout_fd_);
  result.stderr_fd = std::move(self.stderr_fd_);
  set_nonblocking(result.stdin_fd.get());
  set_nonblocking(result.stdout_fd.get());
  set_nonblocking(result.stderr_fd.get());
  return result;
}

SpawnedChild spawn_child(const LaunchSpec& spec) { return PreparedChild{}.launch(spec); }

}  // namespace amazes::arbiter
