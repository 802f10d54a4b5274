// A Lamistra bot that lies about a role: it drives its d-file piece (d3 for red, d5 for blue)
// straight at the other side, and at its first fight names that moved piece a bomb, which a
// piece that moves never is. The fight comes by its second move at the latest: the piece
// facing it on the d-file can go nowhere but onto it. The referee's false claim, and the loss.
#include "lamistra_fault_bot.hpp"

namespace {

using namespace lamistra_fault;

class FalseClaim : public PlainPlayer {
 public:
  Move choose_move(const Game& game, int me) override {
    const int forward = me == kRed ? kSize : -kSize;
    for (const Move& m : game.legal_moves(me)) {
      const int id = game.at(m.from);
      if (id == start_id(game, me) && m.to == m.from + forward) return m;
    }
    return PlainPlayer::choose_move(game, me);
  }
  int attacker_role(const Game& /*game*/, int /*me*/, const Move& /*attack*/) override { return kBomb; }
  int defender_role(const Game& game, int me, const Move& attack) override {
    const int id = game.at(attack.to);
    if (game.piece(id).moved) return kBomb;
    return PlainPlayer::defender_role(game, me, attack);
  }

 private:
  // The piece that started on d3 (red) or d5 (blue).
  // Pieces are numbered as they start: red a1..g3 (ids 0..20), blue a5..g7 (21..41).
  static int start_id(const Game& /*game*/, int me) { return me == kRed ? 2 * kSize + 3 : 21 + 3; }
};

}  // namespace

int main() {
  FalseClaim bot;
  return play(bot);
}
