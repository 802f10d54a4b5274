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
// The filter is a classic BPF program, built with libseccomp when the judge is built
// (seccomp_generator/generate_seccomp_filter.cpp, which holds the list) and carried in the
// program: the judge's own sandbox loads it last before the player's exec, and bubblewrap
// gets it as --seccomp FD. The native architecture is filtered, and on x86-64 also the 32-bit
// (i386) and x32 system call tables, which a bot could otherwise use to bypass it.
#include <cstdint>
#include <string>
#include <vector>

namespace amazes::arbiter {

struct SeccompFilter {
  std::vector<std::uint8_t> program;  // the BPF program (struct sock_filter[])
  std::vector<std::string> denied;    // what it denies, in words ("ptrace", …)
};

// Thread-safe; made from the built-in bytes on first use.
const SeccompFilter& bot_seccomp_filter();

}  // namespace amazes::arbiter
