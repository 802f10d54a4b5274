/* The pid-1 process of the judge's own sandbox once its player runs (namespace_jail.hpp).
 *
 * The judge's child builds the player's sandbox as a copy of the judge and forks the player;
 * staying that copy while the game lasts would keep every page of the judge shared with it,
 * so that each page the judge writes during the game is copied, and the copy makes the kernel
 * flush the judge's TLB on every CPU it runs on (measured: -j 2 over -j 1 was 1.58 with it,
 * 1.77 without). So the child executes this program instead: a few kilobytes, no C library,
 * nothing but a loop that reaps.
 *
 * It waits for its children; when the player (pid 2: the first process forked in the new pid
 * namespace) ends, it exits with the player's status, a signal N as 128 + N, as bubblewrap
 * does; the kernel then kills whatever else is left in the namespace. Orphans of the player
 * are reaped on the way. It runs as root without any capability (the judge's child drops them
 * before it executes this), under another UID than the player's: the player can neither signal
 * it nor read or write its memory. Built freestanding and static by CMakeLists.txt, which
 * embeds it in the judge.
 */
#include <errno.h>
#include <sys/syscall.h>

#define PLAYER_PID 2

#if defined(__x86_64__)
static long call4(long number, long a, long b, long c, long d) {
  register long r10 __asm__("r10") = d;
  long result;
  __asm__ volatile("syscall"
                   : "=a"(result)
                   : "a"(number), "D"(a), "S"(b), "d"(c), "r"(r10)
                   : "rcx", "r11", "memory");
  return result;
}
__asm__(".globl _start\n_start:\n  and $-16, %rsp\n  call wait_for_player\n  hlt\n");
#elif defined(__aarch64__)
static long call4(long number, long a, long b, long c, long d) {
  register long x8 __asm__("x8") = number;
  register long x0 __asm__("x0") = a;
  register long x1 __asm__("x1") = b;
  register long x2 __asm__("x2") = c;
  register long x3 __asm__("x3") = d;
  __asm__ volatile("svc 0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3) : "memory");
  return x0;
}
__asm__(".globl _start\n_start:\n  bl wait_for_player\n  brk #0\n");
#else
#error "the sandbox's init is written for x86-64 and AArch64 (CMakeLists.txt builds it only there)"
#endif

__attribute__((noreturn, used)) void wait_for_player(void) {
  for (;;) {
    int status = 0;
    const long pid = call4(SYS_wait4, -1, (long)&status, 0, 0);
    if (pid == PLAYER_PID) {
      const int signal = status & 0x7f;
      call4(SYS_exit_group, signal == 0 ? (status >> 8) & 0xff : 128 + signal, 0, 0, 0);
    }
    if (pid < 0 && pid != -EINTR) call4(SYS_exit_group, 127, 0, 0, 0);
  }
}
