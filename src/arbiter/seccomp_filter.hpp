#pragma once
// The system calls no bot needs and a container runtime denies by default (Docker's and
// Podman's profiles, less what needs a capability a bot never has anyway): debugging other
// processes, mounting, kernel modules and kexec, the kernel keyring, BPF, performance
// counters, userfaultfd, new namespaces, io_uring, setting the clock, reboot and swap.
//
// Each fails with EPERM instead of killing the caller: a runtime that probes for a feature
// (Java and Go try io_uring, glibc tries clone3) must keep running. Two exceptions keep
// programs working: clone3, whose flags sit in memory a filter cannot read, fails with ENOSYS
// so that glibc and Go fall back to clone(2), which the filter can check; clone(2) itself is
// allowed unless it asks for a new namespace.
//
// The filter is a classic BPF program, built once per judge process with libseccomp and
// handed to bubblewrap (--seccomp FD), which loads it just before it executes the player. The
// native architecture is filtered, and on x86-64 also the 32-bit (i386) and x32 system call
// tables, which a bot could otherwise use to bypass it.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace amazes::arbiter {

struct SeccompFilter {
  std::vector<std::uint8_t> program;  // the BPF program (struct sock_filter[]), empty when it failed
  std::string error;                  // why there is none, one line
  std::vector<std::string> denied;    // the calls it denies, by name
  bool ok() const { return error.empty(); }
};

// Built on first use, then shared; thread-safe.
const SeccompFilter& bot_seccomp_filter();

}  // namespace amazes::arbiter
