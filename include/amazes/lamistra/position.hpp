#pragma once
// The pieces of a Lamistra game and everything said about them (docs/lamistra-rules.md §3):
// where each is, whether it has left its square, the role it was given, and each side's last
// move. Its questions are the consistency rules: may this move be made, may this piece be
// given this role. Both keep one invariant: some setup of the side's 21 roles fits all that was
// said and done, so a side that made only allowed moves and claims always has a true claim.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "amazes/lamistra/board.hpp"
#include "amazes/lamistra/combat.hpp"
#include "amazes/lamistra/role.hpp"

namespace amazes::lamistra {

struct Piece {
  Side side = Side::Red;
  Square origin;
  std::optional<Square> square;  // nothing once removed
  bool moved = false;            // it has moved or attacked: never the flag or a bomb
  std::optional<Role> role;      // given when it first attacked or was attacked; kept for good
};

// A side's last move, for the rule against moving straight back.
struct LastMove {
  Move move;
  bool attack = false;
};

class Position {
 public:
  Position();  // the start: red on a1..g3, blue on a5..g7, no roles
  // Any position (tests, analysis): these pieces, their ids their places in the list, removed
  // pieces kept for the roles they were given. Throws std::invalid_argument for two pieces on
  // a square, a piece off the board or on a lake.
  explicit Position(std::vector<Piece> pieces);

  // Red's pieces first, then blue's, each in the order a1, b1, …, g3 (blue a5 … g7).
  const std::vector<Piece>& pieces() const { return pieces_; }
  const Piece& piece(int id) const { return pieces_.at(static_cast<std::size_t>(id)); }
  std::optional<int> piece_at(Square square) const;
  int pieces_on_board(Side side) const;
  // Pieces of `side` given `role` so far, removed ones included: a role once given stays given.
  int roles_given(Side side, Role role) const;
  // Pieces of `side` that have moved or were given a moving role: never more than kMovingPieces.
  int movers(Side side) const;
  const std::optional<LastMove>& last_move(Side side) const { return last_move_[index_of(side)]; }

  // Why `side` may not make `move` (one line), or nothing when it may.
  std::optional<std::string> move_refusal(Side side, Move move) const;
  // Why piece `id` may not be given `role` now, or nothing when it may.
  std::optional<std::string> claim_refusal(int id, Role role) const;
  // Every move `side` may make, attacks included.
  std::vector<Move> legal_moves(Side side) const;
  // The roles piece `id` may be given now (its own, when it has one).
  std::vector<Role> allowed_claims(int id) const;

  // The changes, each requiring what the questions above allow: a move to an empty square; the
  // start of an attack (the attacker counts as moved from now on); a role; the attack's result.
  void move(Side side, Move move);
  void begin_attack(Side side, Move move);
  void give_role(int id, Role role);
  void resolve_attack(Move move, CombatOutcome outcome);

 private:
  Piece& mutable_piece(int id) { return pieces_.at(static_cast<std::size_t>(id)); }
  void remove(int id);

  std::vector<Piece> pieces_;
  std::array<std::array<int, kBoardSize>, kBoardSize> grid_{};  // [file][rank]: piece id, or -1
  std::array<std::optional<LastMove>, 2> last_move_;
};

}  // namespace amazes::lamistra
