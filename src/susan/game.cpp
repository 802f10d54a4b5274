// One game of Susan (docs/susan-rules.md): a move's legality, its enclosures, the draws and the
// move points.
#include "amazes/susan/game.hpp"

#include <algorithm>
#include <stdexcept>

namespace amazes::susan {

std::string_view fault_word(FaultKind kind) {
  switch (kind) {
    case FaultKind::Illegal: return "ONGELDIG";
    case FaultKind::Needless: return "ONNODIG";
    case FaultKind::NoOutput: return "BESTAND";
    case FaultKind::Timeout: return "TIJD OP";
    case FaultKind::Crash: return "CRASH";
  }
  return "?";
}

std::string_view game_end_name(GameEnd end) {
  switch (end) {
    case GameEnd::Enclosed: return "enclosed";
    case GameEnd::SelfEnclosed: return "self_enclosed";
    case GameEnd::DrawSlides: return "draw_slides";
    case GameEnd::DrawMoveLimit: return "draw_99";
    case GameEnd::Fault: return "fault";
  }
  return "?";
}

TurnResult Game::begin_turn() {
  if (over()) throw std::logic_error("the game is over");
  ++turns_[index_of(to_move_)];
  TurnResult result;
  result.side = to_move_;
  result.move_number = static_cast<int>(moves_.size()) + 1;
  return result;
}

const TurnResult& Game::lose_by_fault(TurnResult result, FaultKind kind) {
  result.fault = kind;
  result.end = GameEnd::Fault;
  end_ = GameEnd::Fault;
  fault_ = kind;
  winner_ = other(to_move_);
  return finish(std::move(result));
}

const TurnResult& Game::finish(TurnResult result) {
  if (!end_) to_move_ = other(to_move_);
  results_.push_back(std::move(result));
  return results_.back();
}

const TurnResult& Game::play(std::string_view line) {
  TurnResult result = begin_turn();
  result.line = std::string(line);
  const Side side = to_move_;
  const auto move = parse_move(line);
  if (!move) {
    result.refusal = "not a move: a cell such as e3, or a slide such as e3-f2, is expected";
    return lose_by_fault(std::move(result), FaultKind::Illegal);
  }
  if (auto why = position_.refusal(side, *move)) {
    result.refusal = std::move(*why);
    return lose_by_fault(std::move(result), FaultKind::Illegal);
  }
  // Whether another move would have kept all its stones free: asked before this one is made.
  const bool encloses_own = position_.encloses_own_stone(side, *move);
  bool had_alternative = false;
  if (encloses_own) {
    const auto all = position_.legal_moves(side);
    had_alternative =
        std::any_of(all.begin(), all.end(), [&](const Move& m) { return !position_.encloses_own_stone(side, m); });
  }
  position_.apply(side, *move);
  moves_.push_back(*move);
  result.played = *move;
  slides_in_a_row_ = move->is_slide() ? slides_in_a_row_ + 1 : 0;
  if (encloses_own) {
    // Lost, even if a stone of the other side is enclosed too.
    if (had_alternative) return lose_by_fault(std::move(result), FaultKind::Needless);
    end_ = GameEnd::SelfEnclosed;
    winner_ = other(side);
  } else if (position_.has_enclosed_stone(other(side))) {
    end_ = GameEnd::Enclosed;
    winner_ = side;
  } else if (slides_in_a_row_ >= kSlidesForDraw) {
    end_ = GameEnd::DrawSlides;
  } else if (static_cast<int>(moves_.size()) >= kMoveLimit) {
    end_ = GameEnd::DrawMoveLimit;
  }
  result.end = end_;
  return finish(std::move(result));
}

const TurnResult& Game::play_fault(FaultKind kind) { return lose_by_fault(begin_turn(), kind); }

int Game::move_points(Side side) const {
  if (!over()) throw std::logic_error("the game is not over");
  if (!winner_) return kMovePointsPerGame / 2;
  const int moves = static_cast<int>(moves_.size());
  return *winner_ == side ? kMovePointsPerGame - moves : moves;
}

}  // namespace amazes::susan
