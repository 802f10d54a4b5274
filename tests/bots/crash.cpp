// Plays correctly, then dies of a signal at turn K (argv[1], default 1) after reading the
// input: argv[2] = abort (SIGABRT, default), segv (a real invalid write) or kill (SIGKILL).
#include <csignal>
#include <cstring>

#include "bot_protocol.hpp"

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const std::string how = bot::arg_str(argc, argv, 2, "abort");
  std::vector<std::string> lines;
  for (int turn = 1; bot::read_turn(lines); ++turn) {
    if (turn == k) {
      if (how == "segv") {
        volatile int* nowhere = nullptr;
        *nowhere = 1;
      }
      if (how == "kill") ::raise(SIGKILL);
      std::abort();
    }
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
