// Attack: at turn K (argv[1]) forks a child that leaves the process group and the session
// (setsid) and computes forever, to steal CPU while the opponent is on turn. At its last turn
// (argv[2]) the bot reports
//   "thief: between my turns MS ms over N gaps, during my turns MS ms, child alive|gone"
// "Between" is the time the child ran while the bot was between two turns (paused, if the
// judge can pause it): it must be ~0.
//
// The measurement does not use the child's CPU clock: for another process the kernel updates
// it only at scheduler ticks (4 ms at HZ=250), far too coarse for sub-millisecond turns. The
// child itself counts the time it runs instead: it reads CLOCK_MONOTONIC in a tight loop and
// adds every step shorter than 100 µs (a longer step means it was stopped or preempted) to a
// counter in memory it shares with the bot, which reads it at the start of each turn (input
// read) and at the end (before answering).
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdint>

#include "attack.hpp"

namespace {

std::uint64_t now_ns() {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000U + static_cast<std::uint64_t>(ts.tv_nsec);
}

[[noreturn]] void count_running_time(std::atomic<std::uint64_t>* ran) {
  std::uint64_t last = now_ns();
  for (;;) {
    const std::uint64_t now = now_ns();
    if (now - last < 100'000)
      ran->store(ran->load(std::memory_order_relaxed) + (now - last), std::memory_order_relaxed);
    last = now;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const int turns = bot::arg_int(argc, argv, 2, 150);
  auto* ran = static_cast<std::atomic<std::uint64_t>*>(
      ::mmap(nullptr, sizeof(std::atomic<std::uint64_t>), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
  if (ran == MAP_FAILED) return 1;
  new (ran) std::atomic<std::uint64_t>(0);
  pid_t child = -1;
  double between = 0, during = 0, last_end = 0;
  int gaps = 0;
  const auto ran_ms = [&] { return static_cast<double>(ran->load()) / 1e6; };
  std::vector<std::string> lines;
  for (int turn = 1; turn <= turns && bot::read_turn(lines); ++turn) {
    if (turn == k) {
      child = ::fork();
      if (child == 0) {
        ::setsid();
        ::close(0);
        ::close(1);
        count_running_time(ran);
      }
    }
    if (child > 0) {
      const double start = ran_ms();
      if (turn > k) {
        between += start - last_end;
        ++gaps;
      }
      // A little work of its own (well under a millisecond), so that the child runs during
      // the bot's turns too: proof that it is alive and counting.
      volatile unsigned long spin = 0;
      for (int i = 0; i < 200000; ++i) spin = spin + 1;
      last_end = ran_ms();
      during += last_end - start;
    }
    if (turn == turns && child > 0) {
      bot::report("thief: between my turns " + std::to_string(between) + " ms over " + std::to_string(gaps) +
                  " gaps, during my turns " + std::to_string(during) + " ms, child " +
                  (::kill(child, 0) == 0 ? "alive" : "gone"));
    }
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
