// TOEVAL ("chance"), the random player the seeds' tournaments added to their field: a random
// allowed move, and when a piece fights, a random allowed role, each drawn as from the roles
// still to give (a rider five times as often as the general while all are left), as if a random
// setup were uncovered piece by piece. Its randomness comes from its seed, `--seed N` (default
// 2005): the same seed and the same game so far give the same move.
#include <cstdint>
#include <random>
#include <string>

#include "lamistra_bot.hpp"
#include "seed_option.hpp"

namespace {

using namespace lamistra_bot;

class Toeval : public Strategy {
 public:
  explicit Toeval(std::uint64_t seed) : rng_(seed) {}

  Move choose_move(const Game& game, int me) override {
    const auto moves = game.legal_moves(me);
    if (moves.empty()) return Move{};
    return moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng_)];
  }
  int attacker_role(const Game& game, int me, const Move& attack) override {
    return random_role(game, me, game.at(attack.from));
  }
  int defender_role(const Game& game, int me, const Move& attack) override {
    return random_role(game, me, game.at(attack.to));
  }

 private:
  // Weighted by the pieces of each role not yet given.
  int random_role(const Game& game, int me, int id) {
    const auto roles = game.allowed_claims(id);
    if (roles.size() == 1) return roles.front();
    std::vector<int> weights;
    for (const int role : roles) weights.push_back(kCount[role] - game.given(me, role));
    std::discrete_distribution<std::size_t> pick(weights.begin(), weights.end());
    return roles[pick(rng_)];
  }

  std::mt19937_64 rng_;
};

}  // namespace

int main(int argc, char** argv) {
  Toeval toeval(sample_bot::seed_option(argc, argv, 2005));
  return play(toeval);
}
