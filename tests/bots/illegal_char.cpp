// Plays correctly, then at turn K (argv[1], default 1) answers the line argv[2] (default "f",
// lowercase) — or any other line with a character outside F T L R — and goes on playing.
#include "bot_protocol.hpp"

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const std::string bad = bot::arg_str(argc, argv, 2, "f");
  std::vector<std::string> lines;
  for (int turn = 1; bot::read_turn(lines); ++turn) bot::answer(turn == k ? bad : bot::move_for(lines));
  return 0;
}
