// Sample Lamistra bot: it weighs every move by what it expects to win or lose. A piece of the
// other side whose role is not known yet is taken to be any role it may still be given, as often
// as such roles are left (as if its setup were random); a piece of its own that fights gets the
// allowed role that does best against that. It attacks when the attack pays (an unmoved piece
// may be the flag), otherwise it moves pieces that have moved already toward the other side and
// away from pieces that would beat them. Equal moves are told apart by a draw from its seed
// (`--seed N`, default 2005): the same seed and game give the same moves.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "lamistra_bot.hpp"
#include "seed_option.hpp"

namespace {

using namespace lamistra_bot;

constexpr double kFlagValue = 1000.0;
// What a piece with a role is worth: the general most, the spy above the rider (it alone
// beats the general), a miner above a lieutenant's worth of reach (it alone clears bombs).
constexpr std::array<double, kRoles> kRoleValue = {kFlagValue, 3.0, 10.0, 8.0, 6.0, 5.5, 3.0, 4.0};

// The roles piece `id` may turn out to have, with their weights: its own, or those still to give.
std::vector<std::pair<int, double>> role_chances(const Game& game, int id) {
  std::vector<std::pair<int, double>> chances;
  const Piece& p = game.piece(id);
  if (p.role != kNone) return {{p.role, 1.0}};
  double total = 0;
  for (const int role : game.allowed_claims(id)) {
    const double weight = kCount[role] - game.given(p.side, role);
    chances.emplace_back(role, weight);
    total += weight;
  }
  for (auto& [role, weight] : chances) weight /= total;
  return chances;
}

// My gain when my piece as `my_role` meets theirs as `their_role`, by combat()'s result seen
// from my side (`attacking`: I attack).
double gain(int my_role, int their_role, bool attacking) {
  const int result = attacking ? combat(my_role, their_role) : -combat(their_role, my_role);
  const double lose_mine = kRoleValue[my_role];
  const double take_theirs = kRoleValue[their_role];
  if (result == 2) return kFlagValue;    // I took the flag
  if (result == -2) return -kFlagValue;  // they took mine
  if (result == 1) return take_theirs;
  if (result == -1) return -lose_mine;
  return take_theirs - lose_mine;
}

// The best role for my piece `mine` against `theirs` and what I expect of it.
std::pair<int, double> best_role(const Game& game, int mine, int theirs, bool attacking) {
  int best = kNone;
  double best_value = -std::numeric_limits<double>::infinity();
  const auto their_chances = role_chances(game, theirs);
  for (const int role : game.allowed_claims(mine)) {
    double value = 0;
    for (const auto& [their_role, chance] : their_chances) {
      value += chance * gain(role, their_role, attacking);
    }
    // A role given away is one less in reserve: spend the strong ones only when they pay.
    value -= 0.05 * kRoleValue[role];
    if (value > best_value) {
      best_value = value;
      best = role;
    }
  }
  return {best, best_value};
}

class Sensible : public Strategy {
 public:
  explicit Sensible(std::uint64_t seed) : state_(seed) {}

  Move choose_move(const Game& game, int me) override {
    const auto moves = game.legal_moves(me);
    Move best = moves.empty() ? Move{} : moves.front();
    double best_score = -std::numeric_limits<double>::infinity();
    for (const Move& m : moves) {
      const double score = game.is_attack(m) ? attack_score(game, me, m) : step_score(game, me, m);
      if (score > best_score) {
        best_score = score;
        best = m;
      }
    }
    return best;
  }

  int attacker_role(const Game& game, int /*me*/, const Move& attack) override {
    return best_role(game, game.at(attack.from), game.at(attack.to), true).first;
  }
  int defender_role(const Game& game, int /*me*/, const Move& attack) override {
    return best_role(game, game.at(attack.to), game.at(attack.from), false).first;
  }

 private:
  static double attack_score(const Game& game, int me, const Move& m) {
    // As attacker the piece counts as moved: judge its roles as the referee will.
    Game after = game;
    after.begin_attack(me, m);
    return best_role(after, after.at(m.from), after.at(m.to), true).second;
  }

  // What my piece on `square` should fear from the other side's neighbours: the worst they can do.
  static double threat(const Game& game, int me, int id, int square) {
    double worst = 0;
    for (int d = 0; d < 4; ++d) {
      const int from = neighbour(square, d);
      if (from == kNone || game.at(from) == kNone) continue;
      const int enemy = game.at(from);
      if (game.piece(enemy).side == me) continue;
      const int enemy_role = game.piece(enemy).role;
      if (enemy_role != kNone && !moving_role(enemy_role)) continue;  // a bomb never attacks
      // Their best attack on me, as I would defend with my best role.
      const double value = best_role(game, id, enemy, false).second;
      worst = std::min(worst, value);
    }
    return worst;
  }

  double step_score(const Game& game, int me, const Move& m) {
    const int id = game.at(m.from);
    const Piece& p = game.piece(id);
    Game after = game;
    after.move(me, m);
    double score = threat(after, me, id, m.to) - threat(game, me, id, m.from);
    // Toward the nearest piece of the other side, the more for a strong or unknown piece.
    int before = kSquares;
    int now = kSquares;
    for (const Piece& other : game.pieces()) {
      if (other.side == me || other.square == kNone) continue;
      before = std::min(before, distance(m.from, other.square));
      now = std::min(now, distance(m.to, other.square));
    }
    const bool weak = p.role != kNone && kRank[p.role] >= 5;
    score += (before - now) * (weak ? 0.3 : 1.0);
    // Keep unmoved pieces unmoved while others can go: they may still be bombs or the flag.
    if (!p.moved) score -= game.movers(me) >= 10 ? 1.5 : 0.5;
    // A little variety, the same in every run, so that two equal moves do not loop.
    state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
    score += static_cast<double>(state_ >> 40) / static_cast<double>(1ULL << 24) * 0.3;
    return score;
  }

  std::uint64_t state_;
};

}  // namespace

int main(int argc, char** argv) {
  Sensible bot(sample_bot::seed_option(argc, argv, 2005));
  return play(bot);
}
