// Attack (issue 12): at turn K (argv[1]) makes each system call that the sandbox's seccomp
// filter denies, with arguments that the kernel itself would refuse with another error than
// EPERM (a bad pointer, descriptor, command or process), and reports each:
//   "seccomp: NAME: <errno name>" ("ok" when it succeeded).
// Under the filter every one says EPERM (clone3: ENOSYS); without it, as root, none does. Then
// plays on: a denied call must not kill the bot.
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <utility>
#include <vector>

#include "attack.hpp"

namespace {

std::string errno_name(int error) {
  switch (error) {
    case EPERM: return "EPERM";
    case ENOSYS: return "ENOSYS";
    case EINVAL: return "EINVAL";
    case EFAULT: return "EFAULT";
    case EBADF: return "EBADF";
    case ESRCH: return "ESRCH";
    case ENOENT: return "ENOENT";
    case EOPNOTSUPP: return "EOPNOTSUPP";
    case EACCES: return "EACCES";
    default: return "errno " + std::to_string(error);
  }
}

// A pointer the kernel cannot read: EFAULT where it gets that far.
void* const kBad = reinterpret_cast<void*>(1);
constexpr long kNoPid = 0x3ffffff0;  // above any pid_max

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
    };
    for (const auto& [name, call] : calls) {
      errno = 0;
      const long result = call();
      bot::report(std::string("seccomp: ") + name + ": " + (result >= 0 ? std::string("ok") : errno_name(errno)));
    }
  });
}
