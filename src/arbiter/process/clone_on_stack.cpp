#include "process/clone_on_stack.hpp"

#include "process/address_sanitizer.hpp"

#include <sys/syscall.h>

#include <cerrno>
#include <cstdint>

// long amazes_clone3_on_stack(clone_args* args, size_t size, int (*run)(void*), void* arg):
// the system call, then in the child (which starts on its new stack with the parent's
// registers but the result) run(arg) and an exit with its value; the parent returns the
// result (a pid, or a negative errno value). The system call keeps every register but the
// result and, on x86-64, rcx and r11: so `run` and `arg` reach the child in registers.
#if defined(__x86_64__) || defined(__aarch64__)
static_assert(SYS_clone3 == 435, "the assembly below names clone3 by its number");
extern "C" long amazes_clone3_on_stack(clone_args* args, std::size_t size, int (*run)(void*), void* arg);
#endif

#if defined(__x86_64__)
__asm__(
    ".text\n"
    ".p2align 4\n"
    ".type amazes_clone3_on_stack, @function\n"
    "amazes_clone3_on_stack:\n"
    "  mov %rcx, %r8\n"  // arg: rcx does not survive the system call
    "  mov $435, %eax\n"
    "  syscall\n"
    "  test %rax, %rax\n"
    "  jnz 1f\n"
    "  xor %ebp, %ebp\n"  // the child: the end of the frame chain
    "  mov %r8, %rdi\n"
    "  call *%rdx\n"
    "  mov %eax, %edi\n"
    "  mov $60, %eax\n"  // exit
    "  syscall\n"
    "  hlt\n"
    "1:\n"
    "  ret\n"
    ".size amazes_clone3_on_stack, .-amazes_clone3_on_stack\n");
#elif defined(__aarch64__)
__asm__(
    ".text\n"
    ".p2align 4\n"
    ".type amazes_clone3_on_stack, %function\n"
    "amazes_clone3_on_stack:\n"
    "  mov x8, #435\n"
    "  svc #0\n"
    "  cbnz x0, 1f\n"
    "  mov x29, xzr\n"  // the child: the end of the frame chain
    "  mov x30, xzr\n"
    "  mov x0, x3\n"
    "  blr x2\n"
    "  mov x8, #93\n"  // exit
    "  svc #0\n"
    "  brk #0\n"
    "1:\n"
    "  ret\n"
    ".size amazes_clone3_on_stack, .-amazes_clone3_on_stack\n");
#endif

namespace amazes::arbiter {

bool clone_on_stack_supported() {
  // AddressSanitizer keeps its state per thread, which a child sharing the memory shares: it
  // takes the child's stack for the thread's, and reports its own writes there as overflows.
  // A sanitized build forks, as glibc's posix_spawn child is not instrumented either.
  if (kAddressSanitizer) return false;
#if defined(__x86_64__) || defined(__aarch64__)
  return true;
#else
  return false;
#endif
}

pid_t clone3_on_stack(clone_args args, void* stack, std::size_t bytes, int (*run)(void*), void* arg) {
#if defined(__x86_64__) || defined(__aarch64__)
  const auto base = reinterpret_cast<std::uintptr_t>(stack);
  args.stack = base;
  args.stack_size = ((base + bytes) & ~std::uintptr_t{15}) - base;  // the top, 16-byte aligned
  const long result = amazes_clone3_on_stack(&args, sizeof args, run, arg);
  if (result >= 0) return static_cast<pid_t>(result);
  errno = static_cast<int>(-result);
  return -1;
#else
  (void)args, (void)stack, (void)bytes, (void)run, (void)arg;
  errno = ENOSYS;
  return -1;
#endif
}

}  // namespace amazes::arbiter
