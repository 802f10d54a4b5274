// A shared futex wait read as the kernel reads it (src/arbiter/sandbox/futex_wait_call.hpp), on
// every table the filter sends: x86-64, i386 (whose calls this machine may not run, so only here
// are they seen) and x32. The same answers at work against the kernel's own:
// SandboxFutexChannel.TheJudgeAnswersASharedWaitAsTheKernelAnswersAPrivateOne.
#include <gtest/gtest.h>
#include <linux/audit.h>

#include <time.h>

#include <cerrno>
#include <cstring>
#include <limits>
#include <variant>
#include <vector>

#include "arbiter/sandbox/futex_wait_call.hpp"

namespace amazes::arbiter {
namespace AMAZES_FILE_NAMESPACE {

constexpr std::uint32_t kFutex = 202, kI386Futex = 240, kI386FutexTime64 = 422, kX32 = 0x40000000;
constexpr std::uint64_t kWait = 0, kWaitBitset = 9, kClockRealtime = 256, kAny = 0xffffffff;
constexpr std::uint64_t kWord = 0x10000, kTimeout = 0x20000;

// A thread's memory holding one timeout's bytes at kTimeout, and nothing else.
struct Memory {
  std::vector<unsigned char> timeout;
  bool read(std::uint64_t address, void* into, std::size_t size) const {
    if (address != kTimeout || size > timeout.size()) return false;
    std::memcpy(into, timeout.data(), size);
    return true;
  }
};

template <class T>
Memory holding(T first, T second) {
  Memory memory;
  memory.timeout.resize(2 * sizeof(T));
  std::memcpy(memory.timeout.data(), &first, sizeof first);
  std::memcpy(memory.timeout.data() + sizeof first, &second, sizeof second);
  return memory;
}

std::variant<int, FutexWait> read(std::uint32_t arch, std::uint32_t nr, std::uint64_t op, std::uint64_t timeout,
                                  const Memory& memory, std::uint64_t word = kWord, std::uint64_t bitset = kAny,
                                  bool x32_runs = false, FutexClock::time_point now = FutexClock::now()) {
  seccomp_data call{};
  call.arch = arch;
  call.nr = static_cast<int>(nr);
  call.args[0] = word;
  call.args[1] = op;
  call.args[2] = 7;
  call.args[3] = timeout;
  call.args[5] = bitset;
  const auto reader = [&memory](std::uint64_t address, void* into, std::size_t size) {
    return memory.read(address, into, size);
  };
  return read_futex_wait(call, reader, x32_runs, now);
}

int error_of(const std::variant<int, FutexWait>& answer) {
  return std::holds_alternative<int>(answer) ? std::get<int>(answer) : 0;
}

TEST(FutexWaitCall, AValidWaitIsServedWithItsWordValueAndDeadline) {
  const Memory none;
  const auto wait = read(AUDIT_ARCH_X86_64, kFutex, kWait, 0, none);
  ASSERT_TRUE(std::holds_alternative<FutexWait>(wait));
  EXPECT_EQ(std::get<FutexWait>(wait).word, kWord);
  EXPECT_EQ(std::get<FutexWait>(wait).expected, 7U);
  EXPECT_FALSE(std::get<FutexWait>(wait).deadline.has_value());
  const auto before = FutexClock::now();
  const auto timed = read(AUDIT_ARCH_X86_64, kFutex, kWait, kTimeout, holding<std::int64_t>(2, 0));
  ASSERT_TRUE(std::holds_alternative<FutexWait>(timed));
  const auto deadline = *std::get<FutexWait>(timed).deadline;
  EXPECT_GE(deadline, before + std::chrono::seconds(2));
  EXPECT_LT(deadline, FutexClock::now() + std::chrono::seconds(3));
}

TEST(FutexWaitCall, AnAbsoluteTimeoutIsNeverAnsweredBeforeItsClockReachesIt) {
  // The moment the bot's clock reaches its deadline, counted on the judge's clock from a reading
  // taken before the bot's clock was read: the deadline may not be earlier, even when the judge
  // read its `now` long before it looked at the call (preempted in between).
  const auto before = FutexClock::now();
  timespec realtime{};
  ::clock_gettime(CLOCK_REALTIME, &realtime);
  const auto wait = read(AUDIT_ARCH_X86_64, kFutex, kWaitBitset | kClockRealtime, kTimeout,
                         holding<std::int64_t>(realtime.tv_sec + 2, realtime.tv_nsec), kWord, kAny, false,
                         before - std::chrono::seconds(1));
  ASSERT_TRUE(std::holds_alternative<FutexWait>(wait));
  EXPECT_GE(*std::get<FutexWait>(wait).deadline, before + std::chrono::seconds(2));
}

TEST(FutexWaitCall, BadArgumentsGetTheKernelsErrorsInItsOrder) {
  const Memory none;
  const auto x86_64 = [&](std::uint64_t op, const Memory& memory, std::uint64_t timeout = kTimeout,
                          std::uint64_t word = kWord, std::uint64_t bitset = kAny) {
    return error_of(read(AUDIT_ARCH_X86_64, kFutex, op, timeout, memory, word, bitset));
  };
  EXPECT_EQ(x86_64(kWait, none), -EFAULT);  // the timeout cannot be read
  EXPECT_EQ(x86_64(kWait, holding<std::int64_t>(-1, 0)), -EINVAL);
  EXPECT_EQ(x86_64(kWait, holding<std::int64_t>(0, -1)), -EINVAL);
  EXPECT_EQ(x86_64(kWait, holding<std::int64_t>(0, 1'000'000'000)), -EINVAL);
  EXPECT_EQ(x86_64(kWaitBitset, holding<std::int64_t>(0, 999'999'999)), 0);
  // The timeout is read before the clock flag, the bitset and the word are looked at.
  EXPECT_EQ(x86_64(kWait | kClockRealtime, holding<std::int64_t>(-1, 0), kTimeout, kWord + 1, 0), -EINVAL);
  EXPECT_EQ(x86_64(kWait | kClockRealtime, none, 0), -ENOSYS);
  EXPECT_EQ(x86_64(kWaitBitset | kClockRealtime, none, 0), 0);
  EXPECT_EQ(x86_64(kWaitBitset, none, 0, kWord, 0), -EINVAL);
  EXPECT_EQ(x86_64(kWait, none, 0, kWord, 0), 0);  // FUTEX_WAIT takes no bitset
  for (const std::uint64_t word : {kWord + 1, kWord + 2, kWord + 3}) EXPECT_EQ(x86_64(kWait, none, 0, word), -EINVAL);
  // The upper half of the bitset's register is not the kernel's u32.
  EXPECT_EQ(x86_64(kWaitBitset, none, 0, kWord, 0x100000000ULL), -EINVAL);
}

TEST(FutexWaitCall, ATimeoutBeyondTheKernelsClockNeverPasses) {
  const std::int64_t forever = std::numeric_limits<std::int64_t>::max();
  for (const std::uint64_t op : {kWait, kWaitBitset, kWaitBitset | kClockRealtime}) {
    const auto wait = read(AUDIT_ARCH_X86_64, kFutex, op, kTimeout, holding<std::int64_t>(forever, 999'999'999));
    ASSERT_TRUE(std::holds_alternative<FutexWait>(wait)) << op;
    EXPECT_FALSE(std::get<FutexWait>(wait).deadline.has_value()) << op;
  }
  // An absolute moment long past has passed.
  const auto past = read(AUDIT_ARCH_X86_64, kFutex, kWaitBitset, kTimeout, holding<std::int64_t>(0, 0));
  ASSERT_TRUE(std::holds_alternative<FutexWait>(past));
  EXPECT_LE(*std::get<FutexWait>(past).deadline, FutexClock::now());
}

TEST(FutexWaitCall, I386sFutexReadsA32BitTimeoutAndFutexTime64ADroppedPadding) {
  // futex: two int32, each sign-extended: -1 nanoseconds is invalid.
  EXPECT_EQ(error_of(read(AUDIT_ARCH_I386, kI386Futex, kWait, kTimeout, holding<std::int32_t>(1, -1))), -EINVAL);
  EXPECT_EQ(error_of(read(AUDIT_ARCH_I386, kI386Futex, kWait, kTimeout, holding<std::int32_t>(-1, 0))), -EINVAL);
  EXPECT_EQ(error_of(read(AUDIT_ARCH_I386, kI386Futex, kWait, kTimeout, holding<std::int32_t>(1, 5))), 0);
  // futex_time64 and x32: the upper half of the nanoseconds is padding.
  const auto padded = holding<std::int64_t>(1, 0x100000005LL);
  EXPECT_EQ(error_of(read(AUDIT_ARCH_I386, kI386FutexTime64, kWait, kTimeout, padded)), 0);
  EXPECT_EQ(error_of(read(AUDIT_ARCH_X86_64, kX32 | kFutex, kWait, kTimeout, padded, kWord, kAny, true)), 0);
  EXPECT_EQ(error_of(read(AUDIT_ARCH_X86_64, kFutex, kWait, kTimeout, padded)), -EINVAL);
  EXPECT_EQ(error_of(read(AUDIT_ARCH_I386, kI386Futex, kWait, 0, Memory{}, kWord + 2)), -EINVAL);
}

TEST(FutexWaitCall, AnX32CallGetsEnosysWhereTheKernelRunsNone) {
  const Memory none;
  EXPECT_EQ(error_of(read(AUDIT_ARCH_X86_64, kX32 | kFutex, kWait, 0, none)), -ENOSYS);
  EXPECT_EQ(error_of(read(AUDIT_ARCH_X86_64, kX32 | kFutex, kWait, kTimeout, holding<std::int64_t>(-1, 0))), -ENOSYS);
  EXPECT_EQ(error_of(read(AUDIT_ARCH_X86_64, kX32 | kFutex, kWait, 0, none, kWord, kAny, true)), 0);
  EXPECT_EQ(error_of(read(AUDIT_ARCH_X86_64, kX32 | kFutex, kWait, kTimeout, holding<std::int64_t>(-1, 0), kWord, kAny,
                          true)),
            -EINVAL);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::arbiter
