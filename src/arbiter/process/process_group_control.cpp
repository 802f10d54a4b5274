#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <string>
#include <vector>

#include "process/live_groups.hpp"
#include "process/process_control.hpp"
#include "process/process_tree.hpp"

namespace amazes::arbiter {

ProcessGroupControl::~ProcessGroupControl() {
  if (registered_) live_groups::remove(pgid_);
}

void ProcessGroupControl::prepare(LaunchSpec& spec) {
  // The child makes its own session (and so its own group) before exec. The parent does not
  // repeat it: spawn_child returns only after the exec (its side channel closes on exec), so
  // the child has done it by then.
  spec.child_hooks.insert(spec.child_hooks.begin(), ChildHook{"setsid", [] { return ::setsid() >= 0 ? 0 : errno; }});
}

void ProcessGroupControl::attach(pid_t pid) {
  pgid_ = pid;
  registered_ = live_groups::add(pgid_);
  Clocked main;
  main.pid = pid;
  main.have_clock = ::clock_getcpuclockid(pid, &main.clock) == 0;
  chain_.push_back(main);
}

void ProcessGroupControl::find_wrapped() {
  // Each wrapper has exactly one child, the next in the chain (bwrap forks once, and its init
  // once); until it has, the player has not started and costs nothing yet.
  while (chain_.size() < static_cast<std::size_t>(wrapper_depth_) + 1) {
    const auto children = children_of(chain_.back().pid);
    if (children.size() != 1) return;
    Clocked next;
    next.pid = children.front();
    next.have_clock = ::clock_getcpuclockid(next.pid, &next.clock) == 0;
    chain_.push_back(next);
  }
}

void ProcessGroupControl::pause() {
  if (pgid_ > 0) ::kill(-pgid_, SIGSTOP);
}

void ProcessGroupControl::resume() {
  if (pgid_ > 0) ::kill(-pgid_, SIGCONT);
}

std::chrono::nanoseconds ProcessGroupControl::cpu_time() {
  // Readable while the main process lives and while it is an unreaped zombie; after that
  // the clock is gone (EINVAL) and the last value stands.
  // The processes of a wrapper chain exit only with the main process, and each keeps its
  // last reading when its clock goes.
  if (!chain_.empty() && chain_.size() < static_cast<std::size_t>(wrapper_depth_) + 1) find_wrapped();
  std::chrono::nanoseconds total{0};
  for (Clocked& c : chain_) {
    timespec ts{};
    if (c.have_clock && ::clock_gettime(c.clock, &ts) == 0) {
      const std::chrono::nanoseconds now = std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec);
      if (now > c.last) c.last = now;
    }
    total += c.last;
  }
  if (total > last_cpu_) last_cpu_ = total;
  return last_cpu_;
}

void ProcessGroupControl::kill() {
  if (pgid_ <= 0) return;
  // Safe from pid reuse: the caller has not reaped the main process yet, so the group id
  // is still taken.
  ::kill(-pgid_, SIGKILL);
  if (registered_) {
    live_groups::remove(pgid_);
    registered_ = false;
  }
  if (uid_) kill_every_process_of(*uid_);
}

bool ProcessGroupControl::wait_gone(std::chrono::milliseconds limit) {
  if (pgid_ <= 0) return true;
  // A process of the player that left the group was killed by its UID: reaped here, now that
  // the main process is.
  if (uid_ && !reap_orphans_of(*uid_, limit)) return false;
  // Every member got SIGKILL. When one dies, its children are handed to the judge (child
  // subreaper) before it can be reaped, so the loop ends when no member the judge can wait
  // for is left (ECHILD). A member still alive (WNOHANG returns 0) is killed again: it may have
  // been forked while the first SIGKILL was on its way. The group id cannot have been reused
  // while waitpid still reports a living child in it.
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (true) {
    const pid_t r = ::waitpid(-pgid_, nullptr, WNOHANG);
    if (r > 0 || (r < 0 && errno == EINTR)) continue;
    if (r < 0) return true;  // ECHILD
    if (std::chrono::steady_clock::now() > deadline) return false;
    ::kill(-pgid_, SIGKILL);
    ::usleep(1000);  // a SIGKILLed process is gone within a scheduler tick or so
  }
}

std::string ProcessGroupControl::describe() const { return "process group " + std::to_string(pgid_); }

}  // namespace amazes::arbiter
