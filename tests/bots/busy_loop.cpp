// Plays correctly, then computes forever at turn K (argv[1], default 1): burns CPU, never answers.
#include "bot_protocol.hpp"

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  std::vector<std::string> lines;
  for (int turn = 1; bot::read_turn(lines); ++turn) {
    if (turn == k) {
      volatile unsigned long spin = 0;
      for (;;) spin = spin + 1;
    }
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
