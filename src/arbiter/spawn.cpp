// Boost.Process offers vfork only where POSIX still listed it (before 2008); Linux has it. Set
// before any Boost header.
#define BOOST_POSIX_HAS_VFORK 1

#include "spawn.hpp"

#include <fcntl.h>
#include <linux/close_range.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/process/child.hpp>
#include <boost/process/exe.hpp>
#include <boost/process/extend.hpp>
#include <boost/process/io.hpp>
#include <boost/process/pipe.hpp>
#include <boost/process/posix.hpp>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>
#include <system_error>
#include <vector>

namespace bp = boost::process;

namespace amazes::arbiter {

namespace {

// A pipe whose both ends are close-on-exec from the start (Boost's bp::pipe uses pipe(2)
// without O_CLOEXEC, which would leak the judge's ends into other players).
bool make_pipe(int fds[2]) { return ::pipe2(fds, O_CLOEXEC) == 0; }

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

// What the child reports on the side channel when a set-up step fails.
struct SetupFailure {
  int step;  // -1: the judge's own set-up, otherwise the index into spec.child_hooks
  int error;
};

// Keeps descriptors 3 to 9 of the judge occupied (with /dev/null where nothing else is), so that
// the pipes of a start (this one's and Boost's own error pipe) always get numbers above 9: a
// child hook may then use 3–9 freely (wrap_in_bwrap moves the player's stdin and stdout to 3
// and 4), clobbering nothing but close-on-exec descriptors that exec would close anyway. open()
// takes the lowest free number and never replaces a descriptor, so this is safe while other
// threads open and close files; the few /dev/null descriptors stay open for good.
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

// The Boost.Process extension that does everything between fork and exec, and fixes argv,
// the environment and the reaping of a child whose start failed.
struct LaunchHandler : bp::extend::handler {
  const LaunchSpec* spec;
  std::vector<char*> argv;  // pointers into spec->argv, null-terminated
  std::vector<char*> envp;  // pointers into spec->environment, null-terminated
  pid_t judge_pid;
  int report_fd;  // the child's end of the side channel

  template <class Executor>
  void on_setup(Executor& exec) const {
    // Boost's exe/args builder runs first and puts the program path in argv[0]; the spec's
    // argv[0] (e.g. "python3") is what the player should see.
    exec.cmd_line = const_cast<char* const*>(argv.data());
    if (spec->environment) exec.env = const_cast<char**>(envp.data());
  }

  // The child runs on the judge's memory (vfork) until it execs: it reports through the side
  // channel only and writes nothing else, so nothing it does can be seen by or corrupt the
  // judge (not Boost's error fields either: setting them could allocate).
  [[noreturn]] void fail(int step, int error) const {
    const SetupFailure failure{step, error};
    [[maybe_unused]] auto n = ::write(report_fd, &failure, sizeof failure);
    ::_exit(127);
  }

  template <class Executor>
  void on_exec_setup(Executor&) const {
    // The judge's handlers must not run here (they would run on the judge's memory): every
    // signal is blocked in the judge around the start (spawn_child), so they are reset to the
    // default first and unblocked after.
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    for (int sig = 1; sig < NSIG; ++sig) {
      if (sig != SIGKILL && sig != SIGSTOP) ::sigaction(sig, &dfl, nullptr);
    }
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    mark_inherited_fds_cloexec();
    if (spec->working_dir && ::chdir(spec->working_dir->c_str()) != 0) fail(-1, errno);
    for (std::size_t i = 0; i < spec->child_hooks.size(); ++i) {
      const int error = spec->child_hooks[i].run();
      if (error != 0) fail(static_cast<int>(i), error);
    }
    // Last, because a setuid/setgid hook would clear it.
    if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) fail(-1, errno);
    if (::getppid() != judge_pid) ::_exit(127);  // the judge died before the prctl
  }

  // The exec failed (Boost's own report, in `ec`): reap the child, nobody else will.
  template <class Executor>
  void on_error(Executor& exec, const std::error_code&) const {
    if (exec.pid > 0) {
      while (::waitpid(exec.pid, nullptr, 0) < 0 && errno == EINTR) {
      }
    }
  }
};

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
  int(&in)[2] = pipes[0];
  int(&out)[2] = pipes[1];
  int(&err)[2] = pipes[2];
  int(&report)[2] = pipes[3];
  // Boost's pipe handlers take over the child's ends (and close them in the judge after the
  // start); the judge's ends stay in these objects until they are moved out below.
  bp::pipe in_pipe(in[0], in[1]);
  bp::pipe out_pipe(out[0], out[1]);
  bp::pipe err_pipe(err[0], err[1]);
  UniqueFd report_read(report[0]);
  UniqueFd report_write(report[1]);

  LaunchHandler handler;
  handler.spec = &spec;
  for (const std::string& arg : spec.argv) handler.argv.push_back(const_cast<char*>(arg.c_str()));
  handler.argv.push_back(nullptr);
  if (spec.environment) {
    for (const std::string& entry : *spec.environment) handler.envp.push_back(const_cast<char*>(entry.c_str()));
    handler.envp.push_back(nullptr);
  }
  handler.judge_pid = ::getpid();
  handler.report_fd = report_write.get();

  std::error_code ec;
  sigset_t all;
  sigset_t before;
  sigfillset(&all);
  ::pthread_sigmask(SIG_BLOCK, &all, &before);
  bp::child child(bp::exe = spec.program.string(), bp::std_in<in_pipe, bp::std_out> out_pipe, bp::std_err > err_pipe,
                  handler, bp::posix::use_vfork, ec);
  ::pthread_sigmask(SIG_SETMASK, &before, nullptr);
  report_write.reset();
  // The child has exec'd (the side channel closed on exec: end of file) or has reported why it
  // could not and exited. An exec failure Boost reports itself, in `ec`.
  SetupFailure failure{-2, 0};
  const bool reported = ::read(report_read.get(), &failure, sizeof failure) == static_cast<ssize_t>(sizeof failure);
  if (reported && !ec) {
    // Boost took it for a start: reap the child here.
    const pid_t pid = child.id();
    child.detach();
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
  }

  result.stdin_fd.reset(in_pipe.native_sink());
  in_pipe.assign_sink(-1);
  result.stdout_fd.reset(out_pipe.native_source());
  out_pipe.assign_source(-1);
  result.stderr_fd.reset(err_pipe.native_source());
  err_pipe.assign_source(-1);

  if (ec || reported) {
    result.judge_side = reported;
    if (reported && failure.step >= 0) {
      result.error = std::string(spec.child_hooks[static_cast<std::size_t>(failure.step)].what) + ": " +
                     std::strerror(failure.error);
    } else if (reported) {
      result.error = std::string("child set-up: ") + std::strerror(failure.error);
    } else {
      result.error = "exec " + spec.program.string() + ": " + ec.message();
    }
    result.stdin_fd.reset();
    result.stdout_fd.reset();
    result.stderr_fd.reset();
    return result;
  }
  child.detach();  // the judge reaps the pid itself (see spawn.hpp)
  result.pid = child.id();
  set_nonblocking(result.stdin_fd.get());
  set_nonblocking(result.stdout_fd.get());
  set_nonblocking(result.stderr_fd.get());
  return result;
}

}  // namespace amazes::arbiter
