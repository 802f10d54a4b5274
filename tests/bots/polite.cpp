// A well-behaved bot: answers every turn with F (or T facing a wall), exits after its last turn
// (argv[1], default 150), on "Quit" and at end of input. With argv[2] = MS it sleeps that long
// before each answer (a slow opponent, using no CPU).
#include <time.h>

#include "bot_protocol.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const int turns = bot::arg_int(argc, argv, 1, 150);
  const int sleep_ms = bot::arg_int(argc, argv, 2, 0);
  std::vector<std::string> lines;
  for (int turn = 1; turn <= turns && bot::read_turn(lines); ++turn) {
    if (sleep_ms > 0) {
      const timespec pause{sleep_ms / 1000, (sleep_ms % 1000) * 1'000'000L};
      ::nanosleep(&pause, nullptr);
    }
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
