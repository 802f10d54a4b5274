// One game of More (docs/more-rules.md): turns, the end, the cut-off's completion, the
// substitute and the score.
#include "amazes/more/game.hpp"

#include <algorithm>
#include <stdexcept>

namespace amazes::more {

int score_for(int own, int opponent) { return std::clamp(opponent - own + kScoreOffset, 0, kMaxScore); }

std::string_view fault_name(FaultKind kind) {
  switch (kind) {
    case FaultKind::Crash: return "crash";
    case FaultKind::Timeout: return "timeout";
    case FaultKind::Illegal: return "illegal";
  }
  return "?";
}

std::string_view game_end_name(GameEnd end) {
  switch (end) {
    case GameEnd::Arrived: return "arrived";
    case GameEnd::CutOff: return "cut_off";
  }
  return "?";
}

Game::Game(Board board, GameSettings settings) : board_(board), settings_(settings) { settle_next_turn(Side::White); }

void Game::require_playable(bool taken_over_expected) const {
  if (over()) throw std::logic_error("the game is over");
  if (taken_over(to_move_) != taken_over_expected) {
    throw std::logic_error(taken_over_expected ? "the side to move is not taken over"
                                               : "the side to move is taken over");
  }
}

const TurnResult& Game::play(std::string_view line) {
  require_playable(false);
  TurnResult result;
  result.line = std::string(line);
  const auto move = parse_move(line);
  if (!move) {
    result.refusal = "not a move: two squares such as a1a3 are expected";
  } else {
    const MoveJudgement judged = judge_move(board_, position_, to_move_, *move);
    if (judged.legal) return execute(*judged.legal, std::move(result));
    result.refusal = judged.refusal;
  }
  fault_[index_of(to_move_)] = FaultKind::Illegal;
  fault_move_[index_of(to_move_)] = moves(to_move_) + 1;
  result.fault = FaultKind::Illegal;
  result.substituted = true;
  return execute(substitute_move(), std::move(result));
}

const TurnResult& Game::play_fault(FaultKind kind) {
  require_playable(false);
  fault_[index_of(to_move_)] = kind;
  fault_move_[index_of(to_move_)] = moves(to_move_) + 1;
  TurnResult result;
  result.fault = kind;
  result.substituted = true;
  return execute(substitute_move(), std::move(result));
}

const TurnResult& Game::play_substitute() {
  require_playable(true);
  TurnResult result;
  result.substituted = true;
  return execute(substitute_move(), std::move(result));
}

LegalMove Game::substitute_move() {
  const Side side = to_move_;
  const std::vector<LegalMove> moves = legal_moves(board_, position_, side);
  if (moves.empty()) throw std::logic_error("no legal move for the substitute");  // the game ended before
  const HomeDistance& home = points_home(side);
  const auto value = [&](const LegalMove& m) {
    Position after = position_;
    after.move_stone(m.move);
    return 1 + m.penalty + home.of(after.stones(side));
  };
  // min_element keeps the first of equal values: the order of legal_moves breaks ties.
  return *std::min_element(moves.begin(), moves.end(),
                           [&](const LegalMove& a, const LegalMove& b) { return value(a) < value(b); });
}

const TurnResult& Game::execute(LegalMove move, TurnResult result) {
  const Side side = to_move_;
  position_.move_stone(move.move);
  auto& moves = moves_[index_of(side)];
  ++moves;
  penalties_[index_of(side)] += move.penalty;
  result.side = side;
  result.move_number = moves;
  result.played = move;
  result.arrived = position_.arrived(side);
  result.other_passes = settle_next_turn(other(side));
  results_.push_back(std::move(result));
  return results_.back();
}

bool Game::can_move(Side side) const {
  return !position_.arrived(side) && !legal_moves(board_, position_, side).empty();
}

bool Game::settle_next_turn(Side due) {
  if (position_.arrived(Side::White) && position_.arrived(Side::Black)) {
    end_ = GameEnd::Arrived;
    return false;
  }
  // A side that has arrived, or has no legal move, passes and the other moves again (§5). Both
  // cannot pass unless both have arrived: §5 shows that no position leaves them so.
  bool due_passes = false;
  if (!can_move(due)) {
    due_passes = !position_.arrived(due);
    if (due_passes) ++passes_[index_of(due)];
    due = other(due);
    if (!can_move(due)) throw std::logic_error("neither side can move");
  }
  to_move_ = due;
  if (moves(to_move_) < settings_.move_limit) return due_passes;
  end_ = GameEnd::CutOff;
  for (const Side side : kBothSides) {
    if (!position_.arrived(side)) {
      completion_[index_of(side)] = HomeDistance(board_, side, Counting::Moves).of(position_.stones(side));
    }
  }
  return due_passes;
}

const HomeDistance& Game::points_home(Side side) {
  auto& home = points_home_[index_of(side)];
  if (!home) home.emplace(board_, side, Counting::Points);
  return *home;
}

int Game::points(Side side) const { return moves(side) + penalties(side) + completion(side).value_or(0); }

int Game::score(Side side) const {
  if (!over()) throw std::logic_error("the game is not over");
  if (taken_over(side)) return 0;
  return score_for(points(side), points(other(side)));
}

}  // namespace amazes::more
