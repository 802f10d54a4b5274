// Plays correctly, then at turn K (argv[1], default 1) writes argv[2] (default 257) 'F'
// characters without a newline and sleeps: a judge that waits for the newline hangs.
#include "bot_protocol.hpp"

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const int count = bot::arg_int(argc, argv, 2, 257);
  std::vector<std::string> lines;
  for (int turn = 1; bot::read_turn(lines); ++turn) {
    if (turn == k) {
      bot::write_all(1, std::string(static_cast<std::size_t>(count), 'F'));
      bot::sleep_forever();
    }
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
