// Plays correctly, then dies of a signal at turn K (argv[1], default 1) after reading the
// input: argv[2] = abort (SIGABRT, default), segv (SIGSEGV) or kill (SIGKILL).
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
        // As if it wrote through a bad pointer; raised, so that a sanitizer build of this bot
        // dies of it too instead of reporting it and exiting 1.
        std::signal(SIGSEGV, SIG_DFL);
        std::raise(SIGSEGV);
      }
      if (how == "kill") ::raise(SIGKILL);
      std::abort();
    }
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
