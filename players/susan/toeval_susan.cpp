// TOEVAL, the random player of the NIO tournaments (docs/susan-rules.md §7): it lists every
// move the jury takes without an irregular end and plays one at random. Run once per move: it
// reads SPEL.IN and writes SPEL.UIT in the current folder.
//   toeval_susan [SEED]   with a seed, the same game so far gives the same move (for tests);
//                         without, each run draws its own.
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "susan_rules.hpp"

using namespace susan_bot;

int main(int argc, char** argv) {
  const auto game = read_game();
  if (!game) {
    std::cerr << "toeval_susan: cannot read the game from SPEL.IN\n";
    return 1;
  }
  const std::vector<Move> choices = regular_moves(*game);
  std::uint64_t seed = std::random_device{}();
  if (argc > 1) {
    // The seed and the position's move number: a game's moves are not all the same draw.
    seed = std::strtoull(argv[1], nullptr, 10) * 1000003ULL + static_cast<std::uint64_t>(game->moves);
  }
  std::mt19937_64 rng(seed);
  const Move move = choices[std::uniform_int_distribution<std::size_t>(0, choices.size() - 1)(rng)];
  return write_move(move_text(move)) ? 0 : 1;
}
