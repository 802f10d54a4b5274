#include "live_groups.hpp"

#include <sys/wait.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>

namespace amazes::arbiter::live_groups {

namespace {

// 2 players per match; 1024 slots cover any sensible number of parallel matches.
constexpr std::size_t kSlots = 1024;
std::array<std::atomic<pid_t>, kSlots> g_groups{};
static_assert(std::atomic<pid_t>::is_always_lock_free, "the signal handler needs lock-free atomics");

}  // namespace

bool add(pid_t pgid) noexcept {
  for (auto& slot : g_groups) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, pgid)) return true;
  }
  return false;
}

void remove(pid_t pgid) noexcept {
  for (auto& slot : g_groups) {
    pid_t expected = pgid;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

void kill_and_reap_all() noexcept {
  const int saved_errno = errno;
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
