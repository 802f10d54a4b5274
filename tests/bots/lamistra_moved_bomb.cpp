// A Lamistra bot that moves a bomb: it never attacks, names an unmoved piece that is attacked
// a bomb (allowed while bombs are left), and once such a bomb has won its fight, moves it onto
// the square its attacker came from. The referee's irregular move, and the loss.
#include "lamistra_fault_bot.hpp"

namespace {

using namespace lamistra_fault;

class MovedBomb : public PlainPlayer {
 public:
  Move choose_move(const Game& game, int me) override {
    for (const Piece& p : game.pieces()) {
      if (p.side != me || p.square == kNone || p.role != kBomb) continue;
      for (int d = 0; d < 4; ++d) {
        const int to = neighbour(p.square, d);
        if (to != kNone && !is_lake(to) && (game.at(to) == kNone || game.piece(game.at(to)).side != me)) {
          return Move{p.square, to};
        }
      }
    }
    // Pieces that moved already go first: the unmoved ones are to be attacked.
    std::vector<Move> quiet;
    for (const Move& m : game.legal_moves(me)) {
      if (!game.is_attack(m) && game.piece(game.at(m.from)).moved) quiet.push_back(m);
    }
    if (!quiet.empty()) return quiet.front();
    return PlainPlayer::choose_move(game, me);
  }
  int defender_role(const Game& game, int me, const Move& attack) override {
    if (game.may_claim(game.at(attack.to), kBomb)) return kBomb;
    return PlainPlayer::defender_role(game, me, attack);
  }
};

}  // namespace

int main() {
  MovedBomb bot;
  return play(bot);
}
