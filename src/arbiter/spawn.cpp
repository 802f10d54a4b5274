#include "spawn.hpp"

#include <fcntl.h>
#include <linux/close_range.h>
#include <linux/sched.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>
#include <vector>

#include "namespace_jail.hpp"
#include "network_namespaces.hpp"

extern char** environ;

namespace amazes::arbiter {

namespace {

// A pipe whose both ends are close-on-exec from the start, so that no player inherits another
// player's pipes (the child's ends are moved onto 0, 1 and 2, which clears the flag there).
bool make_pipe(int fds[2]) { return ::pipe2(fds, O_CLOEXEC) == 0; }

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

// What the child reports on the side channel when it cannot exec the player.
struct SetupFailure {
  int step;  // kJudgeStep, kExecStep, kJailStep, otherwise the index into spec.child_hooks
  int error;
  int jail_step = -1;
};
constexpr int kJudgeStep = -1;  // the judge's own set-up (the pipes, the working directory, …)
constexpr int kExecStep = -2;   // the exec itself: the player's program, not the judge's doing
// A step of the judge's own sandbox (namespace_jail.hpp): SetupFailure::error is then the errno
// value, and jail_step the step's index in the plan (-1: the set-up around the steps).
constexpr int kJailStep = -3;

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

void mark_inherited_fds_cloexec() {
  if (::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) == 0) return;
  const long max_fd = ::sysconf(_SC_OPEN_MAX);  // old kernels: one by one
  for (int fd = 3; fd < max_fd; ++fd) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
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

// Everything the child needs, prepared before the clone: the child only makes system calls on it.
struct ChildPlan {
  const LaunchSpec* spec;
  std::vector<char*> argv;  // pointers into spec->argv, null-terminated
  std::vector<char*> envp;  // pointers into spec->environment, null-terminated; empty: the judge's
  pid_t judge_pid;
  // A cgroup directory the child must join itself (a kernel or a container's seccomp profile
  // without clone3: CLONE_INTO_CGROUP could not be had); -1: none, or born in it.
  int join_cgroup_fd = -1;
  int stdin_read, stdout_write, stderr_write;
  int report_fd;        // the child's end of the side channel
  int network_fd = -1;  // the judge's own sandbox: a used network namespace to join, or -1
};

[[noreturn]] void fail(const ChildPlan& plan, int step, int error, int jail_step = -1) {
  const SetupFailure failure{step, error, jail_step};
  [[maybe_unused]] auto n = ::write(plan.report_fd, &failure, sizeof failure);
  ::_exit(127);
}

// The child, between the clone and the exec. It is a copy of a judge that may have other threads
// (whose locks may be held by nobody in the copy): so, as in a vforked child, only system calls
// on values prepared before, no allocation, no lock. Every signal is blocked from the clone on
// (spawn_child), so no handler of the judge's runs here.
[[noreturn]] void run_child(const ChildPlan& plan) {
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; ++sig) {
    if (sig != SIGKILL && sig != SIGSTOP) ::sigaction(sig, &dfl, nullptr);
  }
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  if (::dup2(plan.stdin_read, 0) < 0 || ::dup2(plan.stdout_write, 1) < 0 || ::dup2(plan.stderr_write, 2) < 0) {
    fail(plan, kJudgeStep, errno);
  }
  mark_inherited_fds_cloexec();
  if (plan.join_cgroup_fd >= 0) {
    const int procs = ::openat(plan.join_cgroup_fd, "cgroup.procs", O_WRONLY | O_CLOEXEC);
    if (procs < 0 || ::write(procs, "0", 1) != 1) fail(plan, kJudgeStep, errno);
    ::close(procs);
  }
  const LaunchSpec& spec = *plan.spec;
  // In the judge's own sandbox, from here on the player: forked by the pid-1 process, in the
  // root built for it (its working directory lies in it, at the same path).
  if (spec.jail) {
    int jail_step = -1;
    if (const int error = enter_jail(*spec.jail, plan.network_fd, spec.cgroup_fd, jail_step); error != 0) {
      fail(plan, kJailStep, error, jail_step);
    }
  }
  if (spec.working_dir && ::chdir(spec.working_dir->c_str()) != 0) fail(plan, kJudgeStep, errno);
  for (std::size_t i = 0; i < spec.child_hooks.size(); ++i) {
    const int error = spec.child_hooks[i].run();
    if (error != 0) fail(plan, static_cast<int>(i), error);
  }
  // Last, because a setuid/setgid hook would clear it.
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) fail(plan, kJudgeStep, errno);
  // The judge (or the sandbox's pid-1 process, which dies with the judge) died before the prctl.
  if (::getppid() != (spec.jail ? 1 : plan.judge_pid)) ::_exit(127);
  ::execve(spec.program.c_str(), plan.argv.data(), plan.envp.empty() ? environ : plan.envp.data());
  fail(plan, kExecStep, errno);
}

