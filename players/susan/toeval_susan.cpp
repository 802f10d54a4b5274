// TOEVAL, the random player of the NIO tournaments (docs/susan-rules.md §7): it lists every
// move the jury takes without an irregular end and plays one at random. Run once per move: it
// reads SPEL.IN and writes SPEL.UIT in the current folder.
//   toeval_susan [--seed N]   the same seed (default 2001) and the same game so far give the same
//                             move: a game is played again by the same commands.
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "seed_option.hpp"
#include "susan_rules.hpp"

using namespace susan_bot;

int main(int argc, char** argv) {
  const auto game = read_game();
  if (!game) {
    std::cerr << "toeval_susan: cannot read the game from SPEL.IN\n";
    return 1;
  }
  const std::vector<Move> choices = regular_moves(*game);
  // The seed and the position's move number: a game's moves are not all the same draw.
  std::mt19937_64 rng(sample_bot::seed_option(argc, argv, 2001) * 1000003ULL + static_cast<std::uint64_t>(game->moves));
  const Move move = choices[std::uniform_int_distribution<std::size_t>(0, choices.size() - 1)(rng)];
  return write_move(move_text(move)) ? 0 : 1;
}
