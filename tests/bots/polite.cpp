// A well-behaved bot: answers every turn at once with F (or T facing a wall), exits after its
// last turn (argv[1], default 150), on "Quit" and at end of input.
#include "bot_protocol.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const int turns = bot::arg_int(argc, argv, 1, 150);
  std::vector<std::string> lines;
  for (int turn = 1; turn <= turns && bot::read_turn(lines); ++turn) bot::answer(bot::move_for(lines));
  return 0;
}
