// A Lamistra bot that moves a seventeenth piece: every move it can, it moves a piece that has
// not moved yet, and when sixteen have, it moves one more, which the rules forbid (the other
// five must be the flag and the bombs). The referee's irregular move, and the loss.
#include "lamistra_fault_bot.hpp"

namespace {

using namespace lamistra_fault;

class Seventeenth : public PlainPlayer {
 public:
  Move choose_move(const Game& game, int me) override {
    for (const Move& m : game.legal_moves(me, false)) {
      const Piece& p = game.piece(game.at(m.from));
      if (!p.moved && p.role == kNone && !game.is_attack(m)) return m;
    }
    return PlainPlayer::choose_move(game, me);
  }
};

}  // namespace

int main() {
  Seventeenth bot;
  return play(bot);
}
