#pragma once
// One game of Amazes as a pure state machine (docs/rules.md §4–§9, §11). A driver (the arbiter,
// the tests, the benchmarks, the sample bots) asks for the input lines of the player to
// move, feeds back that player's output line or a fault, and receives what the rules made of
// the turn (TurnResult).
// No processes, files or clocks here.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "amazes/knowledge.hpp"
#include "amazes/maze.hpp"

namespace amazes {

enum class Color : std::uint8_t { Red = 0, Blue = 1 };
constexpr Color opponent(Color c) { return c == Color::Red ? Color::Blue : Color::Red; }
constexpr int index_of(Color c) { return static_cast<int>(c); }
constexpr std::string_view color_name(Color c) { return c == Color::Red ? "red" : "blue"; }

// The ways a player can fail a turn (docs/rules.md §4.3); names as in the match log.
// NoOutput: a player run once per move ended without its output file (NIO's BESTAND).
enum class FaultKind : std::uint8_t { Crash, Timeout, Illegal, TooLong, Unsolicited, NoOutput };
inline constexpr std::array<FaultKind, 6> kAllFaultKinds = {FaultKind::Crash,       FaultKind::Timeout,
                                                            FaultKind::Illegal,     FaultKind::TooLong,
                                                            FaultKind::Unsolicited, FaultKind::NoOutput};
// "crash", "timeout", "illegal", "too_long", "unsolicited", "no_output"
std::string_view fault_name(FaultKind kind);
std::optional<FaultKind> fault_from_name(std::string_view name);

inline constexpr int kDefaultTurns = 150;
// A game has at most the 150 turns of the rules: a bot that follows the protocol exits after
// its 150th turn (docs/rules.md §4.4), and more would only make it crash at the 151st.
inline constexpr int kMaxTurns = kDefaultTurns;
inline constexpr int kMaxLineLength = 256;
inline constexpr int kCatchBonus = 100;
inline constexpr int kMaxScore = 1000;  // docs/rules.md §11

struct GameSettings {
  int turns = kDefaultTurns;  // turns per player
};

enum class GameEnd : std::uint8_t { Normal, SuddenDeath };

// How a move line is judged before it is played (docs/rules.md §4.2.1, §4.3).
// Returns the fault for an illegal line, nothing for a legal one. A single trailing '\r'
// is tolerated and not counted (so 256 letters + '\r' is legal). After dropping it: more
// than 256 characters is too_long (whatever they are), an empty line or any character
// other than F T L R is illegal.
std::optional<FaultKind> classify_line(std::string_view line);

// What the rules make of one turn (docs/rules.md §4–§9): every rules field of a `turns` entry
// of the match log (docs/formats.md). What went over the pipes and the time charged are the
// driver's: the arbiter logs them next to this (arbiter::LoggedTurn).
struct TurnResult {
  int turn = 0;  // per player: red 1, blue 1, red 2, …
  Color player = Color::Red;
  std::string played;  // the executed line (no '\r'), or "T" when substituted
  bool substituted = false;
  std::optional<FaultKind> fault;  // set on the turn the fault happened
  int steps_done = 0;              // steps of `played` that moved (extra T not included)
  bool extra_t = false;
  Start pos;           // square and facing at the end of the turn
  int discovered = 0;  // squares newly discovered this turn (both phases)
  int first = 0;       // of which first discoveries
  int cost = 0;        // characters paid for (line length, or 1 for a substitute T)
  // "catch" in the log: the turn ended on the opponent's square. Worth kCatchBonus points,
  // except when it is a sudden death (then the points were doubled instead).
  bool caught = false;
  bool sudden_death = false;
  // The player's points after this turn: the points before, plus discovered + first,
  // minus cost, plus kCatchBonus for a catch that is not a sudden death; all doubled on a
  // sudden death.
  int points = 0;
};

class Game {
 public:
  // Throws std::invalid_argument when a start is outside the maze or has a wall behind it.
  // The information phase of red's first turn is applied at once.
  Game(Maze maze, Starts starts, GameSettings settings = {});

  const Maze& maze() const { return maze_; }
  const Starts& starts() const { return starts_; }
  const GameSettings& settings() const { return settings_; }

  bool over() const { return end_.has_value(); }
  std::optional<GameEnd> end() const { return end_; }
  Color to_move() const { return to_move_; }
  int turn() const;  // 1-based turn number of the player to move

  // True once a player faulted: from then on the judge plays `T` for it.
  bool taken_over(Color c) const { return fault_[index_of(c)].has_value(); }

  // The lines to write to the player to move this turn (information phase already applied):
  // "Start" on red's first turn, then the four corridors and the squared distance.
  // Empty for a taken-over player (the judge writes nothing to it) and once the game is over.
  const std::vector<std::string>& input() const { return input_; }

  // Plays the current turn with the line the player wrote (without '\n'). An illegal or
  // too long line becomes that fault (see classify_line). Requires !over() and
  // !taken_over(to_move()); throws std::logic_error otherwise.
  const TurnResult& play(std::string_view line);
  // Plays the current turn as a fault the driver detected (crash, timeout, …).
  const TurnResult& play_fault(FaultKind kind);
  // Plays a substitute `T` for a player that is taken over. Requires taken_over(to_move()).
  const TurnResult& play_substitute();

  Start position(Color c) const { return position_[index_of(c)]; }
  const Knowledge& knowledge(Color c) const { return knowledge_[index_of(c)]; }
  int points(Color c) const { return points_[index_of(c)]; }
  std::optional<FaultKind> fault(Color c) const { return fault_[index_of(c)]; }
  std::optional<int> fault_turn(Color c) const { return fault_turn_[index_of(c)]; }
  // docs/rules.md §11: 0 for a faulted player, else points clamped to 0..1000.
  int score(Color c) const;

  const std::vector<TurnResult>& results() const { return results_; }

 private:
  void begin_turn();
  void require_playable(bool taken_over_expected) const;
  const TurnResult& execute(std::string_view played, TurnResult result);
  struct Discoveries {
    int discovered = 0;
    int first = 0;  // of them, squares the opponent had not discovered
  };
  Discoveries walk(std::string_view played, TurnResult& result);
  void settle_catch(TurnResult& result);
  void hand_over();

  Maze maze_;
  Starts starts_;
  GameSettings settings_;
  std::array<Knowledge, 2> knowledge_;
  std::array<Start, 2> position_;
  std::array<int, 2> points_{0, 0};
  std::array<int, 2> turns_played_{0, 0};
  std::array<std::optional<FaultKind>, 2> fault_;
  std::array<std::optional<int>, 2> fault_turn_;
  Color to_move_ = Color::Red;
  std::optional<GameEnd> end_;
  std::vector<std::string> input_;
  int pending_discovered_ = 0;  // information-phase discoveries of the current turn
  int pending_first_ = 0;
  std::vector<TurnResult> results_;
};

}  // namespace amazes
