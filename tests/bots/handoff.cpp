// Plays correctly; at turn K (argv[1], default 1) forks and the parent exits without
// answering, while the child answers in its place and plays on, exiting after the last turn.
// The player's process has exited before its last turn: a crash (docs/rules.md §4.3), at turn K,
// or at K+1 when the child's line arrives before the judge sees the exit.
#include <unistd.h>

#include <sched.h>

#include "bot_protocol.hpp"

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  std::vector<std::string> lines;
  for (int turn = 1; bot::read_turn(lines); ++turn) {
    if (turn == k) {
      const pid_t parent = ::getpid();
      if (::fork() != 0) return 0;
      while (::getppid() == parent) ::sched_yield();  // answer only once the parent is gone
    }
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
