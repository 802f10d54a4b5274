#include "process/live_groups.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>

namespace amazes::arbiter::live_groups {

namespace {

// 2 players per match; 1024 slots cover any sensible number of parallel matches.
constexpr std::size_t kSlots = 1024;
std::array<std::atomic<pid_t>, kSlots> g_groups{};
// cgroup.kill descriptors, stored + 1 so that 0 means a free slot.
std::array<std::atomic<int>, kSlots> g_cgroup_kills{};
// Set by the handler before it takes any descriptor (see remove_cgroup_kill).
std::atomic<bool> g_handler_running{false};
static_assert(std::atomic<pid_t>::is_always_lock_free, "the signal handler needs lock-free atomics");
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs lock-free atomics");

template <class T>
bool add_to(std::array<std::atomic<T>, kSlots>& table, T value) noexcept {
  for (auto& slot : table) {
    T empty = 0;
    if (slot.compare_exchange_strong(empty, value)) return true;
  }
  return false;
}

template <class T>
void remove_from(std::array<std::atomic<T>, kSlots>& table, T value) noexcept {
  for (auto& slot : table) {
    T expected = value;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

}  // namespace

bool add(pid_t pgid) noexcept { return add_to(g_groups, pgid); }
void remove(pid_t pgid) noexcept { remove_from(g_groups, pgid); }
bool add_cgroup_kill(int fd) noexcept { return add_to(g_cgroup_kills, fd + 1); }
bool remove_cgroup_kill(int fd) noexcept {
  // Sequentially consistent: either the handler took the descriptor before this removal, and
  // then it had set the flag before, which this load sees; or it never gets it.
  remove_from(g_cgroup_kills, fd + 1);
  return !g_handler_running.load();
}

bool interrupted() noexcept { return g_handler_running.load(); }

void kill_and_reap_all() noexcept {
  const int saved_errno = errno;
  g_handler_running.store(true);
  for (auto& slot : g_cgroup_kills) {
    const int fd = slot.exchange(0) - 1;
    if (fd >= 0 && ::write(fd, "1", 1) < 0) {
      // Nothing to do about it: the process-group kill below still runs.
    }
  }
  for (auto& slot : g_groups) {
    const pid_t pgid = slot.load();
    if (pgid > 0) ::kill(-pgid, SIGKILL);
  }
  // Every process of those groups is dying; reap the ones that are (or became, through the
  // subreaper) the judge's children, so that none is left as a zombie behind the judge.
  for (auto& slot : g_groups) {
    const pid_t pgid = slot.exchange(0);
    if (pgid <= 0) continue;
    while (true) {
      const pid_t r = ::waitpid(-pgid, nullptr, 0);
      if (r > 0 || (r < 0 && errno == EINTR)) continue;
      break;  // ECHILD: none left that the judge can wait for
    }
  }
  errno = saved_errno;
}

}  // namespace amazes::arbiter::live_groups
