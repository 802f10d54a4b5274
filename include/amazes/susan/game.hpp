#pragma once
// One game of Susan (NIO 2001) as a pure state machine (docs/susan-rules.md), like
// amazes::Game and more::Game: a driver (the Caia referee, the tests) feeds the line of the side
// to move, or a fault it saw, and the game says what the rules made of it. The first fault ends
// the game, lost by the side that made it (an irregular end); there is no substitute.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/susan/move.hpp"
#include "amazes/susan/position.hpp"

namespace amazes::susan {

// After this many moves of the game, both sides', a game without an enclosed stone is drawn.
inline constexpr int kMoveLimit = 99;
// So many slides in a row, three of each side, draw the game.
inline constexpr int kSlidesForDraw = 6;
// The move points of one game (docs/susan-rules.md §6): the loser one per move of the game,
// the winner the rest; a draw half each.
inline constexpr int kMovePointsPerGame = 200;

// The seed's irregular ends, each a lost game for the side that made it.
enum class FaultKind : std::uint8_t {
  Illegal,   // ONGELDIG: not a move, or a move the rules forbid here
  Needless,  // ONNODIG: it enclosed one of its own stones while another move would not have
  NoOutput,  // BESTAND: it wrote no SPEL.UIT
  Timeout,   // TIJD OP: it took longer than the time of a move
  Crash,     // not the seed's: the judge saw the program die (for the seed's jury: no SPEL.UIT)
};
// The seed's word: "ONGELDIG", "ONNODIG", "BESTAND", "TIJD OP"; "CRASH" for a crash.
std::string_view fault_word(FaultKind kind);

enum class GameEnd : std::uint8_t {
  Enclosed,       // the mover enclosed a stone of the other side, none of its own
  SelfEnclosed,   // the mover enclosed one of its own stones, having no other move: it lost
  DrawSlides,     // the sixth slide in a row
  DrawMoveLimit,  // the 99th move, no stone enclosed
  Fault,          // the mover's fault (FaultKind) lost it the game
};
// "enclosed", "self_enclosed", "draw_slides", "draw_99", "fault".
std::string_view game_end_name(GameEnd end);

struct TurnResult {
  Side side = Side::Red;
  int move_number = 0;         // of the game, from 1: SPEL.IN's count + 1
  std::string line;            // what the side answered, when it answered
  std::optional<Move> played;  // the move, when it was made on the board
  std::optional<FaultKind> fault;
  std::string refusal;         // why a line was ONGELDIG
  std::optional<GameEnd> end;  // set on the move that ended the game
};

class Game {
 public:
  const Position& position() const { return position_; }
  Side to_move() const { return to_move_; }
  // The moves made on the board, in order: SPEL.IN's lines.
  const std::vector<Move>& moves() const { return moves_; }
  int slides_in_a_row() const { return slides_in_a_row_; }

  bool over() const { return end_.has_value(); }
  std::optional<GameEnd> end() const { return end_; }
  // Nothing for a draw (and while the game goes on).
  std::optional<Side> winner() const { return winner_; }
  // The loser's fault, when end() is GameEnd::Fault.
  std::optional<FaultKind> fault() const { return fault_; }
  // The side's own moves so far, answered or not (its last one the fault's, if any).
  int turns_of(Side side) const { return turns_[index_of(side)]; }

  // Plays the line of the side to move. A line that is not a legal move is ONGELDIG; a move that
  // encloses one of the mover's own stones is lost, ONNODIG when another legal move would not
  // have. Requires !over().
  const TurnResult& play(std::string_view line);
  // The side to move faulted in a way the driver saw (NoOutput, Timeout, Crash). Requires !over().
  const TurnResult& play_fault(FaultKind kind);

  // Requires over(): the loser one point per move made on the board, the winner 200 minus
  // that; 100 each in a draw.
  int move_points(Side side) const;

  const std::vector<TurnResult>& results() const { return results_; }

 private:
  TurnResult begin_turn();
  const TurnResult& finish(TurnResult result);
  const TurnResult& lose_by_fault(TurnResult result, FaultKind kind);

  Position position_;
  Side to_move_ = Side::Red;
  std::vector<Move> moves_;
  int slides_in_a_row_ = 0;
  std::array<int, 2> turns_{0, 0};
  std::optional<GameEnd> end_;
  std::optional<Side> winner_;
  std::optional<FaultKind> fault_;
  std::vector<TurnResult> results_;
};

}  // namespace amazes::susan
