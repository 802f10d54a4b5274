// The dialogue of a Lamistra turn (docs/lamistra-rules.md §6): the move; for an attack the
// attacker's role, then the defender's; then the turn's result and the end of the game.
#include "amazes/lamistra/game.hpp"

#include <stdexcept>
#include <utility>

namespace amazes::lamistra {

std::string_view awaited_name(Awaited awaited) {
  switch (awaited) {
    case Awaited::Move: return "move";
    case Awaited::AttackerRole: return "attacker_role";
    case Awaited::DefenderRole: return "defender_role";
  }
  return "?";
}

std::string_view fault_name(FaultKind kind) {
  switch (kind) {
    case FaultKind::Crash: return "crash";
    case FaultKind::Timeout: return "timeout";
    case FaultKind::IllegalMove: return "illegal_move";
    case FaultKind::FalseClaim: return "false_claim";
  }
  return "?";
}

std::string_view game_end_name(GameEnd end) {
  switch (end) {
    case GameEnd::FlagCaptured: return "flag_captured";
    case GameEnd::NoMove: return "no_move";
    case GameEnd::MoveLimit: return "move_limit";
    case GameEnd::Fault: return "fault";
  }
  return "?";
}

Game::Game(GameSettings settings) : Game(Position(), Side::Red, settings) {}

Game::Game(Position position, Side to_move, GameSettings settings)
    : settings_(settings), position_(std::move(position)), to_answer_(to_move) {
  if (settings_.move_limit < 1) throw std::invalid_argument("the move limit must be at least 1");
  if (position_.legal_moves(to_move).empty()) {
    end_ = GameEnd::NoMove;
    winner_ = other(to_move);
  }
}

const Step& Game::record(Step step) {
  steps_.push_back(std::move(step));
  return steps_.back();
}

const Step& Game::refuse(Step step, FaultKind kind, std::string refusal) {
  step.fault = kind;
  step.refusal = std::move(refusal);
  fault_[index_of(step.side)] = kind;
  fault_move_[index_of(step.side)] = step.move_number;
  end_ = GameEnd::Fault;
  winner_ = other(step.side);
  return record(std::move(step));
}

const Step& Game::play_fault(FaultKind kind) {
  if (over()) throw std::logic_error("the game is over");
  if (kind != FaultKind::Crash && kind != FaultKind::Timeout) {
    throw std::invalid_argument("a driver's fault is a crash or a timeout; the game judges the lines");
  }
  Step step;
  step.side = to_answer_;
  step.awaited = awaited_;
  step.move_number = moves(to_answer_) + (awaited_ == Awaited::AttackerRole ? 0 : 1);
  return refuse(std::move(step), kind, {});
}

const Step& Game::answer(std::string_view line) {
  if (over()) throw std::logic_error("the game is over");
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  Step step;
  step.side = to_answer_;
  step.awaited = awaited_;
  step.line = std::string(line);
  const Side side = to_answer_;
  switch (awaited_) {
    case Awaited::Move: {
      step.move_number = moves(side) + 1;
      const auto move = parse_move(line);
      if (!move) return refuse(std::move(step), FaultKind::IllegalMove, "not a move like d3-d4 on the board");
      if (auto refusal = position_.move_refusal(side, *move)) {
        return refuse(std::move(step), FaultKind::IllegalMove, std::move(*refusal));
      }
      ++moves_[index_of(side)];
      step.move = move;
      step.attack = position_.piece_at(move->to).has_value();
      if (step.attack) {
        position_.begin_attack(side, *move);
        attack_ = move;
        awaited_ = Awaited::AttackerRole;
        return record(std::move(step));
      }
      position_.move(side, *move);
      const Step& recorded = record(std::move(step));
      finish_turn(side);
      return recorded;
    }
    case Awaited::AttackerRole:
    case Awaited::DefenderRole: {
      const bool attacker = awaited_ == Awaited::AttackerRole;
      step.move_number = moves(side) + (attacker ? 0 : 1);
      const auto role = parse_role(line);
      if (!role) return refuse(std::move(step), FaultKind::FalseClaim, "not a role: one letter of V B G O L M R S");
      const int id = *position_.piece_at(attacker ? attack_->from : attack_->to);
      if (auto refusal = position_.claim_refusal(id, *role)) {
        return refuse(std::move(step), FaultKind::FalseClaim, std::move(*refusal));
      }
      position_.give_role(id, *role);
      step.role = role;
      if (attacker) {
        to_answer_ = other(side);
        awaited_ = Awaited::DefenderRole;
        return record(std::move(step));
      }
      const Move attack = *attack_;
      const Role attacker_role = *position_.piece(*position_.piece_at(attack.from)).role;
      step.outcome = combat(attacker_role, *role);
      position_.resolve_attack(attack, *step.outcome);
      attack_.reset();
      const Step& recorded = record(std::move(step));
      if (*recorded.outcome == CombatOutcome::FlagCaptured) {
        end_ = GameEnd::FlagCaptured;
        winner_ = other(side);
        return recorded;
      }
      finish_turn(other(side));
      return recorded;
    }
  }
  throw std::logic_error("unknown awaited line");
}

void Game::finish_turn(Side mover) {
  const Side next = other(mover);
  to_answer_ = next;
  awaited_ = Awaited::Move;
  if (moves(Side::Red) >= settings_.move_limit && moves(Side::Blue) >= settings_.move_limit) {
    end_ = GameEnd::MoveLimit;  // a draw, decided by the pieces left (score)
    return;
  }
  if (position_.legal_moves(next).empty()) {
    end_ = GameEnd::NoMove;
    winner_ = mover;
  }
}

int Game::score(Side side) const {
  if (!over()) throw std::logic_error("the game is not over");
  if (*end_ == GameEnd::MoveLimit) {
    const int own = position_.pieces_on_board(side);
    const int opponent = position_.pieces_on_board(other(side));
    return own == opponent ? kEqualPiecesPoints : own > opponent ? kMorePiecesPoints : kFewerPiecesPoints;
  }
  return winner_ == side ? kWinPoints : 0;
}

}  // namespace amazes::lamistra
