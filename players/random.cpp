// Sample bot "random": every turn a random line of 1..8 letters from F, T, L, R.
// It knows nothing about the maze; it is the baseline every other bot should beat.
// Usage: random [--seed N] (or a bare number); the default seed makes games reproducible.
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <string_view>

#include "protocol.hpp"

namespace {

std::uint64_t parse_seed(int argc, char** argv) {
  std::uint64_t seed = 20100101;  // fixed default: the same game every time
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--seed" && i + 1 < argc) {
      seed = std::strtoull(argv[++i], nullptr, 10);
    } else if (!arg.empty() && arg.find_first_not_of("0123456789") == std::string_view::npos) {
      seed = std::strtoull(argv[i], nullptr, 10);
    }
  }
  return seed;
}

}  // namespace

int main(int argc, char** argv) {
  amazes_bot::init_io();
  std::mt19937_64 rng(parse_seed(argc, argv));
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
