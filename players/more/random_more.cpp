// Sample More bot "random_more": a random legal move every turn. The randomness is seeded from its
// seed (`--seed N`, default 2017), the board's walls and the bot's colour: the same seed and board
// give the same game.
#include <functional>
#include <random>

#include "more_bot.hpp"
#include "seed_option.hpp"

int main(int argc, char** argv) {
  const std::uint64_t given = sample_bot::seed_option(argc, argv, 2017);
  std::mt19937_64 rng;
  bool seeded = false;
  return more_bot::play([&](const more_bot::Board& board, const more_bot::Stones& stones, int side) {
    if (!seeded) {
      std::uint64_t seed = given + static_cast<std::uint64_t>(side);
      for (int s = 0; s < more_bot::kSquares; ++s) {
        for (int d = 0; d < 4; ++d) seed = seed * 31U + static_cast<std::uint64_t>(board.wall(s, d));
      }
      rng.seed(seed);
      seeded = true;
    }
    const auto moves = more_bot::legal_moves(board, stones, side);
    return moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
  });
}
