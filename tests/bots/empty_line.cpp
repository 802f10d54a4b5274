// Plays correctly, then answers an empty line at turn K (argv[1], default 1) and goes on.
#include "bot_protocol.hpp"

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  std::vector<std::string> lines;
  for (int turn = 1; bot::read_turn(lines); ++turn) bot::answer(turn == k ? "" : bot::move_for(lines));
  return 0;
}
