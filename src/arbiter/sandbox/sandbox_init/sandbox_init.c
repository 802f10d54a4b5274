/* Two small programs of the namespaces sandbox in one, chosen by argv[0]:
 * "init", the pid-1 process once its player runs (namespaces.hpp), and "launch", the
 * process that becomes the player while it waits for its turn (spawn.hpp: PreparedChild).
 *
 * init:
 *
 * The judge's child builds the player's sandbox in the judge's memory and forks the player;
 * staying a copy of the judge while the game lasts would keep every page of the judge shared with it,
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
 * it nor read or write its memory.
 *
 * launch GO REPORT PROGRAM ARGV0 ARGV…: a sandbox made ahead of its player's turn ends in a
 * process that has done every step of a start but the exec (its cgroup, UID, limits, seccomp
 * filter); it executes this rather than wait as a copy of the judge, for the same reason as
 * init. It reads the word from descriptor GO (one byte), then executes PROGRAM with ARGV0
 * ARGV… and its own environment. It already runs on the player's CPUs, set before its filter,
 * which denies a change of them (spawn.cpp). The end of the file instead means the start was
 * given up: it exits 127. A failure of the exec is reported on descriptor REPORT as the judge's
 * child reports one (spawn.cpp: SetupFailure, three ints: the step, -2 for the exec, then the
 * errno value and -1); the exec closes REPORT, which tells the judge the player runs.
 *
 * Built freestanding and static by CMakeLists.txt, which embeds it in the judge.
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
__asm__(".globl _start\n_start:\n  mov %rsp, %rdi\n  and $-16, %rsp\n  call start\n  hlt\n");
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
__asm__(".globl _start\n_start:\n  mov x0, sp\n  bl start\n  brk #0\n");
#else
#error "the sandbox's init is written for x86-64 and AArch64 (CMakeLists.txt builds it only there)"
#endif

#define EXEC_STEP -2
#define F_SETFD_ 2
#define FD_CLOEXEC_ 1

static __attribute__((noreturn)) void exit_with(int status) {
  call4(SYS_exit_group, status, 0, 0, 0);
  __builtin_unreachable();
}

static int number_of(const char* text) {
  int value = 0;
  for (; *text >= '0' && *text <= '9'; ++text) value = value * 10 + (*text - '0');
  return value;
}

static __attribute__((noreturn)) void report(int fd, int step, long result) {
  const int failure[3] = {step, (int)-result, -1};
  call4(SYS_write, fd, (long)failure, sizeof failure, 0);
  exit_with(127);
}

static __attribute__((noreturn)) void launch(char** argv, char** envp) {
  const int go = number_of(argv[1]);
  const int report_fd = number_of(argv[2]);
  unsigned char word;
  long n;
  do {
    n = call4(SYS_read, go, (long)&word, 1, 0);
  } while (n == -EINTR);
  if (n != 1) exit_with(127);
  call4(SYS_close, go, 0, 0, 0);
  call4(SYS_fcntl, report_fd, F_SETFD_, FD_CLOEXEC_, 0);
  report(report_fd, EXEC_STEP, call4(SYS_execve, (long)argv[3], (long)(argv + 4), (long)envp, 0));
}

static __attribute__((noreturn)) void wait_for_player(void) {
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

/* argc, then argv and envp, each ending in a null pointer: as the kernel lays them out. */
__attribute__((noreturn, used)) void start(long* stack) {
  const long argc = stack[0];
  char** argv = (char**)(stack + 1);
  char** envp = argv + argc + 1;
  const char* name = argv[0];
  if (argc >= 5 && name[0] == 'l' && name[1] == 'a' && name[2] == 'u' && name[3] == 'n' && name[4] == 'c' &&
      name[5] == 'h' && name[6] == 0) {
    launch(argv, envp);
  }
  wait_for_player();
}
