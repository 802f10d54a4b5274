#include "process/child_setup.hpp"

#include <fcntl.h>
#include <linux/close_range.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <utility>

#include "process/child_sandbox.hpp"
#include "process/pass_fd.hpp"

extern char** environ;

namespace amazes::arbiter {

namespace {

void mark_inherited_fds_cloexec() {
  if (::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) == 0) return;
  const long max_fd = ::sysconf(_SC_OPEN_MAX);  // old kernels: one by one
  for (int fd = 3; fd < max_fd; ++fd) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
}

// Closes every descriptor above 2 but those in `keep` (-1 entries are ignored). No allocation:
// it runs in the child.
template <std::size_t N>
void close_all_but(std::array<int, N> keep) {
  for (std::size_t i = 1; i < N; ++i) {  // insertion sort: N is a handful
    for (std::size_t j = i; j > 0 && keep[j] < keep[j - 1]; --j) std::swap(keep[j], keep[j - 1]);
  }
  unsigned next = 3;  // the first number that may still be closed
  for (const int fd : keep) {
    if (fd < static_cast<int>(next)) continue;
    if (static_cast<unsigned>(fd) > next) ::close_range(next, static_cast<unsigned>(fd) - 1, 0);
    next = static_cast<unsigned>(fd) + 1;
  }
  ::close_range(next, ~0U, 0);
}

[[noreturn]] void fail(const ChildPlan& plan, int step, int error, int sandbox_step = -1) {
  const SetupFailure failure{step, error, sandbox_step};
  [[maybe_unused]] auto n = ::write(plan.report_fd, &failure, sizeof failure);
  ::_exit(127);
}

[[noreturn]] void run_player(const ChildPlan& plan);

// Loads spec.listened_filter with a listener and sends the listener over `socket`; closes
// both. 0 or errno. A process without CAP_SYS_ADMIN may load a
// filter only with no-new-privileges, which it then sets (it would be set before any exec of a
// player anyway).
int hand_over_listener(const LaunchSpec& spec, int socket) {
  sock_fprog program{};
  program.len = static_cast<unsigned short>(spec.listened_filter.size() / sizeof(sock_filter));
  program.filter = reinterpret_cast<sock_filter*>(const_cast<unsigned char*>(spec.listened_filter.data()));
  long listener = ::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &program);
  if (listener < 0 && errno == EACCES && ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0) {
    listener = ::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &program);
  }
  if (listener < 0) return errno;
  const int fd = static_cast<int>(listener);
  const int error = send_fd(socket, fd);
  ::close(fd);
  ::close(socket);
  return error;
}

int player_entry(void* plan) { run_player(*static_cast<const ChildPlan*>(plan)); }

// Joins the player's memory cgroup of v1 (memory_cgroup_v1.hpp); 0 or errno.
int join_memory_cgroup(int tasks_fd) { return ::write(tasks_fd, "0", 1) == 1 ? 0 : errno; }