// A copy of the judge, born in `cgroup_fd` when that is a cgroup directory (clone3 with
// CLONE_INTO_CGROUP): no migration afterwards, which would take the kernel's global
// cgroup_threadgroup_rwsem for writing and wait for an RCU grace period (measured: 12 ms on
// the 2-core VM unless another migration came just before). Where there is no clone3 (before
// Linux 5.3, or a container's seccomp profile that answers ENOSYS to it), a fork whose child
// joins the cgroup itself (`joins`). -1 and errno when it fails.
// `namespaces`: clone flags of new namespaces (the judge's own sandbox), which need clone3 too.
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

}  // namespace

SpawnedChild spawn_child(const LaunchSpec& spec) {
  SpawnedChild result;
  if (spec.argv.empty()) {
    result.error = "empty argv";
    return result;
  }
  occupy_low_fds();
  int pipes[4][2];
  if (!make_pipes(pipes)) {
    result.error = std::string("pipe: ") + std::strerror(errno);
    result.judge_side = true;  // out of descriptors, say: nothing of the player's doing
    return result;
  }
  result.stdin_fd.reset(pipes[0][1]);
  result.stdout_fd.reset(pipes[1][0]);
  result.stderr_fd.reset(pipes[2][0]);
  UniqueFd child_ends[3] = {UniqueFd(pipes[0][0]), UniqueFd(pipes[1][1]), UniqueFd(pipes[2][1])};
  UniqueFd report_read(pipes[3][0]);
  UniqueFd report_write(pipes[3][1]);

  ChildPlan plan;
  plan.spec = &spec;
  for (const std::string& arg : spec.argv) plan.argv.push_back(const_cast<char*>(arg.c_str()));
  plan.argv.push_back(nullptr);
  if (spec.environment) {
    for (const std::string& entry : *spec.environment) plan.envp.push_back(const_cast<char*>(entry.c_str()));
    plan.envp.push_back(nullptr);
  }
  plan.judge_pid = ::getpid();
  plan.stdin_read = child_ends[0].get();
  plan.stdout_write = child_ends[1].get();
  plan.stderr_write = child_ends[2].get();
  plan.report_fd = report_write.get();
  plan.network_fd = spec.network ? spec.network->offered() : -1;

  sigset_t all;
  sigset_t before;
  sigfillset(&all);
  ::pthread_sigmask(SIG_BLOCK, &all, &before);
  bool joins = false;
  // In the judge's own sandbox only the player is born in the cgroup (enter_jail says why).
  const pid_t pid =
      spec.jail ? clone_into(-1, jail_clone_flags(plan.network_fd >= 0), joins) : clone_into(spec.cgroup_fd, 0, joins);
  if (pid == 0) {
    if (joins) plan.join_cgroup_fd = spec.cgroup_fd;
    run_child(plan);
  }
  const int clone_error = errno;
  ::pthread_sigmask(SIG_SETMASK, &before, nullptr);
  report_write.reset();
  for (UniqueFd& end : child_ends) end.reset();
  if (pid < 0) {
    result = SpawnedChild{};
    result.error = std::string("clone: ") + std::strerror(clone_error);
    result.judge_side = true;
    return result;
  }
  // The child has exec'd (the side channel closed on exec: end of file) or has reported why it
  // could not and exited.
  SetupFailure failure{kJudgeStep, 0};
  ssize_t n;
  while ((n = ::read(report_read.get(), &failure, sizeof failure)) < 0 && errno == EINTR) {
  }
  if (n == static_cast<ssize_t>(sizeof failure)) {
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
    result = SpawnedChild{};
    result.judge_side = failure.step != kExecStep;
    if (failure.step >= 0) {
      result.error = std::string(spec.child_hooks[static_cast<std::size_t>(failure.step)].what) + ": " +
                     std::strerror(failure.error);
    } else if (failure.step == kJailStep) {
      result.error = jail_step_text(*spec.jail, failure.jail_step) + ": " + std::strerror(failure.error);
    } else if (failure.step == kJudgeStep) {
      result.error = std::string("child set-up: ") + std::strerror(failure.error);
    } else {
      result.error = "exec " + spec.program.string() + ": " + std::strerror(failure.error);
    }
    return result;
  }
  result.pid = pid;  // the judge reaps it itself
  if (spec.network) spec.network->keep_namespace_of(pid);
  set_nonblocking(result.stdin_fd.get());
  set_nonblocking(result.stdout_fd.get());
  set_nonblocking(result.stderr_fd.get());
  return result;
}

}  // namespace amazes::arbiter
