// Plays correctly, and at every turn runs a child process that burns argv[1] ms (default 20) of
// its own CPU and exits, waits for it, then answers: a bot that spends its time in helper
// processes. Only a judge that counts a player's child processes charges that time.
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bot_protocol.hpp"

namespace {

void burn(int ms) {
  timespec start{}, now{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start);
  volatile unsigned long spin = 0;
  do {
    for (int i = 0; i < 100000; ++i) spin = spin + 1;
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  } while ((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000 < ms);
}

}  // namespace

int main(int argc, char** argv) {
  const int ms = bot::arg_int(argc, argv, 1, 20);
  std::vector<std::string> lines;
  while (bot::read_turn(lines)) {
    const pid_t child = ::fork();
    if (child == 0) {
      burn(ms);
      ::_exit(0);
    }
    if (child > 0) ::waitpid(child, nullptr, 0);
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
