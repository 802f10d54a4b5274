#pragma once
// One game of Lamistra as a pure state machine (docs/lamistra-rules.md), like more::Game: a
// driver (the Caia referee, the tests) feeds the line the game waits for — a move, the
// attacker's role, the defender's role — or a fault, and the game says what the rules made of
// it. The first irregular line ends the game: there is no substitute in Lamistra. No
// processes, files or clocks here; relaying the lines between the players is the referee's.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/lamistra/board.hpp"
#include "amazes/lamistra/combat.hpp"
#include "amazes/lamistra/position.hpp"
#include "amazes/lamistra/role.hpp"

namespace amazes::lamistra {

// After this many moves of each side without a winner the game is over, decided by the pieces
// left (docs/lamistra-rules.md §5).
inline constexpr int kMoveLimit = 200;
// Match points (the seed's tournament rules): a win 12–0, at the move limit 3–1 for the side
// with more pieces, 2–2 for equal numbers.
inline constexpr int kWinPoints = 12;
inline constexpr int kMorePiecesPoints = 3;
inline constexpr int kFewerPiecesPoints = 1;
inline constexpr int kEqualPiecesPoints = 2;

// The line the game waits for.
enum class Awaited : std::uint8_t { Move, AttackerRole, DefenderRole };
std::string_view awaited_name(Awaited awaited);  // "move", "attacker_role", "defender_role"

// The ways a side loses irregularly: the driver sees a crash or a timeout, the game judges
// the lines.
enum class FaultKind : std::uint8_t { Crash, Timeout, IllegalMove, FalseClaim };
std::string_view fault_name(FaultKind kind);  // "crash", "timeout", "illegal_move", "false_claim"

enum class GameEnd : std::uint8_t {
  FlagCaptured,  // a flag was attacked: its side lost
  NoMove,        // the side to move had no move: it lost
  MoveLimit,     // both sides made kMoveLimit moves: decided by the pieces left
  Fault,         // a side faulted: it lost
};
std::string_view game_end_name(GameEnd end);  // "flag_captured", "no_move", "move_limit", "fault"

struct GameSettings {
  int move_limit = kMoveLimit;
};

// One line of a side (or the fault in its place), as the game judged it.
struct Step {
  Side side = Side::Red;
  Awaited awaited = Awaited::Move;
  // The side's move this step belongs to, from 1: for a defender's role, its coming move.
  int move_number = 0;
  std::string line;                // the line, when one came
  std::optional<FaultKind> fault;  // the line was refused (with `refusal`), or the driver's fault
  std::string refusal;
  std::optional<Move> move;              // Awaited::Move, accepted
  bool attack = false;                   // that move attacks
  std::optional<Role> role;              // a role line, accepted
  std::optional<CombatOutcome> outcome;  // after the defender's role
};

class Game {
 public:
  explicit Game(GameSettings settings = {});
  // A game from any position with `to_move` to move (tests, analysis): over at once when that
  // side has no move.
  Game(Position position, Side to_move, GameSettings settings = {});

  const Position& position() const { return position_; }
  const GameSettings& settings() const { return settings_; }

  bool over() const { return end_.has_value(); }
  std::optional<GameEnd> end() const { return end_; }
  // The side that won: nothing at the move limit, a draw (the pieces left decide its points).
  std::optional<Side> winner() const { return winner_; }
  // Whose line the game waits for, and which line. Requires !over().
  Side to_answer() const { return to_answer_; }
  Awaited awaited() const { return awaited_; }

  // Judges the awaited line. A refused line is the side's fault (IllegalMove for a move,
  // FalseClaim for a role) and ends the game. A trailing '\r' is tolerated. Requires !over().
  const Step& answer(std::string_view line);
  // The side to answer crashed or ran out of time: it lost. Requires !over().
  const Step& play_fault(FaultKind kind);

  int moves(Side side) const { return moves_[index_of(side)]; }
  std::optional<FaultKind> fault(Side side) const { return fault_[index_of(side)]; }
  // The side's move number at its fault (as Step::move_number).
  std::optional<int> fault_move(Side side) const { return fault_move_[index_of(side)]; }
  // Match points: 12–0 for a win, 3–1 or 2–2 at the move limit. Requires over().
  int score(Side side) const;

  const std::vector<Step>& steps() const { return steps_; }

 private:
  const Step& record(Step step);
  const Step& refuse(Step step, FaultKind kind, std::string refusal);
  void finish_turn(Side mover);

  GameSettings settings_;
  Position position_;
  Side to_answer_ = Side::Red;
  Awaited awaited_ = Awaited::Move;
  std::optional<Move> attack_;  // the attack under way
  std::optional<GameEnd> end_;
  std::optional<Side> winner_;
  std::array<int, 2> moves_{0, 0};
  std::array<std::optional<FaultKind>, 2> fault_;
  std::array<std::optional<int>, 2> fault_move_;
  std::vector<Step> steps_;
};

}  // namespace amazes::lamistra
