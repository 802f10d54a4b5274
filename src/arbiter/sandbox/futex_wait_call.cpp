#include "sandbox/futex_wait_call.hpp"

#include <linux/audit.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>

namespace amazes::arbiter {

namespace {

constexpr unsigned kFutexWait = 0, kFutexWaitBitset = 9, kClockRealtime = 256, kCommandMask = ~(128U | 256U);
constexpr std::uint64_t kX32Bit = 0x40000000;
constexpr int kI386Futex = 240;  // takes a 32-bit timespec; futex_time64 and x86-64's a 64-bit one
constexpr std::int64_t kNanosecondsPerSecond = 1'000'000'000;
// The kernel's clock holds nanoseconds in an int64 (KTIME_MAX): a later deadline never comes.
// Beyond a century the server need not tell them apart.
constexpr __int128 kNeverNanoseconds = static_cast<__int128>(100) * 365 * 24 * 3600 * kNanosecondsPerSecond;

bool is_x32(const seccomp_data& call) {
  return call.arch == AUDIT_ARCH_X86_64 && (static_cast<std::uint64_t>(call.nr) & kX32Bit) != 0;
}

struct Timeout {
  std::int64_t seconds = 0;
  std::int64_t nanoseconds = 0;
};

// The timeout as the kernel copies it: i386's futex a 32-bit timespec (each field sign-extended),
// the others a 64-bit one, whose nanoseconds a 32-bit caller (i386's futex_time64, x32) has in
// the lower half only (get_timespec64 drops the padding of a compat call).
std::optional<Timeout> read_timeout(const seccomp_data& call, const ThreadMemory& memory) {
  const std::uint64_t address = call.args[3];
  if (call.arch == AUDIT_ARCH_I386 && call.nr == kI386Futex) {
    std::int32_t old[2];
    if (!memory(address, old, sizeof old)) return std::nullopt;
    return Timeout{old[0], old[1]};
  }
  std::int64_t time[2];
  if (!memory(address, time, sizeof time)) return std::nullopt;
  const bool compat = call.arch == AUDIT_ARCH_I386 || is_x32(call);
  return Timeout{time[0], compat ? static_cast<std::int64_t>(static_cast<std::uint32_t>(time[1])) : time[1]};
}

__int128 nanoseconds_of(const timespec& t) {
  return static_cast<__int128>(t.tv_sec) * kNanosecondsPerSecond + t.tv_nsec;
}

// When a valid timeout passes: FUTEX_WAIT's counts from `now` (the call was made before), and
// FUTEX_WAIT_BITSET's is a moment of CLOCK_MONOTONIC or, with FUTEX_CLOCK_REALTIME,
// CLOCK_REALTIME, counted from the judge's clock read right after that clock: an absolute timeout
// is never answered early, however long ago `now` was read.
std::optional<FutexClock::time_point> deadline_of(const Timeout& timeout, unsigned op, FutexClock::time_point now) {
  const __int128 given = static_cast<__int128>(timeout.seconds) * kNanosecondsPerSecond + timeout.nanoseconds;
  __int128 left = given;
  if ((op & kCommandMask) != kFutexWait) {
    timespec clock_now{};
    ::clock_gettime((op & kClockRealtime) != 0 ? CLOCK_REALTIME : CLOCK_MONOTONIC, &clock_now);
    now = FutexClock::now();
    left = given - nanoseconds_of(clock_now);
  }
  if (left >= kNeverNanoseconds) return std::nullopt;
  return now +
         std::chrono::duration_cast<FutexClock::duration>(std::chrono::nanoseconds(static_cast<std::int64_t>(left)));
}

}  // namespace

std::variant<int, FutexWait> read_futex_wait(const seccomp_data& call, const ThreadMemory& memory, bool x32_runs,
                                             FutexClock::time_point now) {
  if (is_x32(call) && !x32_runs) return -ENOSYS;
  // The kernel reads the command as an int: the upper half of the register does not count.
  const auto op = static_cast<unsigned>(call.args[1]);
  FutexWait wait{call.args[0], static_cast<std::uint32_t>(call.args[2]), std::nullopt};
  if (call.args[3] != 0) {
    const auto timeout = read_timeout(call, memory);
    if (!timeout) return -EFAULT;
    if (timeout->seconds < 0 || timeout->nanoseconds < 0 || timeout->nanoseconds >= kNanosecondsPerSecond) {
      return -EINVAL;
    }
    wait.deadline = deadline_of(*timeout, op, now);
  }
  const unsigned command = op & kCommandMask;
  if (command == kFutexWait && (op & kClockRealtime) != 0) return -ENOSYS;
  if (command == kFutexWaitBitset && static_cast<std::uint32_t>(call.args[5]) == 0) return -EINVAL;
  if (wait.word % sizeof(std::uint32_t) != 0) return -EINVAL;
  return wait;
}

bool kernel_runs_x32_calls() {
  static const bool runs = ::syscall(static_cast<long>(kX32Bit | SYS_getpid)) == ::getpid();
  return runs;
}

}  // namespace amazes::arbiter
