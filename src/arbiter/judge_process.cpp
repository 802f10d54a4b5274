#include "amazes/arbiter/judge_process.hpp"

#include <sys/prctl.h>

#include <csignal>
#include <mutex>

#include "live_groups.hpp"

namespace amazes::arbiter {

namespace {

void on_interrupt(int sig) {
  live_groups::kill_and_reap_all();
  // Die of the signal: back to the default action, and the signal (blocked while this
  // handler runs) is delivered as soon as the handler returns.
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  ::sigaction(sig, &dfl, nullptr);
  ::raise(sig);
}

void prepare_once() {
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
}

}  // namespace

void prepare_judge_process() {
  static std::once_flag once;
  std::call_once(once, prepare_once);
}

}  // namespace amazes::arbiter
