// Sample bot "random": every turn a random line of 1..8 letters from F, T, L, R.
// It knows nothing about the maze; it is the baseline every other bot should beat.
// Usage: random [--seed N] (or a bare number); the default seed makes games reproducible.
#include <random>
#include <string>

#include "protocol.hpp"
#include "seed_option.hpp"

int main(int argc, char** argv) {
  amazes_bot::init_io();
  std::mt19937_64 rng(sample_bot::seed_option(argc, argv, 20100101));
  amazes_bot::TurnInput turn;
  for (int t = 1; t <= amazes_bot::kTurns; ++t) {
    if (!amazes_bot::read_turn(turn)) return 0;
    const int length = 1 + static_cast<int>(rng() % 8);
    std::string line;
    for (int i = 0; i < length; ++i) line += "FTLR"[rng() % 4];
    amazes_bot::write_move(line);
  }
  return 0;  // after the last turn: exit by ourselves, do not wait for "Quit"
}
