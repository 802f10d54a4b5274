// The bots' seccomp filter (src/arbiter/seccomp_filter.hpp) run as the kernel would run it,
// call by call, on each table it filters: x86-64, i386 and x32 (a kernel may lack x32, as this
// project's machines do, so only here can its verdicts be seen). The filter at work in the
// sandbox: tests/integration/sandbox_fairness_test.cpp (seccomp_probe) and
// sandbox_channels_test.cpp.
#include <gtest/gtest.h>
#include <linux/audit.h>
#include <seccomp.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <initializer_list>
#include <tuple>
#include <utility>
#include <vector>

#include "arbiter/sandbox/seccomp_filter.hpp"
#include "support/classic_bpf.hpp"

namespace amazes::arbiter {
namespace AMAZES_FILE_NAMESPACE {

constexpr std::uint32_t kX86_64 = AUDIT_ARCH_X86_64;
constexpr std::uint32_t kI386 = AUDIT_ARCH_I386;
constexpr std::uint32_t kX32 = 0x40000000;  // x32 calls come as x86-64 ones with this bit
constexpr std::uint32_t kAllow = SECCOMP_RET_ALLOW;

constexpr std::uint32_t fails_with(int error) { return SECCOMP_RET_ERRNO | static_cast<std::uint32_t>(error); }
constexpr std::uint32_t kReturnsZero = SECCOMP_RET_ERRNO;  // errno 0: returns 0 without running

std::uint32_t verdict_of(const std::vector<std::uint8_t>& bytes, std::uint32_t arch, std::uint32_t nr,
                         std::initializer_list<std::uint64_t> args) {
  std::vector<sock_filter> program(bytes.size() / sizeof(sock_filter));
  std::memcpy(program.data(), bytes.data(), program.size() * sizeof(sock_filter));
  seccomp_data data{};
  data.arch = arch;
  data.nr = static_cast<int>(nr);
  std::size_t i = 0;
  for (const std::uint64_t arg : args) data.args[i++] = arg;
  return testing::run_seccomp_filter(program, data);
}

// The bots' filter alone.
std::uint32_t verdict(std::uint32_t arch, std::uint32_t nr, std::initializer_list<std::uint64_t> args = {}) {
  return verdict_of(bot_seccomp_filter().program, arch, nr, args);
}

TEST(SeccompFilter, CallsThisLibseccompDoesNotKnowFailWithEnosysOnEveryTable) {
  // statmount (457), listmount, mseal (462), whatever comes next; x86-64's numbers 512–547 are
  // x32's; the hole 335–423 (uretprobe since 6.11); numbers with high bits set.
  for (const std::uint32_t nr :
       {457U, 458U, 462U, 468U, 511U, 512U, 547U, 1000U, 400U, 0x3fffffffU, 0x80000000U, 0xffffffffU}) {
    EXPECT_EQ(verdict(kX86_64, nr), fails_with(ENOSYS)) << "x86-64 " << nr;
  }
  for (const std::uint32_t nr : {457U, 462U, 1000U, 222U, 0xffffffffU}) {
    EXPECT_EQ(verdict(kI386, nr), fails_with(ENOSYS)) << "i386 " << nr;
  }
  // x32: numbers past 456 below its own range 512–547, and past that range.
  for (const std::uint32_t nr : {457U, 500U, 511U, 548U, 1000U}) {
    EXPECT_EQ(verdict(kX86_64, kX32 | nr), fails_with(ENOSYS)) << "x32 " << nr;
  }
}

TEST(SeccompFilter, KnownCallsGoToTheRules) {
  EXPECT_EQ(verdict(kX86_64, 0), kAllow);                            // read
  EXPECT_EQ(verdict(kX86_64, 453), kAllow);                          // map_shadow_stack
  EXPECT_EQ(verdict(kI386, 3), kAllow);                              // read
  EXPECT_EQ(verdict(kX86_64, kX32 | 0), kAllow);                     // read
  EXPECT_EQ(verdict(kX86_64, kX32 | 512), kAllow);                   // x32's rt_sigaction
  EXPECT_EQ(verdict(kX86_64, 101), fails_with(EPERM));               // ptrace
  EXPECT_EQ(verdict(kX86_64, kX32 | 521), fails_with(EPERM));        // x32's ptrace
  EXPECT_EQ(verdict(kI386, 26), fails_with(EPERM));                  // ptrace
  EXPECT_EQ(verdict(kX86_64, 435), fails_with(ENOSYS));              // clone3
  EXPECT_EQ(verdict(kX86_64, 327), fails_with(ENOSYS));              // preadv2
  EXPECT_EQ(verdict(kX86_64, kX32 | 546), fails_with(ENOSYS));       // x32's preadv2
  EXPECT_EQ(verdict(kX86_64, 221, {0, 0, 0, 4}), kReturnsZero);      // fadvise64 DONTNEED
  EXPECT_EQ(verdict(kI386, 272, {0, 0, 0, 0, 0, 4}), kReturnsZero);  // fadvise64_64
  EXPECT_EQ(verdict(kI386, 117), fails_with(ENOSYS));                // ipc
}

TEST(SeccompFilter, LocksSucceedWithoutLockingOnEveryTable) {
  constexpr std::uint32_t kFcntl = 72, kFlock = 73, kI386Fcntl = 55, kI386Fcntl64 = 221;
  EXPECT_EQ(verdict(kX86_64, kFlock), kReturnsZero);
  for (const std::uint64_t command : {6U, 7U, 37U, 38U}) {  // F_SETLK(W), F_OFD_SETLK(W)
    EXPECT_EQ(verdict(kX86_64, kFcntl, {3, command}), kReturnsZero) << command;
    EXPECT_EQ(verdict(kX86_64, kX32 | kFcntl, {3, command}), kReturnsZero) << command;
    EXPECT_EQ(verdict(kI386, kI386Fcntl, {3, command}), kReturnsZero) << command;
    EXPECT_EQ(verdict(kI386, kI386Fcntl64, {3, command}), kReturnsZero) << command;
  }
  // The kernel reads the command as an int: what the upper half holds does not matter.
  EXPECT_EQ(verdict(kX86_64, kFcntl, {3, 0x100000006ULL}), kReturnsZero);
  // i386's F_SETLK64 and F_SETLKW64 (13, 14) exist on fcntl64 only.
  EXPECT_EQ(verdict(kI386, kI386Fcntl64, {3, 13}), kReturnsZero);
  EXPECT_EQ(verdict(kI386, kI386Fcntl64, {3, 14}), kReturnsZero);
  // Looking at locks and everything else of fcntl runs.
  EXPECT_EQ(verdict(kX86_64, kFcntl, {3, 5}), kAllow);  // F_GETLK
  EXPECT_EQ(verdict(kX86_64, kFcntl, {3, 1}), kAllow);  // F_GETFD
  // dnotify, leases, write hints: EINVAL.
  for (const std::uint64_t command : {1024U, 1026U, 1036U, 1038U}) {
    EXPECT_EQ(verdict(kX86_64, kFcntl, {3, command}), fails_with(EINVAL)) << command;
    EXPECT_EQ(verdict(kI386, kI386Fcntl64, {3, command}), fails_with(EINVAL)) << command;
  }
}

TEST(SeccompFilter, MadviseIsDeniedOnlyTheAdviceThatReachesOtherProcesses) {
  constexpr std::uint32_t kMadvise = 28;
  EXPECT_EQ(verdict(kX86_64, kMadvise, {0, 4096, 20}), kReturnsZero);        // MADV_COLD
  EXPECT_EQ(verdict(kX86_64, kMadvise, {0, 4096, 21}), kReturnsZero);        // MADV_PAGEOUT
  EXPECT_EQ(verdict(kX86_64, kMadvise, {0, 4096, 25}), fails_with(EINVAL));  // MADV_COLLAPSE
  EXPECT_EQ(verdict(kX86_64, kMadvise, {0, 4096, 12}), fails_with(EINVAL));  // MADV_MERGEABLE
  for (const std::uint64_t advice : {3U, 4U, 8U, 14U}) {                     // WILLNEED, DONTNEED, FREE, HUGEPAGE
    EXPECT_EQ(verdict(kX86_64, kMadvise, {0, 4096, advice}), kAllow) << advice;
  }
}

// A futex without FUTEX_PRIVATE_FLAG (128) is keyed by the page's file, which every player
// maps: each such operation fails (a wait as if the word had changed, a wake or requeue with
// EINVAL, priority inheritance with ENOSYS); the private ones run, on every table.
TEST(SeccompFilter, SharedFutexesFailAndPrivateOnesRunOnEveryTable) {
  constexpr std::uint32_t kFutex = 202, kI386Futex = 240, kI386FutexTime64 = 422;
  constexpr std::uint64_t kPrivate = 128, kClockRealtime = 256;
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> tables = {
      {kX86_64, kFutex}, {kX86_64, kX32 | kFutex}, {kI386, kI386Futex}, {kI386, kI386FutexTime64}};
  for (const auto& [arch, nr] : tables) {
    for (const std::uint64_t wait : {0U, 9U}) {  // FUTEX_WAIT, FUTEX_WAIT_BITSET
      EXPECT_EQ(verdict(arch, nr, {0, wait}), fails_with(EAGAIN)) << nr << " " << wait;
      EXPECT_EQ(verdict(arch, nr, {0, wait | kClockRealtime}), fails_with(EAGAIN)) << nr << " " << wait;
    }
    for (const std::uint64_t wake : {1U, 3U, 4U, 5U, 10U}) {  // WAKE, REQUEUE, CMP_REQUEUE, WAKE_OP, WAKE_BITSET
      EXPECT_EQ(verdict(arch, nr, {0, wake}), fails_with(EINVAL)) << nr << " " << wake;
    }
    for (const std::uint64_t pi : {6U, 7U, 8U, 11U, 12U, 13U}) {  // the priority-inheritance ones
      EXPECT_EQ(verdict(arch, nr, {0, pi}), fails_with(ENOSYS)) << nr << " " << pi;
    }
    for (std::uint64_t command = 0; command <= 13; ++command) {
      EXPECT_EQ(verdict(arch, nr, {0, command | kPrivate}), kAllow) << nr << " " << command;
      EXPECT_EQ(verdict(arch, nr, {0, command | kPrivate | kClockRealtime}), kAllow) << nr << " " << command;
    }
    // The kernel reads the command as an int: what the upper half holds does not matter.
    EXPECT_EQ(verdict(arch, nr, {0, 0x100000000ULL | 9U}), fails_with(EAGAIN)) << nr;
    EXPECT_EQ(verdict(arch, nr, {0, 0x100000000ULL | 9U | kPrivate}), kAllow) << nr;
  }
  // futex2: futex_waitv, futex_wake, futex_wait, futex_requeue, with or without FUTEX2_PRIVATE.
  for (const std::uint32_t nr : {449U, 454U, 455U, 456U}) {
    EXPECT_EQ(verdict(kX86_64, nr, {0, 0, 0, kPrivate}), fails_with(ENOSYS)) << nr;
    EXPECT_EQ(verdict(kI386, nr, {0, 0, 0, kPrivate}), fails_with(ENOSYS)) << nr;
  }
}

// With the judge serving the shared futex waits: the filter in front sends them, and only them,
// to the listener on every table, another architecture included; the bots' filter behind it
// lets them through to it and answers everything else as alone.
TEST(SeccompFilter, TheFilterInFrontSendsTheSharedFutexWaitsAndOnlyThemToTheJudge) {
  constexpr std::uint32_t kFutex = 202, kI386Futex = 240, kI386FutexTime64 = 422;
  constexpr std::uint64_t kPrivate = 128, kClockRealtime = 256;
  const auto& filter = bot_seccomp_filter();
  const auto front = [&](std::uint32_t arch, std::uint32_t nr, std::initializer_list<std::uint64_t> args) {
    return verdict_of(filter.front, arch, nr, args);
  };
  const auto behind = [&](std::uint32_t arch, std::uint32_t nr, std::initializer_list<std::uint64_t> args) {
    return verdict_of(filter.behind_front, arch, nr, args);
  };
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> tables = {
      {kX86_64, kFutex}, {kX86_64, kX32 | kFutex}, {kI386, kI386Futex}, {kI386, kI386FutexTime64}};
  for (const auto& [arch, nr] : tables) {
    for (const std::uint64_t wait : {std::uint64_t{0}, std::uint64_t{9}, 9 | kClockRealtime}) {
      EXPECT_EQ(front(arch, nr, {0, wait}), SECCOMP_RET_USER_NOTIF) << nr << " " << wait;
      EXPECT_EQ(behind(arch, nr, {0, wait}), kAllow) << nr << " " << wait;
      EXPECT_EQ(front(arch, nr, {0, wait | kPrivate}), kAllow) << nr << " " << wait;
    }
    EXPECT_EQ(front(arch, nr, {0, 1}), kAllow) << nr;  // a shared wake: the filter behind answers
    EXPECT_EQ(behind(arch, nr, {0, 1}), fails_with(EINVAL)) << nr;
    EXPECT_EQ(behind(arch, nr, {0, 6}), fails_with(ENOSYS)) << nr;
  }
  EXPECT_EQ(front(kX86_64, 0, {}), kAllow);    // read
  EXPECT_EQ(front(kX86_64, 101, {}), kAllow);  // ptrace: the filter behind denies it
  EXPECT_EQ(behind(kX86_64, 101, {}), fails_with(EPERM));
  EXPECT_EQ(front(AUDIT_ARCH_AARCH64, 98, {0, 0}), kAllow);  // another architecture: behind decides
  EXPECT_NE(behind(AUDIT_ARCH_AARCH64, 98, {0, 0}), kAllow);
  EXPECT_EQ(behind(kX86_64, 457, {}), fails_with(ENOSYS));  // the guard is there too
}

TEST(SeccompFilter, SocketsOfAnotherFamilyFailOnEveryTable) {
  constexpr std::uint32_t kSocket = 41, kSocketpair = 53, kI386Socketcall = 102, kI386Socketpair = 360;
  for (const std::uint32_t nr : {kSocket, kSocketpair}) {
    EXPECT_EQ(verdict(kX86_64, nr, {AF_UNIX}), kAllow);
    EXPECT_EQ(verdict(kX86_64, nr, {AF_INET}), fails_with(EAFNOSUPPORT));
    EXPECT_EQ(verdict(kX86_64, nr, {0x100000000ULL | AF_UNIX}), fails_with(EAFNOSUPPORT));
    EXPECT_EQ(verdict(kX86_64, kX32 | nr, {AF_INET}), fails_with(EAFNOSUPPORT));
  }
  EXPECT_EQ(verdict(kI386, kI386Socketpair, {AF_INET}), fails_with(EAFNOSUPPORT));
  EXPECT_EQ(verdict(kI386, kI386Socketcall, {8}), fails_with(EAFNOSUPPORT));  // SYS_SOCKETPAIR: family unseen
}

// A player's CPU mask is the match's (cpu_pin.hpp): setting it fails, on every table and behind
// the filter in front too; reading it runs (the runtimes size their thread pools by it).
TEST(SeccompFilter, SettingTheCpuMaskFailsAndReadingItRunsOnEveryTable) {
  constexpr std::uint32_t kSetaffinity = 203, kGetaffinity = 204, kI386Setaffinity = 241, kI386Getaffinity = 242;
  const std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>> tables = {
      {kX86_64, kSetaffinity, kGetaffinity},
      {kX86_64, kX32 | kSetaffinity, kX32 | kGetaffinity},
      {kI386, kI386Setaffinity, kI386Getaffinity}};
  for (const auto& [arch, set, get] : tables) {
    EXPECT_EQ(verdict(arch, set, {0, 128}), fails_with(EPERM)) << arch << " " << set;
    EXPECT_EQ(verdict_of(bot_seccomp_filter().behind_front, arch, set, {0, 128}), fails_with(EPERM))
        << arch << " " << set;
    EXPECT_EQ(verdict(arch, get, {0, 128}), kAllow) << arch << " " << get;
  }
}

TEST(SeccompFilter, AnotherArchitectureIsNotLetThrough) { EXPECT_NE(verdict(AUDIT_ARCH_AARCH64, 0), kAllow); }

// `denied` (the match log's "seccomp (N calls denied)") names only what the filter denies:
// every call it names alone is refused, with no argument, on a table that has it.
TEST(SeccompFilter, EveryCallTheDeniedListNamesIsDenied) {
  const auto& denied = bot_seccomp_filter().denied;
  int checked = 0;
  for (const std::string& name : denied) {
    if (name.find(' ') != std::string::npos) continue;  // "fcntl: …", "socket of a family …"
    const int x86_64 = seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86_64, name.c_str());
    const int i386 = seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86, name.c_str());
    ASSERT_TRUE(x86_64 >= 0 || i386 >= 0) << name << " is on no table";
    const std::uint32_t answer = x86_64 >= 0 ? verdict(kX86_64, static_cast<std::uint32_t>(x86_64))
                                             : verdict(kI386, static_cast<std::uint32_t>(i386));
    EXPECT_NE(answer, kAllow) << name;
    ++checked;
  }
  EXPECT_GT(checked, 100);
  for (const char* rule : {"socketpair of a family other than AF_UNIX", "fcntl: record and OFD locks",
                           "madvise: MADV_COLD, MADV_PAGEOUT", "any call this libseccomp does not know (ENOSYS)"}) {
    EXPECT_NE(std::find(denied.begin(), denied.end(), rule), denied.end()) << rule;
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::arbiter
