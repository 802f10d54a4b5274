// Plays correctly, then exits with status argv[2] (default 0) at turn K (argv[1], default 1)
// after reading the input, without answering.
#include "bot_protocol.hpp"

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const int code = bot::arg_int(argc, argv, 2, 0);
  std::vector<std::string> lines;
  for (int turn = 1; bot::read_turn(lines); ++turn) {
    if (turn == k) return code;
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
