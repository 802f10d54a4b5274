// Plays correctly, then at turn K (argv[1], default 1) writes 'F' to stdout forever, never a
// newline (blocking when the pipe is full).
#include "bot_protocol.hpp"

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  std::vector<std::string> lines;
  const std::string block(65536, 'F');
  for (int turn = 1; bot::read_turn(lines); ++turn) {
    if (turn == k) {
      for (;;) bot::write_all(1, block);
    }
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
