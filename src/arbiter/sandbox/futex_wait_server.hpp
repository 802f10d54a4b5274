#pragma once
// The players' shared futex waits, served by the judge so that they sleep.
//
// A futex without FUTEX_PRIVATE_FLAG on a page of a file is keyed by the file, which every
// player maps: a wait queued there could be woken or counted from another game
// (seccomp_generator/denied_calls.hpp). So no shared wait of a player may reach the kernel's
// futex queues; yet glibc waits for a thread's end with one (pthread_join: the Java launcher
// waits so for the whole game), and so do process-shared mutexes, condition variables and
// semaphores. Failing them at once (EAGAIN, "the word changed") keeps every caller correct but
// makes it spin, on the match's one CPU and charged to the bot (docs/performance.md).
//
// So a filter in front of the bots' own (SeccompFilter::front) sends each shared wait to a
// listener the judge holds, and a thread of the judge does for it what the kernel would: it
// looks at the word in the waiting thread's memory (process_vm_readv) until it no longer holds
// the expected value, then answers EAGAIN ("the word changed": the caller looks and waits
// again), or ETIMEDOUT once the wait's timeout has passed, or EAGAIN after 50 ms all the same
// (a spurious wake-up, for a program that wakes a waiter without changing its word). Meanwhile
// the thread sleeps. The word is looked at every eighth of the time it has waited, from 20 µs to
// 1 ms (rarer when many of the player's waits are pending): a join of an ending thread takes
// tens of microseconds, and a wait of a whole game costs the bot next to nothing. The wait never
// enters the kernel's queues, so nothing can wake it or count it, not even the kernel's own wakes
// at a thread's exit; the judge reads only the waiting player's own memory.
//
// Where a listener cannot be had (a kernel before 5.0 or without the action, a set-user-ID
// bubblewrap that no-new-privileges would break), the bots' filter alone answers EAGAIN at once:
// such waits spin, and a timed one never times out.

#include <cstdint>
#include <vector>

#include "process/launch_spec.hpp"

namespace amazes::arbiter {

// Whether this judge can serve a player's waits: it was built with the filter in front, the
// kernel has SECCOMP_RET_USER_NOTIF, and a bubblewrap in front of the player (`setuid_bwrap`) is
// not set-user-ID (the child loads the filter in front with no-new-privileges when it is not root).
bool futex_waits_can_be_served(bool setuid_bwrap = false);

// The bots' seccomp program for `spec`'s player: the one behind the filter in front, which
// `spec` then loads first with its listener going to this judge's server; or, when `served` is
// false, the filter alone.
const std::vector<std::uint8_t>& bots_filter_for(LaunchSpec& spec, bool served);

// Takes a socket whose peer sends one seccomp listener (SCM_RIGHTS) and serves that listener's
// notifications, on a thread of its own, until every process behind it is gone
// (LaunchSpec::serve_listener).
void serve_futex_waits(int socket);

}  // namespace amazes::arbiter
