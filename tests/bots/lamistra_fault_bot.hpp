#pragma once
// What the Lamistra fault bots share: the sample bots' model of the game
// (players/lamistra/lamistra_bot.hpp) and a plain player that each bot bends to commit its
// one fault. The plain player makes the first allowed move that does not attack, and gives a
// fighting piece the first allowed role but the flag.
#include <vector>

#include "../../players/lamistra/lamistra_bot.hpp"

namespace lamistra_fault {

using namespace lamistra_bot;

inline int honest_role(const Game& game, int id) {
  const auto roles = game.allowed_claims(id);
  for (const int role : roles) {
    if (role != kFlag) return role;
  }
  return roles.front();
}

// The first of `moves` that does not attack, else the first.
inline Move first_quiet(const Game& game, const std::vector<Move>& moves) {
  for (const Move& m : moves) {
    if (!game.is_attack(m)) return m;
  }
  return moves.empty() ? Move{} : moves.front();
}

class PlainPlayer : public Strategy {
 public:
  Move choose_move(const Game& game, int me) override { return first_quiet(game, game.legal_moves(me)); }
  int attacker_role(const Game& game, int /*me*/, const Move& attack) override {
    return honest_role(game, game.at(attack.from));
  }
  int defender_role(const Game& game, int /*me*/, const Move& attack) override {
    return honest_role(game, game.at(attack.to));
  }
};

}  // namespace lamistra_fault
