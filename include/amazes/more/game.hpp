#pragma once
// One game of More as a pure state machine (docs/more-rules.md), like amazes::Game for Amazes:
// a driver (the Caia referee, the tests) feeds the line of the side to move, or a fault, and
// the game says what the rules made of it. No processes, files or clocks here; what goes over
// the protocol (the board line, Start, Nil, Quit) is the referee's.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/more/board.hpp"
#include "amazes/more/home_distance.hpp"
#include "amazes/more/move.hpp"
#include "amazes/more/position.hpp"

namespace amazes::more {

// After this many moves of a side the game is cut off (docs/more-rules.md §6).
inline constexpr int kMoveLimit = 80;
// score = the opponent's points − one's own + 10, clamped to 0..20 (docs/more-rules.md §7).
inline constexpr int kScoreOffset = 10;
inline constexpr int kMaxScore = 20;

// The score of a side with `own` points against an opponent with `opponent` points:
// opponent − own + 10, clamped to 0..20 (docs/more-rules.md §7).
int score_for(int own, int opponent);

// The ways a side can fail a turn (docs/more-rules.md §8).
enum class FaultKind : std::uint8_t { Crash, Timeout, Illegal };
std::string_view fault_name(FaultKind kind);  // "crash", "timeout", "illegal"

// A side with no legal move passes, as one that has arrived does (docs/more-rules.md §5): no
// third end.
enum class GameEnd : std::uint8_t {
  Arrived,  // both sides brought their stones home
  CutOff,   // the side to move had made kMoveLimit moves
};
std::string_view game_end_name(GameEnd end);  // "arrived", "cut_off"

struct GameSettings {
  int move_limit = kMoveLimit;
};

struct TurnResult {
  Side side = Side::White;
  int move_number = 0;  // per side, 1-based
  LegalMove played;     // the move made, by the side or by the substitute
  bool substituted = false;
  std::optional<FaultKind> fault;  // set on the turn the fault happened
  std::string refusal;             // why an illegal line was refused
  std::string line;                // the line the side wrote, when it wrote one
  bool arrived = false;            // this move brought the side's last stone home
  bool other_passes = false;       // it left the other side no legal move: this side moves again
};

class Game {
 public:
  explicit Game(Board board, GameSettings settings = {});

  const Board& board() const { return board_; }
  const Position& position() const { return position_; }
  const GameSettings& settings() const { return settings_; }

  bool over() const { return end_.has_value(); }
  std::optional<GameEnd> end() const { return end_; }
  // The side that moves next: never one that has arrived or has no legal move (it passes).
  Side to_move() const { return to_move_; }

  // Plays the side to move's line. A line that is not a legal move is an `illegal` fault: the
  // substitute plays instead, from now on. Requires !over() and !taken_over(to_move()).
  const TurnResult& play(std::string_view line);
  // The side to move faulted in a way the driver saw (crash, timeout): the substitute plays.
  const TurnResult& play_fault(FaultKind kind);
  // The substitute's move for a side that faulted before. Requires taken_over(to_move()).
  const TurnResult& play_substitute();

  // The move the judge plays for a side that faulted (docs/more-rules.md §8): the legal move
  // after which its stones, alone, are the fewest points from home, counting the move's own
  // cost; the first such in legal_moves order.
  LegalMove substitute_move();

  bool taken_over(Side side) const { return fault_[index_of(side)].has_value(); }
  std::optional<FaultKind> fault(Side side) const { return fault_[index_of(side)]; }
  std::optional<int> fault_move(Side side) const { return fault_move_[index_of(side)]; }
  bool arrived(Side side) const { return position_.arrived(side); }
  int moves(Side side) const { return moves_[index_of(side)]; }
  int penalties(Side side) const { return penalties_[index_of(side)]; }
  // The turns the side passed for want of a legal move (docs/more-rules.md §5).
  int passes(Side side) const { return passes_[index_of(side)]; }
  // The completion of a side that had not arrived when the game was cut off: the fewest moves
  // home of its stones alone (docs/more-rules.md §6).
  std::optional<int> completion(Side side) const { return completion_[index_of(side)]; }
  // moves + penalties (+ the completion).
  int points(Side side) const;
  // docs/more-rules.md §7, §8: 0 for a side that faulted, else the opponent's points − its
  // own + 10, clamped to 0..20. Requires over().
  int score(Side side) const;

  const std::vector<TurnResult>& results() const { return results_; }

 private:
  void require_playable(bool taken_over_expected) const;
  const TurnResult& execute(LegalMove move, TurnResult result);
  // Who moves after `due`'s turn came, and whether the game ends there; true when `due` passes
  // for want of a legal move.
  bool settle_next_turn(Side due);
  bool can_move(Side side) const;
  const HomeDistance& points_home(Side side);

  Board board_;
  GameSettings settings_;
  Position position_;
  Side to_move_ = Side::White;
  std::optional<GameEnd> end_;
  std::array<int, 2> moves_{0, 0};
  std::array<int, 2> penalties_{0, 0};
  std::array<int, 2> passes_{0, 0};
  std::array<std::optional<int>, 2> completion_;
  std::array<std::optional<FaultKind>, 2> fault_;
  std::array<std::optional<int>, 2> fault_move_;
  std::array<std::optional<HomeDistance>, 2> points_home_;  // the substitute's, built when first needed
  std::vector<TurnResult> results_;
};

}  // namespace amazes::more
