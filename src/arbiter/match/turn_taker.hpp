#pragma once
// A player's turn, written once for every game and every kind of player (docs/architecture.md): its
// input written, its answer read within its clock's limits, the time charged, and one outcome. Two
// kinds of player take turns: one that runs for the whole game and talks over pipes
// (resident_player.hpp), and one run once per move that reads a file and writes one
// (move_player.hpp). The built-in game maps the outcome to its rules (amazes_game.cpp), a referee
// game to caiaio's markers (referee_players.cpp); neither touches a player's process for a turn.
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>

#include "match/time_control.hpp"
#include "process/player_process.hpp"
#include "sandbox/sandboxed_player.hpp"

namespace amazes::arbiter {

// What came of one turn.
struct TurnOutcome {
  enum class Kind : std::uint8_t {
    Line,         // a whole line in time: `text`, without '\n' (a '\r' before it kept)
    TooLong,      // more than the longest line before '\n': `text`, the characters that decided it
    Crashed,      // it ended, or closed its stdout, before a whole line: `text`, what came of one
    TimedOut,     // a limit ended the turn (`charge.limit_hit` says which): `text`, what came of a line
    NoOutput,     // run once per move, it ended without its output file, or was not run (`why`)
    Unsolicited,  // its output was waiting before its input was written: `text`, what was waiting
  };
  Kind kind = Kind::Crashed;
  std::string text;  // cut at kOutputKept but for a Line
  // Crashed: the signal that ended it, when the player was given the time to end by itself
  // (TurnRules::end_wait) and a signal did, or the kernel killed it at its memory limit.
  std::optional<int> signal;
  std::string why;  // NoOutput when the program was not run: what of its folder kept its input out
  // TooLong, when the game keeps it (TurnRules::keep_more_output): what it wrote after.
  std::optional<std::string> more_output;
  // False when the turn ended before its input was written (a player that could not start, found
  // dead, or wrote out of turn): it then ran for nothing, and its charge is zero.
  bool input_written = false;
  TurnCharge charge;
};

// Lines written to a player before its turn (a referee's `N TEXT`).
struct Delivery {
  bool dropped = false;                    // not written: the player could not be started, or wrote out of turn
  std::optional<std::string> unsolicited;  // what it had written out of turn: its `unsolicited` fault
};

// Where the turns of two games differ, as their rules say.
struct TurnRules {
  std::size_t max_line = kMaxLineLength;  // the longest line; more is TooLong
  // docs/rules.md §4.3: a player whose main process ended since its last line has crashed, found
  // before its input is written. A referee game listens instead, and reads what the player left.
  bool exit_before_input_is_crash = true;
  // How long a player that ended without a line may take to end, for the signal that ended it (a
  // referee's marker names it); zero: it is killed at once.
  std::chrono::nanoseconds end_wait{0};
  // Whether what a player wrote after the line it faulted with is read before it is killed, for the
  // log (an Amazes turn's more_output).
  bool keep_more_output = false;
};

// How much of what a player wrote that was no line (cut short, too long, out of turn, after the
// line it faulted with) an outcome keeps.
inline constexpr std::size_t kOutputKept = 1000;

class TurnTaker {
 public:
  virtual ~TurnTaker() = default;

  // Makes ready what can be made before the first turn (a resident player's sandbox).
  virtual void prepare() = 0;
  // Lines for the player to read before its next turn: written at once to a player that runs, kept
  // for its next turn otherwise (one not started yet, one run once per move). Output waiting when
  // lines are written was written out of turn: the player is then killed and the lines dropped.
  virtual Delivery write(std::span<const std::string> lines) = 0;
  // One turn: `input` written after what write() kept, the player run until it answers or a limit
  // of its clock ends the turn, and charged. `on_input` is called as the input goes out (an
  // observer's on_write). A resident player is started at its first turn, and started again
  // elsewhere when its untested sandbox failed it there (sandboxed_player.hpp).
  virtual TurnOutcome take_turn(std::span<const std::string> input, const std::function<void()>& on_input = {}) = 0;
  // After a line the game refused: what the player wrote after it (when the rules keep it), and the
  // player ended.
  virtual std::optional<std::string> end_after_fault() = 0;

  virtual PlayerClock& clock() = 0;
  // The player that runs for the whole game; for a per-move player, the program of its last move.
  virtual SandboxedPlayer& player() = 0;
  // Its stderr over the game (once its process has started).
  virtual const StderrCapture& stderr_capture() = 0;
  // Its process while one may be left to end at the end of the game.
  virtual PlayerProcess* running() = 0;
};

}  // namespace amazes::arbiter
