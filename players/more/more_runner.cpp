// Sample More bot "more_runner": every turn the move after which its own stones, alone on the
// board, need the fewest points (moves plus penalties) to reach the far corner, counting the
// move's own cost. The points to the corner of every placement of four stones come from one
// search at the start (the referee's substitute weighs its moves so, docs/more-rules.md §8).
// Jumps over the opponent's stones are legal moves like any other, so it takes them when they
// pay. It never undoes its previous move while it has another.
#include <algorithm>
#include <limits>

#include "more_bot.hpp"

namespace {

using namespace more_bot;

constexpr int kStones = 4;
using Placement = std::array<int, kStones>;  // ascending squares

// C(n, k) for n ≤ 36, k ≤ 4: the rank of a placement in the combinatorial number system.
struct Binomials {
  std::array<std::array<int, kStones + 1>, kSquares + 1> c{};
  Binomials() {
    for (int n = 0; n <= kSquares; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= kStones; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
    }
  }
  int rank(const Placement& p) const {
    int r = 0;
    for (int k = 0; k < kStones; ++k) r += c[static_cast<std::size_t>(p[k])][k + 1];
    return r;
  }
};

class CornerDistance {
 public:
  CornerDistance(const Board& board, int side) : cost_(static_cast<std::size_t>(b_.c[kSquares][kStones]), kFar) {
    Placement home{};
    int n = 0;
    for (int s = 0; s < kSquares; ++s) {
      if (in_target(side, s)) home[static_cast<std::size_t>(n++)] = s;
    }
    // Dial's algorithm: moves cost 1 to 3, one bucket per distance. Moves are reversible at the
    // same cost, so the distance from the corner is the distance to it.
    std::vector<std::vector<Placement>> buckets(1);
    cost_[static_cast<std::size_t>(b_.rank(home))] = 0;
    buckets[0].push_back(home);
    for (std::size_t distance = 0; distance < buckets.size(); ++distance) {
      for (std::size_t i = 0; i < buckets[distance].size(); ++i) {
        const Placement p = buckets[distance][i];
        if (cost_[static_cast<std::size_t>(b_.rank(p))] != static_cast<int>(distance)) continue;
        Stones alone;
        alone.owner.fill(kEmpty);
        for (const int s : p) alone.owner[static_cast<std::size_t>(s)] = side;
        for (const Move& m : legal_moves(board, alone, side)) {
          const int cost = static_cast<int>(distance) + 1 + m.penalty;
          const Placement next = moved(p, m);
          int& known = cost_[static_cast<std::size_t>(b_.rank(next))];
          if (known <= cost) continue;
          known = cost;
          if (buckets.size() <= static_cast<std::size_t>(cost)) buckets.resize(static_cast<std::size_t>(cost) + 1);
          buckets[static_cast<std::size_t>(cost)].push_back(next);
        }
      }
    }
  }

  int of(const Stones& stones, int side) const {
    Placement p{};
    int n = 0;
    for (int s = 0; s < kSquares && n < kStones; ++s) {
      if (stones.at(s) == side) p[static_cast<std::size_t>(n++)] = s;
    }
    return cost_[static_cast<std::size_t>(b_.rank(p))];
  }

  static Placement moved(Placement p, const Move& m) {
    *std::find(p.begin(), p.end(), m.from) = m.to;
    std::sort(p.begin(), p.end());
    return p;
  }

 private:
  static constexpr int kFar = std::numeric_limits<int>::max();
  Binomials b_;
  std::vector<int> cost_;
};

}  // namespace

int main() {
  std::vector<CornerDistance> distance;  // built at the first move, when the colour is known
  Move last{-1, -1, 0};
  return play([&](const Board& board, const Stones& stones, int side) {
    if (distance.empty()) distance.emplace_back(board, side);
    const auto moves = legal_moves(board, stones, side);
    Move best = moves.front();
    int best_value = std::numeric_limits<int>::max();
    for (const Move& m : moves) {
      Stones after = stones;
      after.play(move_text(m));
      int value = 1 + m.penalty + distance.front().of(after, side);
      const bool undoes = m.from == last.to && m.to == last.from;
      if (undoes && moves.size() > 1) value += 1000;
      if (value < best_value) {
        best_value = value;
        best = m;
      }
    }
    last = best;
    return best;
  });
}
