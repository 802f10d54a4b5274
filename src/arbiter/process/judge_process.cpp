#include "amazes/arbiter/judge_process.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <mutex>

#include "process/live_groups.hpp"

namespace amazes::arbiter {

namespace {

// Set once, read by the handler: never freed, so that the handler never reads freed memory.
std::atomic<const std::string*> g_interrupt_note{nullptr};
static_assert(std::atomic<const std::string*>::is_always_lock_free, "the signal handler needs lock-free atomics");

void on_interrupt(int sig) {
  live_groups::kill_and_reap_all();
  if (const std::string* note = g_interrupt_note.load(); note != nullptr && !note->empty()) {
    if (::write(STDERR_FILENO, note->data(), note->size()) < 0) {
      // Nothing to do about it: the judge dies of the signal all the same.
    }
  }
  // Die of the signal: back to the default action, and the signal (blocked while this
  // handler runs) is delivered as soon as the handler returns.
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  ::sigaction(sig, &dfl, nullptr);
  ::raise(sig);
}

// A judge of many matches at once holds some 25 descriptors per match (pipes, pidfds, cgroup
// files, logs): the usual soft limit of 1024 would stop it at about -j 40. The judge waits
// with ppoll, never select, so numbers above 1024 are fine; sandboxed players get a limit of
// their own. Capped, because players without a sandbox inherit it.
void raise_descriptor_limit() {
  constexpr rlim_t kWanted = 65536;
  rlimit files{};
  if (::getrlimit(RLIMIT_NOFILE, &files) != 0 || files.rlim_cur >= kWanted) return;
  files.rlim_cur = files.rlim_max == RLIM_INFINITY ? kWanted : std::min(files.rlim_max, kWanted);
  ::setrlimit(RLIMIT_NOFILE, &files);
}

void prepare_once() {
  open_missing_standard_descriptors();

  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, nullptr);

  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  ::sigaction(SIGCHLD, &dfl, nullptr);

  ::prctl(PR_SET_CHILD_SUBREAPER, 1);

  struct sigaction interrupt {};
  interrupt.sa_handler = on_interrupt;
  sigfillset(&interrupt.sa_mask);  // nothing else runs in between
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) ::sigaction(sig, &interrupt, nullptr);

  raise_descriptor_limit();
}

}  // namespace

void open_missing_standard_descriptors() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) >= 0 || errno != EBADF) continue;
    // open returns the lowest free number, which is fd: the lower ones are open by now.
    const int opened = ::open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
    if (opened >= 0 && opened != fd) ::close(opened);  // fd got taken meanwhile (another thread)
  }
}

void prepare_judge_process() {
  static std::once_flag once;
  std::call_once(once, prepare_once);
}

void set_interrupt_note(const std::string& line) {
  // The previous note is leaked on purpose: a handler running now may still be writing it.
  g_interrupt_note.store(new std::string(line.empty() ? line : line + "\n"));
}

bool judge_interrupted() noexcept { return live_groups::interrupted(); }

void await_interrupted_end() {
  for (;;) ::pause();  // the handler's raise() ends the process, this thread with it
}

}  // namespace amazes::arbiter
