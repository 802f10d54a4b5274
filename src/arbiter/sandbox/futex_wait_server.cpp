#include "sandbox/futex_wait_server.hpp"

#include <linux/seccomp.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <optional>
#include <thread>
#include <variant>

#include "process/fd_helpers.hpp"
#include "process/pass_fd.hpp"
#include "sandbox/futex_wait_call.hpp"
#include "sandbox/seccomp_filter.hpp"

namespace amazes::arbiter {

namespace {

using Clock = FutexClock;
using std::chrono::microseconds;
using std::chrono::milliseconds;

// How often a waiting word is looked at: an eighth of how long it has waited, at least every
// 20 µs and at most every millisecond, or rarer when many waits of the player are pending.
constexpr microseconds kFirstLook{20};
constexpr microseconds kLongestLook{1000};
constexpr microseconds kLookPerPendingWait{500};
// A wait whose word does not change is answered all the same after this long, as a spurious
// wake-up: for a program that wakes a waiter without changing its word.
constexpr milliseconds kLongestWait{50};

struct Wait {
  std::uint64_t id;
  pid_t thread;
  std::uint64_t word;      // its address in the thread's memory
  std::uint32_t expected;  // the value it waits while the word holds
  std::optional<Clock::time_point> deadline;
  Clock::time_point since;
  Clock::time_point next_look;
};

// Reads `size` bytes at `address` of `thread`'s memory; false when it cannot.
bool read_memory(pid_t thread, std::uint64_t address, void* into, std::size_t size) {
  iovec local{into, size};
  iovec remote{reinterpret_cast<void*>(address), size};
  return ::process_vm_readv(thread, &local, 1, &remote, 1, 0) == static_cast<ssize_t>(size);
}

class Waits {
 public:
  explicit Waits(int listener) : listener_(listener) {}

  // A new wait, looked at at once (its word may have changed since it was read), or the kernel's
  // answer at once to a call that would not sleep (futex_wait_call.hpp).
  void add(const seccomp_notif& n) {
    const auto thread = static_cast<pid_t>(n.pid);
    const Clock::time_point now = Clock::now();
    const auto memory = [thread](std::uint64_t address, void* into, std::size_t size) {
      return read_memory(thread, address, into, size);
    };
    const auto call = read_futex_wait(n.data, memory, kernel_runs_x32_calls(), now);
    if (const int* error = std::get_if<int>(&call)) {
      answer(n.id, *error);
      return;
    }
    const FutexWait& wait = std::get<FutexWait>(call);
    waits_.push_back({n.id, thread, wait.word, wait.expected, wait.deadline, now, now});
  }

  // Looks at every wait due; answers those whose word changed, whose time is up, or that have
  // waited long enough.
  void look() {
    const Clock::time_point now = Clock::now();
    const auto slowest = std::max(kLongestLook, kLookPerPendingWait * static_cast<int>(waits_.size()));
    std::erase_if(waits_, [&](Wait& wait) {
      if (wait.next_look > now) return false;
      // Withdrawn: the thread was interrupted (frozen between its turns, killed) and asks again
      // when it runs, or never. A frozen player's waits are thus not looked at.
      std::uint64_t id = wait.id;
      if (::ioctl(listener_, SECCOMP_IOCTL_NOTIF_ID_VALID, &id) != 0) return true;
      std::uint32_t value = 0;
      if (!read_memory(wait.thread, wait.word, &value, sizeof value)) return answer(wait, -EFAULT);
      // The read was of the waiting thread only if its wait is still the same one.
      if (::ioctl(listener_, SECCOMP_IOCTL_NOTIF_ID_VALID, &id) != 0) return true;
      if (value != wait.expected) return answer(wait, -EAGAIN);
      if (wait.deadline && *wait.deadline <= now) return answer(wait, -ETIMEDOUT);
      if (now - wait.since >= kLongestWait) return answer(wait, -EAGAIN);
      const auto waited = std::chrono::duration_cast<microseconds>(now - wait.since);
      wait.next_look = now + std::clamp(waited / 8, kFirstLook, slowest);
      if (wait.deadline) wait.next_look = std::min(wait.next_look, *wait.deadline);
      return false;
    });
  }

  // How long until the next look; nothing when no wait is pending.
  std::optional<Clock::duration> until_next() const {
    if (waits_.empty()) return std::nullopt;
    const auto next = std::min_element(waits_.begin(), waits_.end(), [](const Wait& a, const Wait& b) {
                        return a.next_look < b.next_look;
                      })->next_look;
    return next - Clock::now();  // negative: due now
  }

 private:
  // EAGAIN: the word changed, as the kernel answers a wait whose word is not the expected value;
  // the caller looks at it and waits again. A withdrawn wait's answer fails (ENOENT): ignored.
  bool answer(const Wait& wait, int error) { return answer(wait.id, error); }
  bool answer(std::uint64_t id, int error) {
    seccomp_notif_resp response{};
    response.id = id;
    response.error = error;
    ::ioctl(listener_, SECCOMP_IOCTL_NOTIF_SEND, &response);
    return true;
  }

  int listener_;
  std::vector<Wait> waits_;
};

// One player's listener, until every process behind it is gone.
void serve(int socket) {
  const int listener = receive_fd(socket);  // -1: the child failed before it sent it
  ::close(socket);
  if (listener < 0) return;
  Waits waits(listener);
  for (;;) {
    pollfd ready{listener, POLLIN, 0};
    const auto left = waits.until_next();
    const timespec timeout = to_timespec(left.value_or(Clock::duration::zero()));
    if (::ppoll(&ready, 1, left ? &timeout : nullptr, nullptr) < 0 && errno != EINTR) break;
    if ((ready.revents & POLLIN) != 0) {
      // Ready means a notification is there: the receive does not block (one withdrawn in the
      // meantime gives ENOENT).
      seccomp_notif notification{};
      if (::ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, &notification) == 0) waits.add(notification);
    } else if ((ready.revents & (POLLHUP | POLLERR)) != 0) {
      break;  // every process behind it is gone
    }
    waits.look();
  }
  ::close(listener);
}

bool user_notification_available() {
  static const bool available = [] {
    std::uint32_t action = SECCOMP_RET_USER_NOTIF;
    return ::syscall(SYS_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, &action) == 0;
  }();
  return available;
}

}  // namespace

bool futex_waits_can_be_served(bool setuid_bwrap) {
  return !bot_seccomp_filter().front.empty() && user_notification_available() && !setuid_bwrap;
}

const std::vector<std::uint8_t>& bots_filter_for(LaunchSpec& spec, bool served) {
  const SeccompFilter& filter = bot_seccomp_filter();
  if (!served) return filter.program;
  spec.listened_filter = filter.front;
  spec.serve_listener = serve_futex_waits;
  return filter.behind_front;
}

// A thread of its own per player, on the CPU of the thread that starts the player (its match's):
// games that run at once share nothing of it, and a player's waits are looked at only while it
// runs.
void serve_futex_waits(int socket) { std::thread(serve, socket).detach(); }

}  // namespace amazes::arbiter
