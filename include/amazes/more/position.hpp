#pragma once
// Where the eight stones stand, and what a move does to them (docs/more-rules.md §2, §3).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/more/board.hpp"
#include "amazes/more/move.hpp"
#include "amazes/more/square.hpp"

namespace amazes::more {

// White moves first; in Caia white is player 1 and black player 2.
enum class Side : std::uint8_t { White = 0, Black = 1 };
inline constexpr std::array<Side, 2> kBothSides = {Side::White, Side::Black};
constexpr Side other(Side side) { return side == Side::White ? Side::Black : Side::White; }
constexpr int index_of(Side side) { return static_cast<int>(side); }
std::string_view side_name(Side side);  // "white", "black"

inline constexpr int kStonesPerSide = 4;
using Stones = std::array<Square, kStonesPerSide>;  // in reading order (index_of ascending)

// The 2×2 corner a side starts in: white bottom right (e5 e6 f5 f6), black top left (a1 a2 b1
// b2). A side must bring its stones into the other's start corner.
Stones start_corner(Side side);
Stones target_corner(Side side);
bool in_target_corner(Side side, Square s);

enum class MoveKind : std::uint8_t { Step, Jump };
std::string_view move_kind_name(MoveKind kind);  // "step", "jump"

// A move the rules allow, with what it costs beyond the move itself.
struct LegalMove {
  Move move;
  MoveKind kind = MoveKind::Step;
  int penalty = 0;  // a step across a wall: 1 single, 2 double; a jump: 0
};

class Position {
 public:
  // The start: both sides in their start corners.
  Position();

  std::optional<Side> at(Square s) const { return stones_[static_cast<std::size_t>(index_of(s))]; }
  Stones stones(Side side) const;
  // All four stones of the side in its target corner.
  bool arrived(Side side) const;

  // Moves the stone on `from` to `to`, legal or not (the caller judged it).
  void move_stone(Move move);

  friend bool operator==(const Position&, const Position&) = default;

 private:
  std::array<std::optional<Side>, kSquareCount> stones_{};
};

// Why `side` may not play `move` in this position (docs/more-rules.md §3), or the move as the
// rules see it: a step to an empty neighbour (penalties for the wall between), or a jump over
// a neighbouring stone of either side to the empty square beyond, with no wall on the way.
struct MoveJudgement {
  std::optional<LegalMove> legal;
  std::string refusal;  // why not, when !legal: "a3 is taken", …
};
MoveJudgement judge_move(const Board& board, const Position& position, Side side, Move move);

// Every legal move of the side, in a fixed order: by the square left (reading order), then
// the steps N, E, S, W, then the jumps N, E, S, W.
std::vector<LegalMove> legal_moves(const Board& board, const Position& position, Side side);

}  // namespace amazes::more
