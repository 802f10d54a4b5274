// Builds the bots' seccomp filters (src/arbiter/sandbox/seccomp_filter.hpp) when the judge is built, with
// libseccomp, and writes them as a C++ source: the judge carries the finished BPF programs and loads
// them as they are: no judge process spends time building them (docs/sandbox-speed.md). Three
// programs: the bots' filter alone, the same for use behind the filter in front that sends the
// shared futex waits to the judge, and that filter in front (futex_wait_server.hpp).
//   generate_seccomp_filter OUTPUT.cpp
// Exit status 1, with one line on stderr, when the filter cannot be built: the build stops.
#include <linux/filter.h>
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

#include "denied_calls.hpp"
#include "unknown_calls_guard.hpp"

namespace {

using amazes::seccomp_generator::Denial;

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

struct Programs {
  Filter alone;                      // shared futex waits: EAGAIN
  std::vector<std::uint8_t> behind;  // the same, the shared futex waits allowed: the front's
  std::vector<std::uint8_t> front;   // the shared futex waits to the listener, all else allowed
};

[[noreturn]] void fail(std::string_view step, int rc) {
  throw std::runtime_error(std::string(step) + ": " + std::strerror(-rc));
}

// Adds one denial (a rule per value of its argument); false when no architecture has the call.
bool add(scmp_filter_ctx ctx, const Denial& denial) {
  const int nr = seccomp_syscall_resolve_name(std::string(denial.call).c_str());
  if (nr == __NR_SCMP_ERROR) return false;
  const auto rule = [&](unsigned count, const scmp_arg_cmp* compare) {
    // On one architecture of several a call may not exist (a negative pseudo number): skipped.
    const int rc =
        seccomp_rule_add_array(ctx, SCMP_ACT_ERRNO(static_cast<std::uint32_t>(denial.error)), nr, count, compare);
    if (rc == -EDOM || rc == -EINVAL) return false;
    if (rc != 0) fail("rule for " + std::string(denial.call), rc);
    return true;
  };
  if (denial.arg < 0) return rule(0, nullptr);
  bool added = false;
  for (const std::uint32_t value : denial.values) {
    // The lower 32 bits only: the kernel takes these arguments as int, whatever the upper half
    // of the register holds (an equality on all 64 bits would let 0x100000006 through as 6).
    const scmp_arg_cmp compare{static_cast<unsigned>(denial.arg), SCMP_CMP_MASKED_EQ, denial.mask, value};
    added = rule(1, &compare) || added;
  }
  return added;
}

// libseccomp's program as it exports it.
std::vector<std::uint8_t> exported(scmp_filter_ctx ctx) {
  // libseccomp 2.5 (Debian 12) exports to a file descriptor only.
  const int fd = ::memfd_create("amazes-seccomp", MFD_CLOEXEC);
  if (fd < 0) fail("memfd_create", -errno);
  std::vector<std::uint8_t> bytes;
  const int rc = seccomp_export_bpf(ctx, fd);
  const off_t size = ::lseek(fd, 0, SEEK_END);
  if (rc == 0 && size > 0) {
    bytes.resize(static_cast<std::size_t>(size));
    if (::pread(fd, bytes.data(), bytes.size(), 0) != size) bytes.clear();
  }
  ::close(fd);
  if (rc != 0) fail("export", rc);
  if (bytes.empty() || bytes.size() % sizeof(sock_filter) != 0) {
    throw std::runtime_error("the exported filter is empty");
  }
  return bytes;
}

// libseccomp's program, and the prefix of unknown_calls_guard.hpp before it.
std::vector<std::uint8_t> exported_with_guard(scmp_filter_ctx ctx, const std::vector<std::uint32_t>& arches) {
  const std::vector<std::uint8_t> bytes = exported(ctx);
  // The prefix leaves the accumulator holding a call number: the program must load before it
  // looks (libseccomp's always starts with the architecture).
  sock_filter first{};
  std::memcpy(&first, bytes.data(), sizeof first);
  if (first.code != (BPF_LD | BPF_W | BPF_ABS)) {
    throw std::runtime_error("libseccomp's program does not start with a load");
  }
  const auto guard = amazes::seccomp_generator::unknown_calls_guard(amazes::seccomp_generator::known_calls(arches));
  std::vector<std::uint8_t> program(guard.size() * sizeof(sock_filter));
  std::memcpy(program.data(), guard.data(), program.size());
  program.insert(program.end(), bytes.begin(), bytes.end());
  if (program.size() / sizeof(sock_filter) > BPF_MAXINSNS) throw std::runtime_error("the filter is too long");
  return program;
}

// The native architecture, and on x86-64 also i386 and x32, whose tables a bot could use too.
std::vector<std::uint32_t> add_architectures(scmp_filter_ctx ctx) {
  std::vector<std::uint32_t> arches = {seccomp_arch_native()};
  if (seccomp_arch_native() == SCMP_ARCH_X86_64) {
    for (const std::uint32_t arch : {SCMP_ARCH_X86, SCMP_ARCH_X32}) {
      if (const int rc = seccomp_arch_add(ctx, arch); rc != 0 && rc != -EEXIST) fail("arch_add", rc);
      arches.push_back(arch);
    }
  }
  return arches;
}

// The filter in front (futex_wait_server.hpp): a shared futex wait, on every table, goes to the
// listener; everything else, another architecture too, goes on to the bots' filter behind it.
// Empty where libseccomp will not make the action (API level 5: the kernel the judge is built on
// has no SECCOMP_RET_USER_NOTIF): the judge then never serves the waits (the bots' filter alone).
std::vector<std::uint8_t> build_front() {
  if (seccomp_api_get() < 5) return {};
  std::unique_ptr<void, ContextDeleter> ctx(seccomp_init(SCMP_ACT_ALLOW));
  if (!ctx) throw std::runtime_error("seccomp_init failed");
  if (const int rc = seccomp_attr_set(ctx.get(), SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_ALLOW); rc != 0) {
    fail("another architecture", rc);
  }
  add_architectures(ctx.get());
  bool added = false;
  for (const std::string_view call : amazes::seccomp_generator::kFutexCalls) {
    const int nr = seccomp_syscall_resolve_name(std::string(call).c_str());
    if (nr == __NR_SCMP_ERROR) continue;
    for (const std::uint32_t command : amazes::seccomp_generator::futex_shared_wait_commands()) {
      const scmp_arg_cmp compare{1, SCMP_CMP_MASKED_EQ, amazes::seccomp_generator::kFutexCommandAndPrivate, command};
      const int rc = seccomp_rule_add_array(ctx.get(), SCMP_ACT_NOTIFY, nr, 1, &compare);
      if (rc == -EDOM || rc == -EINVAL) continue;  // not on one of the architectures
      if (rc != 0) fail("rule for " + std::string(call), rc);
      added = true;
    }
  }
  if (!added) throw std::runtime_error("the filter in front has no rule");
  return exported(ctx.get());
}

Filter build(bool waits_served) {
  Filter filter;
  std::unique_ptr<void, ContextDeleter> ctx(seccomp_init(SCMP_ACT_ALLOW));
  if (!ctx) throw std::runtime_error("seccomp_init failed");
  // A binary tree of the call numbers rather than a list: a call's verdict is a few jumps
  // instead of a walk past every rule. It matters twice: at each system call of the bot, and
  // when the filter is loaded, where the kernel runs it once for every call number of every
  // architecture to cache the calls it always allows (docs/sandbox-speed.md).
  if (const int rc = seccomp_attr_set(ctx.get(), SCMP_FLTATR_CTL_OPTIMIZE, 2); rc != 0) fail("binary tree", rc);
  const std::vector<std::uint32_t> arches = add_architectures(ctx.get());
  for (const Denial& denial : amazes::seccomp_generator::denied_calls(waits_served)) {
    if (add(ctx.get(), denial)) filter.denied.emplace_back(denial.words.empty() ? denial.call : denial.words);
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
  // clone3's flags sit in memory a filter cannot read: ENOSYS sends glibc and Go back to
  // clone(2), whose flags it can.
  if (const int rc = seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0); rc != 0) {
    fail("rule for clone3", rc);
  }
  filter.denied.emplace_back("clone3");
  // Sockets of the Unix family only, from socket and socketpair alike (a socketpair of another
  // family is made, and may load its protocol's module, before the kernel refuses the pair).
  // No network state of any kind can then be made (connections, TIME_WAIT, TCP metrics,
  // routes through netlink): once a player's Unix sockets are closed its network namespace
  // holds nothing of it, and may serve a later player (network_namespaces.hpp). Another family
  // fails as a kernel without it would answer. (On i386, socketcall hides the family:
  // libseccomp denies its SYS_SOCKET and SYS_SOCKETPAIR there.) The family is compared on all
  // 64 bits: a value with upper bits set is refused even when the kernel would see AF_UNIX.
  for (const char* call : {"socket", "socketpair"}) {
    const int rc = seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(EAFNOSUPPORT), seccomp_syscall_resolve_name(call), 1,
                                    SCMP_A0(SCMP_CMP_NE, AF_UNIX));
    if (rc != 0) fail(std::string("rule for ") + call, rc);
    filter.denied.emplace_back(std::string(call) + " of a family other than AF_UNIX");
  }
  filter.program = exported_with_guard(ctx.get(), arches);
  filter.denied.emplace_back("any call this libseccomp does not know (ENOSYS)");
  return filter;
}

