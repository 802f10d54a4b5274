#pragma once
// Whether this machine's kernel runs i386 system calls (int 0x80) from a 64-bit process. A kernel
// built without IA32 emulation, or booted with ia32_emulation=0 (a Firecracker guest's), kills the
// caller with SIGSEGV, in a sandbox or not: there the filter's i386 answers cannot be seen, and a
// test of them is skipped with that reason (SeccompFilter.* still runs the filter on i386 calls).
// Asked once, outside any filter: a child makes getpid through the i386 table.
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace amazes::testing {

inline bool i386_calls_run() {
  static const bool run = [] {
    const pid_t child = ::fork();
    if (child < 0) return false;
    if (child == 0) {
      constexpr long kI386Getpid = 20;
      long pid = 0;
      asm volatile("int $0x80" : "=a"(pid) : "a"(kI386Getpid) : "memory", "r8", "r9", "r10", "r11");
      ::_exit(pid == ::syscall(SYS_getpid) ? 0 : 1);
    }
    int status = 0;
    if (::waitpid(child, &status, 0) != child) return false;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
  }();
  return run;
}

inline constexpr const char* kNoI386Calls =
    "this kernel does not run i386 system calls (int 0x80 kills the caller with SIGSEGV outside any sandbox too)";

}  // namespace amazes::testing
