#pragma once
// The system calls no bot needs and a container runtime denies by default (Docker's and
// Podman's profiles, less what needs a capability a bot never has anyway): debugging other
// processes, mounting, kernel modules and kexec, the kernel keyring, BPF, performance
// counters, userfaultfd, new namespaces, io_uring, setting the clock, reboot and swap. And the
// calls that let one bot leave bits for another in kernel state that outlives a turn or a game:
// locks and watches on the shared runtime's files, reading or evicting their page cache, System
// V IPC and POSIX message queues, sockets of any family but Unix.
//
// Each fails with an error instead of killing the caller, chosen so that runtimes keep running
// (seccomp_generator/denied_calls.hpp holds the list and says why): EPERM for the kernel's
// calls; ENOSYS where a program then behaves as on a kernel without the feature (clone3, whose
// flags sit in memory a filter cannot read, so that glibc and Go fall back to clone(2), which
// the filter checks; inotify, mincore, AIO, IPC); 0 without running for advice and locks, so
// that a read-only SQLite database still opens. A call newer than the libseccomp the filter is
// built with fails with ENOSYS too, as on an older kernel (seccomp_generator/unknown_calls_guard.hpp).
//
// The filter is a classic BPF program, built with libseccomp when the judge is built
// (seccomp_generator/generate_seccomp_filter.cpp) and carried in the program: the judge's own
// sandbox loads it last before the player's exec, and bubblewrap gets it as --seccomp FD. The
// native architecture is filtered, and on x86-64 also the 32-bit (i386) and x32 system call
// tables, which a bot could otherwise use to bypass it.
//
// A shared futex wait is the one call the judge answers itself (futex_wait_server.hpp): a small
// filter in front, loaded first in the child, sends it to the judge, and the bots' filter behind
// it lets it through to that one; without the filter in front the bots' filter answers it.
#include <cstdint>
#include <string>
#include <vector>

namespace amazes::arbiter {

struct SeccompFilter {
  std::vector<std::uint8_t> program;  // the BPF program (struct sock_filter[])
  // The same, but a shared futex wait is allowed: for a player behind the filter in front
  // (futex_wait_server.hpp), which sends those waits to the judge; never without it.
  std::vector<std::uint8_t> behind_front;
  std::vector<std::uint8_t> front;  // that filter in front
  std::vector<std::string> denied;  // what it denies, in words ("ptrace", …)
};

// Thread-safe; made from the built-in bytes on first use.
const SeccompFilter& bot_seccomp_filter();

}  // namespace amazes::arbiter
