// A Lamistra bot that moves a piece straight back: after a move without an attack it moves the
// same piece back to where it came from at its next move, which the rules forbid unless one
// of the two moves attacks. The referee's irregular move, and the loss.
#include <optional>

#include "lamistra_fault_bot.hpp"

namespace {

using namespace lamistra_fault;

class BackAndForth : public PlainPlayer {
 public:
  Move choose_move(const Game& game, int me) override {
    Move m = PlainPlayer::choose_move(game, me);
    if (last_ && game.at(last_->to) != kNone && game.piece(game.at(last_->to)).side == me &&
        game.at(last_->from) == kNone) {
      m = Move{last_->to, last_->from};
    }
    last_ = game.is_attack(m) ? std::nullopt : std::optional<Move>(m);
    return m;
  }

 private:
  std::optional<Move> last_;  // my last move, when it did not attack
};

}  // namespace

int main() {
  BackAndForth bot;
  return play(bot);
}
