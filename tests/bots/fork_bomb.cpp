// Attack: at turn K (argv[1]) forks until fork fails, every child forking on too (the
// classic bomb, growing exponentially) before it sleeps; at most argv[2] (default 100000) forks
// by the main process, so that an unlimited machine is not brought down by a test. Reports
// "fork_bomb: N children, then: error" (or "then: stopped"), then plays on: its children sleep
// and cost no CPU.
#include <unistd.h>

#include "attack.hpp"

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const int most = bot::arg_int(argc, argv, 2, 100000);
  const int turns = bot::arg_int(argc, argv, 3, 150);
  return bot::play_and_attack(k, turns, [&] {
    int children = 0;
    std::string then = "stopped";
    while (children < most) {
      const pid_t pid = ::fork();
      if (pid == 0) {
        ::close(0);  // the children must not read the judge's input
        ::close(1);
        if (::fork() == 0) bot::sleep_forever();
        bot::sleep_forever();
      }
      if (pid < 0) {
        then = std::strerror(errno);
        break;
      }
      ++children;
    }
    bot::report("fork_bomb: " + std::to_string(children) + " children, then: " + then);
  });
}
