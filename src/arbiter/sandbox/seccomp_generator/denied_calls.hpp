#pragma once
// What the bots' seccomp filter denies, and what each denied call answers
// (generate_seccomp_filter.cpp builds it). Two reasons to deny a call:
//  - the kernel itself: what a container runtime denies by default (Docker's and Podman's
//    profiles), less what needs a capability a bot never has;
//  - channels: kernel state that outlives a player's turn (the judge freezes the player not on
//    turn, so only such state carries bits between the two players of a game) or its game (and
//    reaches a later one: a bot's own next game on the same maze), or that a player of a game
//    running at the same time reads, set by one player and read by another through the files
//    they share (the runtime /usr …, a bot's own folder, /dev): locks, watches, futexes,
//    page-cache residency, a file's times, IPC objects.
// A denied call fails with an error, never kills the bot, and the error is chosen so that
// runtimes keep working: 0 (the call returns 0 without running) for advice and locks, which a
// program may take and which change nothing it can see alone; ENOSYS where a program then
// behaves as on a kernel without the feature; EINVAL for a command or advice that a kernel
// without it refuses so; EPERM for the rest.
//
// A name unknown to an architecture (or to this libseccomp) is skipped there: a call that does
// not exist there cannot be made, and a number this libseccomp does not know fails with ENOSYS
// anyway (unknown_calls_guard.hpp).
#include <cerrno>
#include <cstdint>
#include <string_view>
#include <vector>

