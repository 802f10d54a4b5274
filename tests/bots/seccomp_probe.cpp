// Attack: at turn K (argv[1]) makes each system call that the sandbox's seccomp
// filter denies, with arguments that the kernel itself would refuse with another error than
// the filter's (a bad pointer, descriptor, command or process), and reports each:
//   "seccomp: NAME: <errno name>" ("ok" when it succeeded).
// Under the filter each gives the filter's answer (EPERM, ENOSYS, EINVAL, EAFNOSUPPORT, or "ok"
// for a lock or advice that returns 0 without running); without it, as root, none does. The
// i386 table is reached with int 0x80, in a child (a kernel without it kills that child). Then
// plays on: a denied call must not kill the bot.
#include <fcntl.h>
#include <sched.h>
#include <sys/file.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <utility>
#include <vector>

#include "attack.hpp"

namespace {

// A pointer the kernel cannot read: EFAULT where it gets that far.
void* const kBad = reinterpret_cast<void*>(1);
constexpr long kNoPid = 0x3ffffff0;  // above any pid_max
// A page below mmap_min_addr, never mapped: ENOMEM where madvise gets that far, EFAULT where a
// futex call does (an aligned address: a misaligned one is EINVAL).
void* const kUnmapped = reinterpret_cast<void*>(0x1000);
// The first number this libseccomp does not know (statmount since Linux 6.8).
constexpr long kNewerCall = 457;

// A call through the i386 table, in a child: a kernel without it kills the child, not the bot.
std::string i386_call(long nr, long a = 0, long b = 0, long c = 0) {
  int result[2];
  if (::pipe(result) != 0) return "pipe failed";
  const pid_t child = ::fork();
  if (child == 0) {
    long answer = 0;
    asm volatile("int $0x80" : "=a"(answer) : "a"(nr), "b"(a), "c"(b), "d"(c) : "memory", "r8", "r9", "r10", "r11");
    [[maybe_unused]] const auto n = ::write(result[1], &answer, sizeof answer);
    ::_exit(0);
  }
  ::close(result[1]);
  long answer = 0;
  const bool got = ::read(result[0], &answer, sizeof answer) == sizeof answer;
  ::close(result[0]);
  ::waitpid(child, nullptr, 0);
  if (!got) return "crashed";
  return answer >= 0 ? "ok" : bot::errno_name(static_cast<int>(-answer));
}

}  // namespace

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const int turns = bot::arg_int(argc, argv, 2, 150);
  return bot::play_and_attack(k, turns, [] {
    const std::vector<std::pair<const char*, long (*)()>> calls = {
        {"ptrace", [] { return ::syscall(SYS_ptrace, 16 /*PTRACE_ATTACH*/, kNoPid, 0, 0); }},
        {"process_vm_readv", [] { return ::syscall(SYS_process_vm_readv, kNoPid, kBad, 1, kBad, 1, 0); }},
        {"mount", [] { return ::syscall(SYS_mount, kBad, kBad, kBad, 0, nullptr); }},
        {"umount2", [] { return ::syscall(SYS_umount2, kBad, 0); }},
        {"pivot_root", [] { return ::syscall(SYS_pivot_root, kBad, kBad); }},
        {"kexec_load", [] { return ::syscall(SYS_kexec_load, 0, 0, nullptr, 0xffffffffUL); }},
        {"init_module", [] { return ::syscall(SYS_init_module, kBad, 0, kBad); }},
        {"finit_module", [] { return ::syscall(SYS_finit_module, -1, kBad, 0); }},
        {"delete_module", [] { return ::syscall(SYS_delete_module, kBad, 0); }},
        {"keyctl", [] { return ::syscall(SYS_keyctl, -1, 0, 0, 0, 0); }},
        {"add_key", [] { return ::syscall(SYS_add_key, kBad, kBad, nullptr, 0, 0); }},
        {"request_key", [] { return ::syscall(SYS_request_key, kBad, kBad, kBad, 0); }},
        {"bpf", [] { return ::syscall(SYS_bpf, -1, nullptr, 0); }},
        {"perf_event_open", [] { return ::syscall(SYS_perf_event_open, kBad, 0, -1, -1, 0); }},
        {"userfaultfd", [] { return ::syscall(SYS_userfaultfd, -1); }},
        {"io_uring_setup", [] { return ::syscall(SYS_io_uring_setup, 0, kBad); }},
        {"unshare", [] { return ::syscall(SYS_unshare, 0); }},
        {"setns", [] { return ::syscall(SYS_setns, -1, 0); }},
        // With CLONE_FS the kernel refuses a new user namespace itself (EINVAL): no child either way.
        {"clone with CLONE_NEWUSER",
         [] { return ::syscall(SYS_clone, CLONE_NEWUSER | CLONE_FS, nullptr, nullptr, nullptr, 0); }},
        {"clock_settime", [] { return ::syscall(SYS_clock_settime, -1, kBad); }},
        {"clock_adjtime", [] { return ::syscall(SYS_clock_adjtime, -1, kBad); }},
        {"settimeofday", [] { return ::syscall(SYS_settimeofday, kBad, kBad); }},
        {"adjtimex", [] { return ::syscall(SYS_adjtimex, kBad); }},
        {"reboot", [] { return ::syscall(SYS_reboot, 0, 0, 0, nullptr); }},
        {"swapon", [] { return ::syscall(SYS_swapon, kBad, 0); }},
        {"swapoff", [] { return ::syscall(SYS_swapoff, kBad); }},
        {"acct", [] { return ::syscall(SYS_acct, kBad); }},
        {"syslog", [] { return ::syscall(SYS_syslog, -1, nullptr, 0); }},
        {"open_by_handle_at", [] { return ::syscall(SYS_open_by_handle_at, -1, kBad, 0); }},
        {"clone3", [] { return ::syscall(SYS_clone3, kBad, 0); }},
        // Channels through the shared runtime: locks, watches, page-cache residency, IPC.
        {"flock", [] { return ::syscall(SYS_flock, -1, LOCK_EX); }},
        {"fcntl F_SETLK", [] { return ::syscall(SYS_fcntl, -1, F_SETLK, kBad); }},
        {"fcntl F_SETLKW", [] { return ::syscall(SYS_fcntl, -1, F_SETLKW, kBad); }},
        {"fcntl F_OFD_SETLK", [] { return ::syscall(SYS_fcntl, -1, F_OFD_SETLK, kBad); }},
        {"fcntl F_OFD_SETLKW", [] { return ::syscall(SYS_fcntl, -1, F_OFD_SETLKW, kBad); }},
        // The kernel reads the command as an int: the upper half must not hide it.
        {"fcntl F_SETLK with upper bits", [] { return ::syscall(SYS_fcntl, -1, 0x100000000L | F_SETLK, kBad); }},
        {"fcntl F_NOTIFY", [] { return ::syscall(SYS_fcntl, -1, F_NOTIFY, DN_ACCESS); }},
        {"fcntl F_SETLEASE", [] { return ::syscall(SYS_fcntl, -1, F_SETLEASE, F_RDLCK); }},
        {"fcntl F_SET_RW_HINT", [] { return ::syscall(SYS_fcntl, -1, F_SET_RW_HINT, kBad); }},
        {"inotify_init1", [] { return ::syscall(SYS_inotify_init1, -1); }},
        {"inotify_add_watch", [] { return ::syscall(SYS_inotify_add_watch, -1, kBad, 0); }},
        {"fanotify_init", [] { return ::syscall(SYS_fanotify_init, -1, 0); }},
        {"fanotify_mark", [] { return ::syscall(SYS_fanotify_mark, -1, 0, 0, -1, kBad); }},
        {"fadvise64", [] { return ::syscall(SYS_fadvise64, -1, 0, 0, POSIX_FADV_DONTNEED); }},
        {"readahead", [] { return ::syscall(SYS_readahead, -1, 0, 4096); }},
        {"mincore", [] { return ::syscall(SYS_mincore, kBad, 4096, kBad); }},
        {"cachestat", [] { return ::syscall(451, -1, kBad, kBad, 0); }},
        {"preadv2", [] { return ::syscall(SYS_preadv2, -1, kBad, 1, 0, 0, RWF_NOWAIT); }},
        {"pwritev2", [] { return ::syscall(SYS_pwritev2, -1, kBad, 1, 0, 0, 0); }},
        {"process_madvise", [] { return ::syscall(SYS_process_madvise, -1, kBad, 1, MADV_COLD, 0); }},
        {"io_setup", [] { return ::syscall(SYS_io_setup, 0, kBad); }},
        {"io_submit", [] { return ::syscall(SYS_io_submit, 0, 1, kBad); }},
        {"madvise MADV_COLD", [] { return ::syscall(SYS_madvise, kUnmapped, 4096, MADV_COLD); }},
        {"madvise MADV_PAGEOUT", [] { return ::syscall(SYS_madvise, kUnmapped, 4096, MADV_PAGEOUT); }},
        {"madvise MADV_COLLAPSE", [] { return ::syscall(SYS_madvise, kUnmapped, 4096, 25 /*MADV_COLLAPSE*/); }},
        {"madvise MADV_MERGEABLE", [] { return ::syscall(SYS_madvise, kUnmapped, 4096, MADV_MERGEABLE); }},
        {"prctl PR_SET_MEMORY_MERGE", [] { return ::syscall(SYS_prctl, 67 /*PR_SET_MEMORY_MERGE*/, 0, 0, 0, 0); }},
        {"shmctl", [] { return ::syscall(SYS_shmctl, -1, IPC_STAT, kBad); }},
        {"semctl", [] { return ::syscall(SYS_semctl, -1, 0, IPC_STAT, kBad); }},
        {"msgget", [] { return ::syscall(SYS_msgget, 0x7a7a7a7a, 0); }},
        {"mq_open", [] { return ::syscall(SYS_mq_open, kBad, O_RDONLY, 0, nullptr); }},
        {"socketpair AF_INET",
         [] {
           int pair[2];
           return ::syscall(SYS_socketpair, AF_INET, SOCK_STREAM, 0, pair);
         }},
        // Shared futexes (no FUTEX_PRIVATE_FLAG): keyed by the file of the page, which every player maps.
        // (A shared wait is served by the judge as the kernel would answer it: futex_channel shows it.)
        {"futex FUTEX_WAKE_BITSET shared",
         [] { return ::syscall(SYS_futex, kUnmapped, 10, 1, nullptr, nullptr, ~0U); }},
        {"futex FUTEX_CMP_REQUEUE shared", [] { return ::syscall(SYS_futex, kUnmapped, 4, 1, 1, kUnmapped, 0); }},
        {"futex FUTEX_LOCK_PI shared", [] { return ::syscall(SYS_futex, kUnmapped, 6, 0, nullptr, nullptr, 0); }},
        {"futex_waitv", [] { return ::syscall(449, kUnmapped, 1, 0, nullptr, 0); }},
        {"futex_wake", [] { return ::syscall(454, kUnmapped, ~0UL, 1, 0x82 /*FUTEX2_SIZE_U32 | FUTEX2_PRIVATE*/); }},
        {"futex_wait", [] { return ::syscall(455, kUnmapped, 0, ~0UL, 0x82, nullptr, 1); }},
        {"futex_requeue", [] { return ::syscall(456, kUnmapped, 0, 1, 1); }},
        {"utimensat", [] { return ::syscall(SYS_utimensat, -1, kBad, nullptr, 0); }},
        {"utimes", [] { return ::syscall(SYS_utimes, kBad, nullptr); }},
        {"a call newer than libseccomp", [] { return ::syscall(kNewerCall, -1, kBad, kBad, 0); }},
    };
    for (const auto& [name, call] : calls) {
      errno = 0;
      const long result = call();
      bot::report(std::string("seccomp: ") + name + ": " + (result >= 0 ? std::string("ok") : bot::errno_name(errno)));
    }
    // i386: F_SETLK64 exists on fcntl64 only; socketcall hides the family; the same newer call.
    constexpr long kFcntl64 = 221, kSocketcall = 102, kIpc = 117, kSetLk64 = 13, kSysSocketpair = 8, kIpcMsgget = 13;
    bot::report("seccomp: fcntl64 F_SETLK64 (i386): " + i386_call(kFcntl64, -1, kSetLk64, 1));
    bot::report("seccomp: socketcall SYS_SOCKETPAIR (i386): " + i386_call(kSocketcall, kSysSocketpair, 1));
    bot::report("seccomp: ipc (i386): " + i386_call(kIpc, kIpcMsgget, 0x7a7a7a7a, 0));
    bot::report("seccomp: a call newer than libseccomp (i386): " + i386_call(kNewerCall, -1, 1, 1));
    constexpr long kI386Futex = 240, kFutexWake = 1;
    bot::report("seccomp: futex FUTEX_WAKE shared (i386): " + i386_call(kI386Futex, 1, kFutexWake, 1));
  });
}
