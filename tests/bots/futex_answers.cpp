// Probe: at turn K (argv[1]) makes futex waits that the kernel answers at once (a bad timeout,
// bitset, clock or word, a word that changed, a timeout passed) twice: shared, which the sandbox
// sends to the judge (futex_wait_server.hpp), and private, which goes to the kernel as it is.
// The judge must answer as the kernel does. Reports, on stderr, for each case:
//   "futex_answers: CASE: shared ERRNO private ERRNO" ("ok" when it returned 0),
// and for a wait the kernel would sleep in for ever (a timeout beyond its clock), which only the
// shared call can be asked: "futex_answers: CASE: shared ERRNO". Then plays on.
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdint>
#include <functional>

#include "attack.hpp"

namespace {

constexpr long kX32Bit = 0x40000000;
// A page below mmap_min_addr, never mapped: aligned, so the kernel gets as far as reading it.
auto* const kUnmapped = reinterpret_cast<std::uint32_t*>(0x1000);

struct Call {
  long nr = SYS_futex;
  std::uint32_t* word = nullptr;
  int op = FUTEX_WAIT;
  std::uint32_t expected = 0;
  const void* timeout = nullptr;
  std::uint32_t bitset = FUTEX_BITSET_MATCH_ANY;
};

std::string answer_of(const Call& c, bool private_flag) {
  errno = 0;
  const long result =
      ::syscall(c.nr, c.word, c.op | (private_flag ? FUTEX_PRIVATE_FLAG : 0), c.expected, c.timeout, nullptr, c.bitset);
  return result >= 0 ? "ok" : bot::errno_name(errno);
}

void both(const std::string& name, const Call& c) {
  bot::report("futex_answers: " + name + ": shared " + answer_of(c, false) + " private " + answer_of(c, true));
}

}  // namespace

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const int turns = bot::arg_int(argc, argv, 2, 150);
  return bot::play_and_attack(k, turns, [] {
    alignas(8) static std::uint32_t words[2] = {1, 1};
    std::uint32_t* const word = &words[0];
    auto* const misaligned = reinterpret_cast<std::uint32_t*>(reinterpret_cast<char*>(word) + 1);
    static const timespec kNegativeSeconds{-1, 0}, kNanosecondsTooMany{0, 1'000'000'000}, kNegativeNanoseconds{0, -1},
        kLongPast{0, 0}, kOneMicrosecond{0, 1000}, kForever{LLONG_MAX, 0}, kForeverNanoseconds{LLONG_MAX, 999'999'999};
    const auto* const unreadable = reinterpret_cast<const timespec*>(kUnmapped);
    both("the word changed", {SYS_futex, word, FUTEX_WAIT, 0});
    both("the word changed, bitset", {SYS_futex, word, FUTEX_WAIT_BITSET, 0});
    both("a misaligned word", {SYS_futex, misaligned, FUTEX_WAIT, 1});
    both("an unmapped word", {SYS_futex, kUnmapped, FUTEX_WAIT, 1});
    both("an unreadable timeout", {SYS_futex, word, FUTEX_WAIT, 1, unreadable});
    both("tv_sec -1", {SYS_futex, word, FUTEX_WAIT, 1, &kNegativeSeconds});
    both("tv_sec -1, bitset", {SYS_futex, word, FUTEX_WAIT_BITSET, 1, &kNegativeSeconds});
    both("tv_nsec 1e9", {SYS_futex, word, FUTEX_WAIT, 1, &kNanosecondsTooMany});
    both("tv_nsec -1, bitset", {SYS_futex, word, FUTEX_WAIT_BITSET, 1, &kNegativeNanoseconds});
    both("a bad timeout before a changed word", {SYS_futex, word, FUTEX_WAIT, 0, &kNegativeSeconds});
    both("bitset 0", {SYS_futex, word, FUTEX_WAIT_BITSET, 1, nullptr, 0});
    both("bitset 0 and a misaligned word", {SYS_futex, misaligned, FUTEX_WAIT_BITSET, 1, nullptr, 0});
    both("FUTEX_WAIT with FUTEX_CLOCK_REALTIME", {SYS_futex, word, FUTEX_WAIT | FUTEX_CLOCK_REALTIME, 1});
    both("tv_sec INT64_MAX, the word changed", {SYS_futex, word, FUTEX_WAIT, 0, &kForever});
    both("tv_sec INT64_MAX, the word changed, bitset", {SYS_futex, word, FUTEX_WAIT_BITSET, 0, &kForeverNanoseconds});
    both("a relative timeout passed", {SYS_futex, word, FUTEX_WAIT, 1, &kOneMicrosecond});
    both("an absolute timeout passed", {SYS_futex, word, FUTEX_WAIT_BITSET, 1, &kLongPast});
    both("an absolute timeout passed, realtime",
         {SYS_futex, word, FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME, 1, &kLongPast});
    // x32's futex (the same number with the x32 bit): what a kernel without x32 answers any x32
    // call, or x86-64's answers where it runs them.
    both("x32: the word changed", {kX32Bit | SYS_futex, word, FUTEX_WAIT, 0});
    both("x32: tv_sec -1", {kX32Bit | SYS_futex, word, FUTEX_WAIT, 1, &kNegativeSeconds});
    both("x32: an absolute timeout passed", {kX32Bit | SYS_futex, word, FUTEX_WAIT_BITSET, 1, &kLongPast});
    // Only shared: the kernel would wait for ever (a spurious wake-up is all the judge may give).
    bot::report("futex_answers: tv_sec INT64_MAX: shared " +
                answer_of({SYS_futex, word, FUTEX_WAIT, 1, &kForever}, false));
    bot::report("futex_answers: tv_sec INT64_MAX, bitset: shared " +
                answer_of({SYS_futex, word, FUTEX_WAIT_BITSET, 1, &kForeverNanoseconds}, false));
  });
}