namespace amazes::seccomp_generator {

struct Denial {
  std::string_view call;
  int error;  // 0: returns 0 without running
  // Only when argument `arg` (an int: its lower 32 bits), its bits outside `mask` cleared, is
  // one of `values`; -1: always.
  int arg;
  std::vector<std::uint32_t> values;
  std::string_view words;  // how the filter's list names it, when not by the call's name alone
  std::uint32_t mask = 0xffffffffU;
};

// The kernel itself, EPERM.
constexpr std::string_view kKernelCalls[] = {
    // other processes' memory and execution
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "kcmp",
    "pidfd_getfd",
    // mounts and the file system tree
    "mount",
    "umount",
    "umount2",
    "pivot_root",
    "fsopen",
    "fsconfig",
    "fsmount",
    "fspick",
    "move_mount",
    "open_tree",
    "mount_setattr",
    "open_by_handle_at",
    "name_to_handle_at",
    // the kernel itself
    "kexec_load",
    "kexec_file_load",
    "init_module",
    "finit_module",
    "delete_module",
    "create_module",
    "get_kernel_syms",
    "query_module",
    "reboot",
    "swapon",
    "swapoff",
    "acct",
    "quotactl",
    "quotactl_fd",
    "syslog",
    "lookup_dcookie",
    "uselib",
    "ustat",
    "sysfs",
    "_sysctl",
    "nfsservctl",
    "vhangup",
    "iopl",
    "ioperm",
    "vm86",
    "vm86old",
    // keyring, BPF, perf, userfaultfd, io_uring
    "keyctl",
    "add_key",
    "request_key",
    "bpf",
    "perf_event_open",
    "userfaultfd",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    // namespaces
    "unshare",
    "setns",
    // the clock
    "clock_settime",
    "clock_settime64",
    "clock_adjtime",
    "clock_adjtime64",
    "settimeofday",
    "stime",
    "adjtimex",
    // fanotify: what others open and read (unprivileged since 5.13); EPERM, as to a process
    // without CAP_SYS_ADMIN before
    "fanotify_init",
    "fanotify_mark",
    // a file's times: whoever may write a file may set them to now, and every other player reads
    // them with stat. Every shared file is on a read-only mount but bubblewrap's device nodes,
    // the host's (the host's /dev/null is writable by all); a bot has no file of its own to touch
    // but in its private /tmp. EPERM, as to a process that may not
    "utime",
    "utimes",
    "futimesat",
    "utimensat",
    "utimensat_time64",
};

// A player's CPUs, EPERM: each match runs on a CPU of its own (cpu_pin.hpp), and a bot that
// widened its mask would compute on the CPU of the game beside it (and share its per-CPU
// kernel state). A filter cannot read the mask behind the pointer, so every change is denied,
// narrowing too; sched_getaffinity still answers. The runtimes do not set it (GHC's only with
// +RTS -qa); a program that pins its threads runs unpinned, on the match's CPU anyway.
constexpr std::string_view kCpuMaskCalls[] = {"sched_setaffinity"};

// ENOSYS, as on a kernel without the feature.
constexpr std::string_view kMissingFeatures[] = {
    // inotify shows which runtime files the opponent opens and reads (a program's file watching
    // then fails, its start does not)
    "inotify_init",
    "inotify_init1",
    "inotify_add_watch",
    "inotify_rm_watch",
    // tell which pages of a file are cached without loading them (mincore, cachestat,
    // preadv2's RWF_NOWAIT) or evict them (pwritev2's and preadv2's RWF_DONTCACHE,
    // process_madvise's MADV_PAGEOUT). glibc's preadv2 falls back to preadv when it has no flags.
    "mincore",
    "cachestat",
    "preadv2",
    "pwritev2",
    "process_madvise",
    // Linux AIO: an iocb carries the same RWF_NOWAIT and RWF_DONTCACHE
    "io_setup",
    "io_destroy",
    "io_submit",
    "io_cancel",
    "io_getevents",
    "io_pgetevents",
    "io_pgetevents_time64",
    // System V IPC and POSIX message queues: no bot needs them, and their objects are state a
    // player leaves behind (CONFIG_SYSVIPC, CONFIG_POSIX_MQUEUE; i386's ipc multiplexer too)
    "shmget",
    "shmat",
    "shmdt",
    "shmctl",
    "semget",
    "semop",
    "semtimedop",
    "semtimedop_time64",
    "semctl",
    "msgget",
    "msgsnd",
    "msgrcv",
    "msgctl",
    "ipc",
    "mq_open",
    "mq_unlink",
    "mq_timedsend",
    "mq_timedsend_time64",
    "mq_timedreceive",
    "mq_timedreceive_time64",
    "mq_notify",
    "mq_getsetattr",
    // futex2: futex_waitv's and futex_requeue's private flag lies in the waiters' array, in
    // memory a filter cannot read; nothing on Debian uses the three newer calls yet (glibc,
    // Go, Rust, the JVM call futex). As before 5.16 and 6.7 (futex_shared_operations says why
    // shared futexes must not reach the kernel).
    "futex_waitv",
    "futex_wait",
    "futex_wake",
    "futex_requeue",
};

// Returning 0 without running: advice and locks.
constexpr std::string_view kDoNothing[] = {
    // posix_fadvise (DONTNEED evicts any readable file's pages from the page cache: one game
    // evicts, reads the pages of its 1 bits, a later one looks) and readahead: advice the kernel
    // may ignore anyway
    "fadvise64",
    "fadvise64_64",
    "readahead",
    // locks on the runtime's files: one player takes them, the other tries them. A program that
    // locks what it reads (a read-only SQLite database takes shared fcntl locks) runs as before;
    // a bot is one program on a read-only file system, with nobody to exclude
    "flock",
};

// Calls denied for some values of an int argument.
inline std::vector<Denial> denied_by_argument() {
  constexpr std::uint32_t kSetLk = 6, kSetLkw = 7, kOfdSetLk = 37, kOfdSetLkw = 38;
  constexpr std::uint32_t kSetLk64 = 13, kSetLkw64 = 14;  // i386's, on fcntl64 only; x86-64 refuses them
  // Other state that a read-only file still takes: dnotify (a signal when the opponent opens a
  // file of the folder), leases (listed in /proc/locks for all to read), write-life hints (kept
  // in the inode). EINVAL, what a kernel without the command answers.
  constexpr std::uint32_t kSetLease = 1024, kNotify = 1026, kSetRwHint = 1036, kSetFileRwHint = 1038;
  const std::vector<std::uint32_t> kLocks = {kSetLk, kSetLkw, kOfdSetLk, kOfdSetLkw};
  const std::vector<std::uint32_t> kLocks64 = {kSetLk, kSetLkw, kOfdSetLk, kOfdSetLkw, kSetLk64, kSetLkw64};
  const std::vector<std::uint32_t> kInodeState = {kSetLease, kNotify, kSetRwHint, kSetFileRwHint};
  // madvise: COLD and PAGEOUT evict file pages (the file's owner may: a player under the
  // judge's UID), advice that returns 0; COLLAPSE makes huge pages of the page cache and KSM
  // merges equal pages across processes (a write then takes a copy-on-write fault that another
  // process can time): EINVAL, as before 6.1 or without KSM. The rest is the caller's own memory.
  constexpr std::uint32_t kCold = 20, kPageout = 21, kCollapse = 25, kMergeable = 12, kUnmergeable = 13;
  constexpr std::uint32_t kPrSetMemoryMerge = 67;  // KSM for the whole process (6.4)
  return {
      {"fcntl", 0, 1, kLocks, "fcntl: record and OFD locks"},
      {"fcntl64", 0, 1, kLocks64, "fcntl64: record and OFD locks"},
      {"fcntl", EINVAL, 1, kInodeState, "fcntl: dnotify, leases, write hints"},
      {"fcntl64", EINVAL, 1, kInodeState, "fcntl64: dnotify, leases, write hints"},
      {"madvise", 0, 2, {kCold, kPageout}, "madvise: MADV_COLD, MADV_PAGEOUT"},
      {"madvise", EINVAL, 2, {kCollapse, kMergeable, kUnmergeable}, "madvise: MADV_COLLAPSE, KSM"},
      {"prctl", EINVAL, 0, {kPrSetMemoryMerge}, "prctl: PR_SET_MEMORY_MERGE"},
  };
}

// futex without FUTEX_PRIVATE_FLAG. A shared futex on a page of a file is keyed by the file's
// inode and the page's offset, whatever the namespaces: a thread of one game waits with a bitset
// on a word of the C library's read-only text, a player of another game wakes that word with
// one bit and reads the bit from the count of woken threads. A private futex is keyed by the
// caller's address space, so nothing of it reaches another process. The filter cannot see
// which mapping an address lies in, so no shared operation reaches the kernel:
//  - a wait goes to the judge's listener (futex_wait_server.hpp), which answers it as the kernel
//    would once the word changes or the timeout passes, while the thread sleeps; where there is
//    no listener the filter answers EAGAIN at once ("the word changed": every caller looks at
//    the word and waits again), and the caller spins. Either way the wait never enters the
//    kernel's queues, so nothing can wake it or count it, the kernel's own wakes (a thread's
//    exit through CLONE_CHILD_CLEARTID, a robust list) neither;
//  - a wake or requeue returns EINVAL, which glibc's futex_wake takes as "nobody to wake" (and
//    nobody sleeps on a shared futex);
//  - the priority-inheritance operations return ENOSYS, as on a kernel without PI futexes.
// The command is the second argument of futex and of i386's futex_time64;
// FUTEX_CLOCK_REALTIME (256) does not matter.
constexpr std::uint32_t kFutexCommandAndPrivate = ~256U;
inline const std::vector<std::uint32_t>& futex_shared_wait_commands() {
  static const std::vector<std::uint32_t> waits = {0 /*FUTEX_WAIT*/, 9 /*FUTEX_WAIT_BITSET*/};
  return waits;
}
constexpr std::string_view kFutexCalls[] = {"futex", "futex_time64"};

inline std::vector<Denial> futex_shared_operations(bool waits_served) {
  constexpr std::uint32_t kWake = 1, kFd = 2, kRequeue = 3, kCmpRequeue = 4, kWakeOp = 5, kLockPi = 6, kUnlockPi = 7,
                          kTrylockPi = 8, kWakeBitset = 10, kWaitRequeuePi = 11, kCmpRequeuePi = 12, kLockPi2 = 13;
  const std::vector<std::uint32_t> wakes = {kWake, kRequeue, kCmpRequeue, kWakeOp, kWakeBitset};
  const std::vector<std::uint32_t> others = {kFd,           kLockPi, kUnlockPi, kTrylockPi, kWaitRequeuePi,
                                             kCmpRequeuePi, kLockPi2};
  std::vector<Denial> all;
  for (const std::string_view call : kFutexCalls) {
    const bool time64 = call == "futex_time64";
    if (!waits_served) {
      all.push_back({call, EAGAIN, 1, futex_shared_wait_commands(),
                     time64 ? "futex_time64: shared waits" : "futex: shared waits", kFutexCommandAndPrivate});
    }
    all.push_back({call, EINVAL, 1, wakes,
                   time64 ? "futex_time64: shared wakes and requeues" : "futex: shared wakes and requeues",
                   kFutexCommandAndPrivate});
    all.push_back({call, ENOSYS, 1, others,
                   time64 ? "futex_time64: shared priority inheritance" : "futex: shared priority inheritance",
                   kFutexCommandAndPrivate});
  }
  return all;
}

// `waits_served`: the shared futex waits are left to the filter in front (futex_wait_server.hpp).
inline std::vector<Denial> denied_calls(bool waits_served) {
  std::vector<Denial> all;
  for (const std::string_view call : kKernelCalls) all.push_back({call, EPERM, -1, {}, {}});
  for (const std::string_view call : kCpuMaskCalls) all.push_back({call, EPERM, -1, {}, {}});
  for (const std::string_view call : kMissingFeatures) all.push_back({call, ENOSYS, -1, {}, {}});
  for (const std::string_view call : kDoNothing) all.push_back({call, 0, -1, {}, {}});
  for (const Denial& denial : denied_by_argument()) all.push_back(denial);
  for (const Denial& denial : futex_shared_operations(waits_served)) all.push_back(denial);
  return all;
}

}  // namespace amazes::seccomp_generator