// The child as the player-to-be: its memory cgroup, its working directory, the hooks, the exec.
[[noreturn]] void run_player(const ChildPlan& plan) {
  const LaunchSpec& spec = *plan.spec;
  // Before the hooks, one of which loads the filter that denies it from then on (cpu_pin.hpp).
  if (::sched_setaffinity(0, sizeof plan.cpus, &plan.cpus) != 0) fail(plan, kJudgeStep, errno);
  if (spec.memory_cgroup_fd >= 0) {
    if (const int error = join_memory_cgroup(spec.memory_cgroup_fd)) fail(plan, kJudgeStep, error);
  }
  // In the namespaces sandbox, a cgroup namespace rooted where the player now is in every
  // hierarchy (the cgroup v2 it was born in, the v1 memory cgroup it just joined), so that its
  // /proc/self/cgroup reads "/" and names nothing of the host (the judge's pid is in those names).
  if (spec.child_sandbox && ::unshare(CLONE_NEWCGROUP) != 0) fail(plan, kSandboxStep, errno);
  if (spec.working_dir && ::chdir(spec.working_dir->c_str()) != 0) fail(plan, kJudgeStep, errno);
  for (std::size_t i = 0; i < spec.child_hooks.size(); ++i) {
    const int error = spec.child_hooks[i].run();
    if (error != 0) fail(plan, static_cast<int>(i), error);
  }
  // Last, because a setuid/setgid hook would clear it.
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) fail(plan, kJudgeStep, errno);
  // The judge (or the sandbox's pid-1 process, which dies with the judge) died before the prctl.
  if (::getppid() != (spec.child_sandbox ? 1 : plan.judge_pid)) ::_exit(127);
  if (plan.go_fd >= 0) {
    // Made ahead of its turn (prepare_child): everything is done but the exec, which waits for
    // the word (one byte). The end of the file instead: the start was given up, or the judge is
    // gone. It waits as the small launcher, not as this copy of the judge (sandbox_init.c says
    // why); where that cannot be executed, as it is, unless it shares the judge's memory, where
    // it must not stay.
    if (spec.child_sandbox && spec.child_sandbox->small_program() >= 0) {
      ::fcntl(plan.report_fd, F_SETFD, 0);  // both stay open across the launcher's exec
      ::fcntl(plan.go_fd, F_SETFD, 0);
      ::syscall(SYS_execveat, spec.child_sandbox->small_program(), "", plan.launch_argv.data(),
                plan.envp.empty() ? environ : plan.envp.data(), AT_EMPTY_PATH);
      if (plan.player_stack != nullptr) fail(plan, kJudgeStep, errno);
      ::fcntl(plan.report_fd, F_SETFD, FD_CLOEXEC);
      ::fcntl(plan.go_fd, F_SETFD, FD_CLOEXEC);
    }
    char word;
    ssize_t n;
    while ((n = ::read(plan.go_fd, &word, 1)) < 0 && errno == EINTR) {
    }
    if (n != 1) ::_exit(127);
  }
  ::execve(spec.program.c_str(), plan.argv.data(), plan.envp.empty() ? environ : plan.envp.data());
  fail(plan, kExecStep, errno);
}

}  // namespace

// The child, between the clone and the exec. It is a copy of a judge that may have other threads
// (whose locks may be held by nobody in the copy), or shares the judge's memory while the
// judge's thread waits (clone_sharing_memory): so, as in a vforked child, only system calls on
// values prepared before, no allocation, no lock, no write to memory but its own stack's.
// Every signal is blocked from the clone on (spawn_child), so no handler of the judge's runs here.
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
  const LaunchSpec& spec = *plan.spec;
  // First, so that everything the child becomes runs behind it (in a child sandbox its pid-1
  // process too, which holds it for the player).
  if (plan.listener_socket >= 0) {
    if (const int error = hand_over_listener(spec, plan.listener_socket)) fail(plan, kJudgeStep, error);
  }
  if (spec.child_sandbox) {
    // The sandbox's processes outlive this moment (its pid-1 process the whole game; when it
    // is made ahead, the process that becomes the player until its turn): they keep none of
    // the judge's descriptors, whose other ends and locks are not theirs to hold (a competition
    // directory's lock, the store, the other player's pipes). This copy of the write end of the
    // go pipe goes too, so that a judge that dies before the word, even before any
    // parent-death signal is set, ends the wait.
    const auto kept = spec.child_sandbox->kept_fds();
    close_all_but(std::array<int, 7>{plan.report_fd, plan.go_fd, spec.cgroup_fd, spec.memory_cgroup_fd,
                                     spec.child_sandbox->small_program(), kept[0], kept[1]});
  }
  mark_inherited_fds_cloexec();
  if (plan.join_cgroup_fd >= 0) {
    const int procs = ::openat(plan.join_cgroup_fd, "cgroup.procs", O_WRONLY | O_CLOEXEC);
    if (procs < 0 || ::write(procs, "0", 1) != 1) fail(plan, kJudgeStep, errno);
    ::close(procs);
  }
  // In a child sandbox the player goes on in run_player: started by the sandbox's pid-1 process,
  // in the root built for it (its working directory lies in it, at the same path).
  if (spec.child_sandbox) {
    int step = -1;
    const PlayerContinuation player{player_entry, const_cast<ChildPlan*>(&plan), plan.player_stack, kStackBytes};
    const int error = spec.child_sandbox->enter(spec.cgroup_fd, player, step);
    fail(plan, kSandboxStep, error, step);  // enter returns only on a failure
  }
  run_player(plan);
}

int run_child_entry(void* plan) { run_child(*static_cast<const ChildPlan*>(plan)); }

}  // namespace amazes::arbiter
