// Attack: keeps the judge's futex server (src/arbiter/sandbox/futex_wait_server.hpp) as busy as it
// can. THREADS threads each wait, shared, on a word of their own, again and again for as long as
// the bot runs: half pass the word's value (looked at until the 50 ms answer), half a wrong one
// (answered at once: the word "changed"), so that the server both holds many waits and answers
// as fast as it is asked. The main thread plays, MS ms into each turn.
// Usage: futex_flood THREADS MS TURNS
// Reports on stderr "flood: N waits answered" at the end.
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <ctime>
#include <thread>

#include "attack.hpp"

namespace {

std::atomic<long> answered{0};

[[noreturn]] void wait_again_and_again(int index) {
  alignas(64) std::uint32_t word = 7;
  const std::uint32_t expected = index % 2 == 0 ? word : word + 1;
  for (;;) {
    ::syscall(SYS_futex, &word, FUTEX_WAIT, expected, nullptr, nullptr, 0);
    ++answered;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int threads = bot::arg_int(argc, argv, 1, 64);
  const long ms = bot::arg_int(argc, argv, 2, 50);
  const int turns = bot::arg_int(argc, argv, 3, 4);
  for (int i = 0; i < threads; ++i) std::thread(wait_again_and_again, i).detach();
  std::vector<std::string> lines;
  for (int turn = 1; turn <= turns && bot::read_turn(lines); ++turn) {
    const timespec pause{0, ms * 1000000L};
    ::nanosleep(&pause, nullptr);
    bot::answer(bot::move_for(lines));
  }
  bot::report("flood: " + std::to_string(answered.load()) + " waits answered");
  std::_Exit(0);
}
