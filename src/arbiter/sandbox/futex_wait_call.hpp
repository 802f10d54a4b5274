#pragma once
// A shared futex wait as the kernel reads it before it sleeps, for the judge that serves it
// (futex_wait_server.hpp): the answers the kernel gives at once, in the kernel's order, and
// else what the wait is (its word, the value it waits while the word holds, its deadline).
//
// The kernel's order (kernel/futex/syscalls.c sys_futex, futex_init_timeout, do_futex;
// waitwake.c __futex_wait; core.c get_futex_key):
//   an x32 call on a kernel that runs none            ENOSYS (as for any x32 call there)
//   a timeout it cannot read                          EFAULT
//   tv_sec < 0, or tv_nsec outside [0, 1e9)           EINVAL
//   FUTEX_WAIT with FUTEX_CLOCK_REALTIME              ENOSYS (only FUTEX_WAIT_BITSET takes the clock)
//   FUTEX_WAIT_BITSET with a bitset of 0              EINVAL
//   a word not aligned to 4 bytes                     EINVAL
// and then, when the word is looked at: EFAULT where it cannot be read, EAGAIN where it no
// longer holds the value. A timeout beyond what the kernel's clock holds (tv_sec up to
// INT64_MAX is valid) never passes.
#include <linux/seccomp.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <variant>

namespace amazes::arbiter {

using FutexClock = std::chrono::steady_clock;

// A wait the kernel would put to sleep (while its word holds `expected`).
struct FutexWait {
  std::uint64_t word = 0;  // its address in the waiting thread's memory
  std::uint32_t expected = 0;
  std::optional<FutexClock::time_point> deadline;  // nothing: it never times out
};

// Reads `size` bytes at `address` of the waiting thread's memory; false when it cannot.
using ThreadMemory = std::function<bool(std::uint64_t address, void* into, std::size_t size)>;

// The kernel's answer at once (a negative errno), or the wait to serve. `x32_runs`: whether the
// kernel runs x32 calls at all. `now` is the moment the wait counts from.
std::variant<int, FutexWait> read_futex_wait(const seccomp_data& call, const ThreadMemory& memory, bool x32_runs,
                                             FutexClock::time_point now);

// Whether this kernel runs x32 system calls (a getpid with the x32 bit, asked once): Debian's
// kernels and most others do not, and answer every x32 call ENOSYS after the filters.
bool kernel_runs_x32_calls();

}  // namespace amazes::arbiter
