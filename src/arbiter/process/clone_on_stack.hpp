#pragma once
// clone3 whose child runs a function on a stack of its own: what a child that shares its
// parent's memory (CLONE_VM | CLONE_VFORK, as posix_spawn's) needs, when it must also be born in
// a cgroup (CLONE_INTO_CGROUP exists for clone3 only, and glibc wraps only clone). A child on the
// parent's own stack cannot return from the system call's wrapper without overwriting the
// parent's return address there; glibc's vfork is written in assembly for that reason, and this
// is too: x86-64 and AArch64 (the architectures the sandbox's init program is built for).
#include <linux/sched.h>
#include <sys/types.h>

#include <cstddef>

namespace amazes::arbiter {

// False on an architecture without the assembly, and in a build with AddressSanitizer: callers
// fork instead.
bool clone_on_stack_supported();

// Makes a child with `args` (flags, exit signal, cgroup) whose stack is [stack, stack + bytes)
// (the top 16-byte aligned) and which runs `run(arg)` and exits with its value. The child's
// pid, or -1 and errno. With CLONE_VFORK the call returns once the child has executed a program
// or exited.
pid_t clone3_on_stack(clone_args args, void* stack, std::size_t bytes, int (*run)(void*), void* arg);

}  // namespace amazes::arbiter
