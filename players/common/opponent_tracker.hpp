#pragma once
// Where the opponent may be, from the squared distance the judge gives every turn: the part of
// the sample bot "hunter" that locates its opponent. Standard library only.
//
// The opponent stands on a square at squared distance D from us, so on one of the few lattice
// points of a circle around us (in our own frame: distances do not depend on the orientation).
// Between two of our turns it plays one turn, which moves it at least one square (a turn that
// ends where it began gets the judge's extra T) and, for a bot that pays for its letters,
// rarely far. So the tracker keeps a probability per circle point: the previous distribution
// spread by a motion model that favours short moves, times the new circle.
#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include "maze_memory.hpp"

namespace amazes_bot {

class OpponentTracker {
 public:
  struct Candidate {
    Cell cell;
    double probability;
  };

  explicit OpponentTracker(double move_scale = 3.0) : move_scale_(move_scale) { seen_.fill(0.0f); }

  // Our squared distance to the opponent, read at the start of our turn, with our map after its
  // information phase (which bounds where squares can be).
  void observe(const MazeMemory& memory, long distance2) {
    const Cell me = memory.position();
    std::vector<Candidate> next;
    for (int dr = -(memory.size() - 1); dr <= memory.size() - 1; ++dr) {
      const long rest = distance2 - static_cast<long>(dr) * dr;
      if (rest < 0) continue;
      const int dc = static_cast<int>(std::lround(std::sqrt(static_cast<double>(rest))));
      if (static_cast<long>(dc) * dc != rest) continue;
      for (const int sc : {dc, -dc}) {
        const Cell y{me.r + dr, me.c + sc};
        if (!memory.feasible(y)) continue;
        next.push_back({y, prior(y)});
        if (dc == 0) break;
      }
    }
    double total = 0.0;
    for (const auto& c : next) total += c.probability;
    if (total <= 0.0) {  // the motion model was wrong: start again from the circle alone
      for (auto& c : next) c.probability = 1.0;
      total = static_cast<double>(next.size());
    }
    for (auto& c : next) c.probability /= total;
    candidates_ = std::move(next);
    ++observations_;
    remember_views();
  }

  // Where the opponent is now, with probabilities summing to 1 (empty before the first turn).
  const std::vector<Candidate>& candidates() const { return candidates_; }

  // The chance that the opponent stands on s now.
  double probability_at(Cell s) const {
    for (const auto& c : candidates_)
      if (c.cell == s) return c.probability;
    return 0.0;
  }

  // Per square of our frame, the chance that the opponent has not seen it yet: squares near
  // where it has been are likely seen.
  std::array<float, kGrid * kGrid> first_chance() const {
    std::array<float, kGrid * kGrid> chance{};
    for (int i = 0; i < kGrid * kGrid; ++i) chance[i] = 1.0f - seen_[i];
    return chance;
  }

 private:
  // The chance of the opponent reaching y from the last distribution in one turn.
  double prior(Cell y) const {
    if (observations_ == 0) return 1.0;
    double p = 0.0;
    for (const auto& c : candidates_) {
      const int moved = std::abs(c.cell.r - y.r) + std::abs(c.cell.c - y.c);
      if (moved == 0) continue;  // a turn always ends on another square
      p += c.probability * std::exp(-moved / move_scale_);
    }
    return p;
  }

  // What the opponent probably saw from where it may be: a rough diamond of view.
  void remember_views() {
    static constexpr float kSee[5] = {1.0f, 0.9f, 0.7f, 0.45f, 0.25f};
    for (const auto& c : candidates_) {
      if (c.probability < 0.02) continue;
      for (int dr = -4; dr <= 4; ++dr) {
        for (int dc = -4 + std::abs(dr); dc <= 4 - std::abs(dr); ++dc) {
          const Cell s{c.cell.r + dr, c.cell.c + dc};
          if (s.r < 0 || s.c < 0 || s.r >= kGrid || s.c >= kGrid) continue;
          const float p = static_cast<float>(c.probability) * kSee[std::abs(dr) + std::abs(dc)];
          float& seen = seen_[cell_index(s)];
          seen = std::max(seen, p);
        }
      }
    }
  }

  double move_scale_;
  std::vector<Candidate> candidates_;
  int observations_ = 0;
  std::array<float, kGrid * kGrid> seen_{};
};

}  // namespace amazes_bot
