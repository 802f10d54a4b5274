// Builds the bots' seccomp filter (src/arbiter/seccomp_filter.hpp) when the judge is built, with
// libseccomp, and writes it as a C++ source: the judge carries the finished BPF program and loads
// it as it is (building it at run time cost every judge process about 0.8 ms).
//   generate_seccomp_filter OUTPUT.cpp
// Exit status 1, with one line on stderr, when the filter cannot be built: the build stops.
#include <sched.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace {

// Denied outright, with EPERM. Names unknown to an architecture (or to this libseccomp) are
// skipped: a call that does not exist cannot be made.
constexpr std::string_view kDenied[] = {
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
    "fanotify_init",
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
};

// CLONE_NEWTIME is left out: clone(2) cannot take it (0x80 is in its exit-signal byte).
constexpr std::uint64_t kNamespaceFlags =
    CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET;

struct ContextDeleter {
  void operator()(scmp_filter_ctx ctx) const { seccomp_release(ctx); }
};

struct Filter {
  std::vector<std::uint8_t> program;  // struct sock_filter[]
  std::vector<std::string> denied;    // what it denies, in words
};

[[noreturn]] void fail(std::string_view step, int rc) {
  throw std::runtime_error(std::string(step) + ": " + std::strerror(-rc));
}

Filter build() {
  Filter filter;
  std::unique_ptr<void, ContextDeleter> ctx(seccomp_init(SCMP_ACT_ALLOW));
  if (!ctx) throw std::runtime_error("seccomp_init failed");
  // A binary tree of the call numbers rather than a list: a call's verdict is a few jumps
  // instead of a walk past every rule. It matters twice: at each system call of the bot, and
  // when the filter is loaded, where the kernel runs it once for every call number of every
  // architecture to cache the calls it always allows (about 0.2 ms per player as a list).
  if (const int rc = seccomp_attr_set(ctx.get(), SCMP_FLTATR_CTL_OPTIMIZE, 2); rc != 0) fail("binary tree", rc);
  if (seccomp_arch_native() == SCMP_ARCH_X86_64) {
    for (const std::uint32_t arch : {SCMP_ARCH_X86, SCMP_ARCH_X32}) {
      if (const int rc = seccomp_arch_add(ctx.get(), arch); rc != 0 && rc != -EEXIST) fail("arch_add", rc);
    }
  }
  for (const std::string_view name : kDenied) {
    const int nr = seccomp_syscall_resolve_name(std::string(name).c_str());
    if (nr == __NR_SCMP_ERROR) continue;
    // On one architecture of several a call may not exist (a negative pseudo number): skipped.
    const int rc = seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(EPERM), nr, 0);
    if (rc == -EDOM || rc == -EINVAL) continue;
    if (rc != 0) fail("rule for " + std::string(name), rc);
    filter.denied.emplace_back(name);
  }
  // clone(2) asking for any new namespace: one rule per flag, as a rule can only compare the
  // masked argument for equality. The flags are the first argument on every architecture
  // this runs on (s390 has them second and is not a target).
  for (std::uint64_t flag = 1; flag != 0; flag <<= 1) {
    if ((kNamespaceFlags & flag) == 0) continue;
    const int rc =
        seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_MASKED_EQ, flag, flag));
    if (rc != 0) fail("rule for clone", rc);
  }
  filter.denied.emplace_back("clone with a namespace flag");
  if (const int rc = seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0); rc != 0) {
    fail("rule for clone3", rc);
  }
  // Sockets of the Unix family only (socketpair makes no other kind anyway). No network state
  // of any kind can then be made (connections, TIME_WAIT, TCP metrics, routes through netlink):
  // once a player's Unix sockets are closed its network namespace holds nothing of it, and may
  // serve a later player (network_namespaces.hpp). Another family fails as a kernel without it
  // would answer. (On i386, socketcall(SYS_SOCKET) hides the family: libseccomp denies it there.)
  if (const int rc =
          seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(EAFNOSUPPORT), SCMP_SYS(socket), 1, SCMP_A0(SCMP_CMP_NE, AF_UNIX));
      rc != 0) {
    fail("rule for socket", rc);
  }
  filter.denied.emplace_back("socket of a family other than AF_UNIX");
  // libseccomp 2.5 (Debian 12) exports to a file descriptor only.
  const int fd = ::memfd_create("amazes-seccomp", MFD_CLOEXEC);
  if (fd < 0) fail("memfd_create", -errno);
  const int rc = seccomp_export_bpf(ctx.get(), fd);
  const off_t size = ::lseek(fd, 0, SEEK_END);
  if (rc == 0 && size > 0) {
    filter.program.resize(static_cast<std::size_t>(size));
    if (::pread(fd, filter.program.data(), filter.program.size(), 0) != size) filter.program.clear();
  }
  ::close(fd);
  if (rc != 0) fail("export", rc);
  if (filter.program.empty()) throw std::runtime_error("the exported filter is empty");
  return filter;
}

// The filter as a C++ source (seccomp_filter.cpp reads these four names).
std::string source_of(const Filter& filter) {
  std::string text = "// Generated by src/arbiter/seccomp_generator/generate_seccomp_filter.cpp; do not edit.\n";
  text += "#include <cstddef>\n\nnamespace amazes::assets {\n\nextern const unsigned char kBotSeccompProgram[] = {";
  for (std::size_t i = 0; i < filter.program.size(); ++i) {
    text += (i % 16 == 0 ? "\n  " : " ") + std::to_string(filter.program[i]) + ",";
  }
  text += "\n};\nextern const std::size_t kBotSeccompProgramSize = " + std::to_string(filter.program.size()) + ";\n";
  text += "extern const char* const kBotSeccompDenied[] = {";
  for (const std::string& name : filter.denied) text += "\n  \"" + name + "\",";
  text += "\n};\nextern const std::size_t kBotSeccompDeniedCount = " + std::to_string(filter.denied.size()) + ";\n";
  text += "\n}  // namespace amazes::assets\n";
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: generate_seccomp_filter OUTPUT.cpp\n");
    return 1;
  }
  try {
    const std::string text = source_of(build());
    std::ofstream out(argv[1], std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) throw std::runtime_error(std::string("cannot write ") + argv[1]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "generate_seccomp_filter: %s\n", e.what());
    return 1;
  }
  return 0;
}
