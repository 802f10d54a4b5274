// A Susan program (run once per move) that, at its MOVE-th move (default 2), sleeps MS
// milliseconds (default 20000, more than the seed's 15 s a move) before it answers: TIJD OP.
//   susan_slow [MOVE [MS]]
#include <chrono>
#include <cstdlib>
#include <thread>

#include "../../players/susan/susan_rules.hpp"

using namespace susan_bot;

int main(int argc, char** argv) {
  const int slow_at = argc > 1 ? std::atoi(argv[1]) : 2;
  const int sleep_ms = argc > 2 ? std::atoi(argv[2]) : 20000;
  const auto game = read_game();
  if (!game) return 1;
  if (game->moves / 2 + 1 == slow_at) std::this_thread::sleep_for(std::chrono::milliseconds(sleep_ms));
  return write_move(move_text(regular_moves(*game).front())) ? 0 : 1;
}
