// Plays correctly; at turn K (argv[1], default 1) forks a child that sleeps forever holding
// stdin, stdout and stderr open. Then the parent (argv[2]):
//   exit  — exits 0 without answering (default);
//   crash — aborts without answering;
//   play  — answers and plays on, exiting after its last turn (argv[3], default 150).
#include <cstdlib>

#include "bot_protocol.hpp"

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const std::string then = bot::arg_str(argc, argv, 2, "exit");
  const int turns = bot::arg_int(argc, argv, 3, 150);
  std::vector<std::string> lines;
  for (int turn = 1; turn <= turns && bot::read_turn(lines); ++turn) {
    if (turn == k) {
      if (::fork() == 0) bot::sleep_forever();
      if (then == "exit") return 0;
      if (then == "crash") std::abort();
    }
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