// `bytes` as a C++ array NAME and its size NAMESize.
std::string array_source(const std::string& name, const std::vector<std::uint8_t>& bytes) {
  std::string text = "extern const unsigned char " + name + "[] = {";
  for (std::size_t i = 0; i < bytes.size(); ++i) text += (i % 16 == 0 ? "\n  " : " ") + std::to_string(bytes[i]) + ",";
  text += "\n};\nextern const std::size_t " + name + "Size = " + std::to_string(bytes.size()) + ";\n";
  return text;
}

// The filters as a C++ source (seccomp_filter.cpp reads these names).
std::string source_of(const Programs& programs) {
  std::string text = "// Generated by src/arbiter/seccomp_generator/generate_seccomp_filter.cpp; do not edit.\n";
  text += "#include <cstddef>\n\nnamespace amazes::assets {\n\n";
  text += array_source("kBotSeccompProgram", programs.alone.program);
  text += array_source("kBotSeccompBehindFrontProgram", programs.behind);
  text += array_source("kFutexWaitFrontProgram", programs.front);
  text += "extern const char* const kBotSeccompDenied[] = {";
  for (const std::string& name : programs.alone.denied) text += "\n  \"" + name + "\",";
  text +=
      "\n};\nextern const std::size_t kBotSeccompDeniedCount = " + std::to_string(programs.alone.denied.size()) + ";\n";
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
    const Programs programs{build(false), build(true).program, build_front()};
    const std::string text = source_of(programs);
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
