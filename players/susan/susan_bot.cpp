// A Susan bot that plays sensibly (docs/susan-rules.md §7): it wins when it can, never encloses
// its own stone while it has another move, and never draws while it can play on without losing
// (the seed's rule for every program); among the moves left it looks three moves ahead, scoring
// a quiet position by how close each side's stones are to being enclosed. Run once per move:
// SPEL.IN in, SPEL.UIT out, in the current folder. Deterministic: a game so far gives one move.
#include <algorithm>
#include <array>
#include <iostream>
#include <limits>
#include <vector>

#include "susan_rules.hpp"

using namespace susan_bot;

namespace {

constexpr int kWin = 1000000;
constexpr int kSearchDepth = 3;  // this move, the reply, and the next

// How much a stone with `empty` free neighbours is at risk: one free neighbour and it is one
// move from being enclosed.
constexpr std::array<int, 7> kRisk = {0, 60, 12, 3, 1, 0, 0};

// The position for the side to move: the other side's stones at risk count for it, its own
// against it.
int evaluate(const State& state) {
  int score = 0;
  for (int cell = 0; cell < kCells; ++cell) {
    const int owner = state.stone[static_cast<std::size_t>(cell)];
    if (owner == kEmpty) continue;
    int empty = 0;
    for (const int n : neighbours()[static_cast<std::size_t>(cell)]) {
      if (state.stone[static_cast<std::size_t>(n)] == kEmpty) ++empty;
    }
    score += owner == state.to_move ? -kRisk[static_cast<std::size_t>(empty)] : kRisk[static_cast<std::size_t>(empty)];
  }
  return score;
}

// Negamax with alpha-beta: the value of `state` for its side to move. A quicker win is worth
// more, a later loss less.
int search(const State& state, int depth, int alpha, int beta) {
  if (depth == 0) return evaluate(state);
  int best = std::numeric_limits<int>::min() / 2;
  for (const Move& move : state.legal_moves()) {
    State after = state;
    int value = 0;
    switch (after.play(move)) {
      case Outcome::Win: value = kWin + depth; break;
      case Outcome::Lose: value = -kWin - depth; break;
      case Outcome::Draw: value = 0; break;
      case Outcome::Continue: value = -search(after, depth - 1, -beta, -alpha); break;
    }
    best = std::max(best, value);
    alpha = std::max(alpha, value);
    if (alpha >= beta) break;
  }
  return best;
}

Move choose(const State& state) {
  const std::vector<Move> all = state.legal_moves();
  std::vector<Move> going_on;
  std::vector<Move> drawing;
  for (const Move& move : all) {
    State after = state;
    switch (after.play(move)) {
      case Outcome::Win: return move;
      case Outcome::Continue: going_on.push_back(move); break;
      case Outcome::Draw: drawing.push_back(move); break;
      case Outcome::Lose: break;
    }
  }
  // The seed's rule: a draw only when every other move loses, a loss only when every move does.
  if (going_on.empty()) return drawing.empty() ? all.front() : drawing.front();
  Move best = going_on.front();
  int best_value = -kWin * 2;
  for (const Move& move : going_on) {
    State after = state;
    after.play(move);
    // Only a move better than the best so far matters: the reply's window ends there.
    const int value = -search(after, kSearchDepth - 1, -kWin * 2, -best_value);
    if (value > best_value) {
      best_value = value;
      best = move;
    }
  }
  return best;
}

}  // namespace

int main() {
  const auto game = read_game();
  if (!game) {
    std::cerr << "susan_bot: cannot read the game from SPEL.IN\n";
    return 1;
  }
  return write_move(move_text(choose(*game))) ? 0 : 1;
}
