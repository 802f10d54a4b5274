// The consistency rules (docs/lamistra-rules.md §3). Whether some setup of a side's 21 roles
// fits what it said and did comes down to two counts: no role given more often than the setup
// has it, and no more than 16 pieces that moved or were given a moving role (the other 5 must be
// the flag and the bombs, which never move). So the 17th piece to move, and a moving role for an
// unmoved piece when 16 are movers already, are refused: both would leave no setup.
#include "amazes/lamistra/position.hpp"

#include <stdexcept>
#include <utility>

namespace amazes::lamistra {
namespace {

constexpr std::array<Square, 4> kSteps = {Square{0, 1}, Square{1, 0}, Square{0, -1}, Square{-1, 0}};

std::string named(Role role) { return std::string(role_name(role)) + " (" + role_letter(role) + ")"; }

}  // namespace

Position::Position() {
  for (auto& file : grid_) file.fill(-1);
  for (const Side side : kBothSides) {
    const int first_rank = side == Side::Red ? 0 : 4;
    for (int rank = first_rank; rank < first_rank + 3; ++rank) {
      for (int file = 0; file < kBoardSize; ++file) {
        const Square square{file, rank};
        grid_[file][rank] = static_cast<int>(pieces_.size());
        pieces_.push_back(Piece{side, square, square, false, std::nullopt});
      }
    }
  }
}

Position::Position(std::vector<Piece> pieces) : pieces_(std::move(pieces)) {
  for (auto& file : grid_) file.fill(-1);
  for (std::size_t id = 0; id < pieces_.size(); ++id) {
    const auto& square = pieces_[id].square;
    if (!square) continue;
    if (!on_board(*square) || is_lake(*square)) throw std::invalid_argument("a piece off the board or on a lake");
    if (grid_[square->file][square->rank] >= 0) {
      throw std::invalid_argument("two pieces on " + format_square(*square));
    }
    grid_[square->file][square->rank] = static_cast<int>(id);
  }
}

std::optional<int> Position::piece_at(Square square) const {
  if (!on_board(square)) return std::nullopt;
  const int id = grid_[square.file][square.rank];
  if (id < 0) return std::nullopt;
  return id;
}

int Position::pieces_on_board(Side side) const {
  int count = 0;
  for (const Piece& piece : pieces_) count += piece.side == side && piece.square ? 1 : 0;
  return count;
}

int Position::roles_given(Side side, Role role) const {
  int count = 0;
  for (const Piece& piece : pieces_) count += piece.side == side && piece.role == role ? 1 : 0;
  return count;
}

int Position::movers(Side side) const {
  int count = 0;
  for (const Piece& piece : pieces_) {
    count += piece.side == side && (piece.moved || (piece.role && is_moving_role(*piece.role))) ? 1 : 0;
  }
  return count;
}

std::optional<std::string> Position::move_refusal(Side side, Move move) const {
  const std::string from = format_square(move.from);
  const std::string to = format_square(move.to);
  if (!on_board(move.from) || !on_board(move.to)) return "off the board";
  const auto id = piece_at(move.from);
  if (!id || piece(*id).side != side) return "no piece of " + std::string(side_name(side)) + " on " + from;
  if (!adjacent(move.from, move.to)) return to + " is not one step across or up or down from " + from;
  if (is_lake(move.to)) return to + " is a lake";
  const auto target = piece_at(move.to);
  if (target && piece(*target).side == side) return to + " holds a piece of " + std::string(side_name(side));
  const Piece& mover = piece(*id);
  if (mover.role && !is_moving_role(*mover.role))
    return "the piece on " + from + " is the " + named(*mover.role) + ": it never moves";
  const bool attack = target.has_value();
  const auto& last = last_move(side);
  if (!attack && last && !last->attack && last->move.to == move.from && last->move.from == move.to) {
    return "the piece on " + from + " came from " + to + " in " + std::string(side_name(side)) +
           "'s last move: no moving straight back unless one of the two moves attacks";
  }
  if (!mover.moved && !(mover.role && is_moving_role(*mover.role)) && movers(side) >= kMovingPieces) {
    return "a seventeenth piece: " + std::to_string(kMovingPieces) + " pieces of " + std::string(side_name(side)) +
           " have moved or shown a moving role, the other 5 must be the flag and the bombs";
  }
  return std::nullopt;
}

std::optional<std::string> Position::claim_refusal(int id, Role role) const {
  const Piece& claimed = piece(id);
  const std::string where = format_square(claimed.square.value_or(claimed.origin));
  if (claimed.role) {
    if (*claimed.role == role) return std::nullopt;
    return "the piece on " + where + " is the " + named(*claimed.role) + ", not the " + named(role);
  }
  if (roles_given(claimed.side, role) >= role_count(role)) {
    return "every " + named(role) + " of " + std::string(side_name(claimed.side)) + " is given already (" +
           std::to_string(role_count(role)) + ")";
  }
  if (!is_moving_role(role) && claimed.moved) {
    return "the piece on " + where + " has moved: it cannot be the " + named(role);
  }
  if (is_moving_role(role) && !claimed.moved && movers(claimed.side) >= kMovingPieces) {
    return std::to_string(kMovingPieces) + " pieces of " + std::string(side_name(claimed.side)) +
           " have moved or shown a moving role: the unmoved piece on " + where + " must be the flag or a bomb";
  }
  return std::nullopt;
}

std::vector<Move> Position::legal_moves(Side side) const {
  std::vector<Move> moves;
  for (const Piece& piece : pieces_) {
    if (piece.side != side || !piece.square) continue;
    for (const Square step : kSteps) {
      const Move move{*piece.square, Square{piece.square->file + step.file, piece.square->rank + step.rank}};
      if (on_board(move.to) && !move_refusal(side, move)) moves.push_back(move);
    }
  }
  return moves;
}

std::vector<Role> Position::allowed_claims(int id) const {
  std::vector<Role> roles;
  for (const Role role : kAllRoles) {
    if (!claim_refusal(id, role)) roles.push_back(role);
  }
  return roles;
}

void Position::move(Side side, Move move) {
  const int id = grid_[move.from.file][move.from.rank];
  grid_[move.to.file][move.to.rank] = id;
  grid_[move.from.file][move.from.rank] = -1;
  Piece& moved = mutable_piece(id);
  moved.square = move.to;
  moved.moved = true;
  last_move_[index_of(side)] = LastMove{move, false};
}

void Position::begin_attack(Side side, Move move) {
  mutable_piece(grid_[move.from.file][move.from.rank]).moved = true;
  last_move_[index_of(side)] = LastMove{move, true};
}

void Position::give_role(int id, Role role) { mutable_piece(id).role = role; }

void Position::remove(int id) {
  Piece& removed = mutable_piece(id);
  if (!removed.square) throw std::logic_error("removing a piece that is not on the board");
  grid_[removed.square->file][removed.square->rank] = -1;
  removed.square.reset();
}

void Position::resolve_attack(Move move, CombatOutcome outcome) {
  const int attacker = grid_[move.from.file][move.from.rank];
  const int defender = grid_[move.to.file][move.to.rank];
  switch (outcome) {
    case CombatOutcome::AttackerWins:
    case CombatOutcome::FlagCaptured:
      remove(defender);
      remove(attacker);
      grid_[move.to.file][move.to.rank] = attacker;
      mutable_piece(attacker).square = move.to;
      return;
    case CombatOutcome::DefenderWins: remove(attacker); return;
    case CombatOutcome::BothRemoved:
      remove(attacker);
      remove(defender);
      return;
  }
}

}  // namespace amazes::lamistra
