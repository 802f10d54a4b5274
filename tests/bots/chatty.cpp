// Plays correctly and tells on stderr what it does, a line per turn ("chatty turn N: read
// LINE, answering MOVE") as a bot author's debugging prints would; at turn K (argv[1], default
// 0: never) it answers the line argv[2] (default "FFX") instead and goes on playing.
#include <string>

#include "bot_protocol.hpp"

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 0);
  const std::string bad = bot::arg_str(argc, argv, 2, "FFX");
  std::vector<std::string> lines;
  for (int turn = 1; bot::read_turn(lines); ++turn) {
    const std::string move = turn == k ? bad : bot::move_for(lines);
    bot::write_all(2, "chatty turn " + std::to_string(turn) + ": read " + lines.front() + ", answering " + move + "\n");
    bot::answer(move);
  }
  return 0;
}
