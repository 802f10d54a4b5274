// The distances home (docs/more-rules.md §6, §8): Dial's shortest paths over every placement of
// one side's four stones, from its target corner outwards. A move costs 1, or 1 + its penalty
// (1 to 3) when points are counted, so a queue per distance is enough.
#include "amazes/more/home_distance.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>

namespace amazes::more {
namespace {

constexpr std::uint8_t kUnreached = std::numeric_limits<std::uint8_t>::max();

// Binomial coefficients C(n, k) for n ≤ 36, k ≤ 4: the combinatorial number system numbers the
// placements 0 .. C(36,4) − 1.
constexpr auto kBinomial = [] {
  std::array<std::array<int, kStonesPerSide + 1>, kSquareCount + 1> c{};
  for (int n = 0; n <= kSquareCount; ++n) {
    c[n][0] = 1;
    for (int k = 1; k <= kStonesPerSide; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
  }
  return c;
}();

using Placement = std::array<int, kStonesPerSide>;  // square indices, ascending

int rank(const Placement& p) {
  int r = 0;
  for (int k = 0; k < kStonesPerSide; ++k) r += kBinomial[p[k]][k + 1];
  return r;
}

std::uint32_t pack(const Placement& p) {
  std::uint32_t packed = 0;
  for (int k = 0; k < kStonesPerSide; ++k) packed |= static_cast<std::uint32_t>(p[k]) << (6 * k);
  return packed;
}

Placement unpack(std::uint32_t packed) {
  Placement p{};
  for (int k = 0; k < kStonesPerSide; ++k) p[k] = static_cast<int>((packed >> (6 * k)) & 63U);
  return p;
}

Placement placement_of(const Stones& stones) {
  Placement p{};
  for (int k = 0; k < kStonesPerSide; ++k) p[k] = index_of(stones[k]);
  std::sort(p.begin(), p.end());
  return p;
}

bool holds(const Placement& p, int square) { return std::find(p.begin(), p.end(), square) != p.end(); }

// The placement with the stone on `from` moved to `to`, sorted again.
Placement moved(Placement p, int from, int to) {
  *std::find(p.begin(), p.end(), from) = to;
  std::sort(p.begin(), p.end());
  return p;
}

}  // namespace

HomeDistance::HomeDistance(const Board& board, Side side, Counting counting)
    : distance_(static_cast<std::size_t>(kBinomial[kSquareCount][kStonesPerSide]), kUnreached) {
  std::vector<std::vector<std::uint32_t>> queue(1);
  const Placement home = placement_of(target_corner(side));
  distance_[static_cast<std::size_t>(rank(home))] = 0;
  queue[0].push_back(pack(home));
  const auto reach = [&](const Placement& next, int cost) {
    auto& known = distance_[static_cast<std::size_t>(rank(next))];
    if (known <= cost) return;
    known = static_cast<std::uint8_t>(cost);
    if (queue.size() <= static_cast<std::size_t>(cost)) queue.resize(static_cast<std::size_t>(cost) + 1);
    queue[static_cast<std::size_t>(cost)].push_back(pack(next));
  };
  for (std::size_t distance = 0; distance < queue.size(); ++distance) {
    // reach() may grow `queue`: index it afresh on every pass.
    for (std::size_t i = 0; i < queue[distance].size(); ++i) {
      const Placement p = unpack(queue[distance][i]);
      if (distance_[static_cast<std::size_t>(rank(p))] != distance) continue;  // reached cheaper since
      const int here = static_cast<int>(distance);
      for (const int stone : p) {
        const Square from = square_at(stone);
        for (const Direction d : kAllDirections) {
          const Square next = step(from, d);
          if (!on_board(next)) continue;
          if (!holds(p, index_of(next))) {
            const int penalty = counting == Counting::Points ? penalty_of(board.wall(from, d)) : 0;
            reach(moved(p, stone, index_of(next)), here + 1 + penalty);
            continue;
          }
          const Square landing = step(next, d);
          if (on_board(landing) && !holds(p, index_of(landing)) && board.wall(from, d) == Wall::None &&
              board.wall(next, d) == Wall::None) {
            reach(moved(p, stone, index_of(landing)), here + 1);
          }
        }
      }
    }
  }
}

int HomeDistance::of(const Stones& stones) const {
  const std::uint8_t distance = distance_[static_cast<std::size_t>(rank(placement_of(stones)))];
  if (distance == kUnreached) throw std::logic_error("a placement of four stones that cannot reach its corner");
  return distance;
}

}  // namespace amazes::more
