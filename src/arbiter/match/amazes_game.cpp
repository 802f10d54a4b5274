// The built-in Amazes game's driver: gives each player's turn its input from core::Game, and the
// Game what came of it. All rules live in the Game; a turn's reading and timing in the players'
// TurnTakers (turn_taker.hpp).
#include <algorithm>
#include <memory>

#include "amazes/arbiter/match_observer.hpp"
#include "match/game_driver.hpp"
#include "match/seats.hpp"
#include "match/turn_taker.hpp"
#include "process/cpu_pin.hpp"
#include "process/player_process.hpp"
#include "sandbox/sandboxed_player.hpp"

namespace amazes::arbiter {

namespace {

// The turns of an Amazes player (docs/rules.md §4.2.1, §4.3).
constexpr TurnRules kAmazesTurns{.max_line = kMaxLineLength,
                                 .exit_before_input_is_crash = true,
                                 .end_wait = std::chrono::nanoseconds(0),
                                 .keep_more_output = true};

// The fault that a turn's outcome means, when it is not a line for the rules to judge.
std::optional<FaultKind> outcome_fault(TurnOutcome::Kind kind) {
  switch (kind) {
    case TurnOutcome::Kind::Line: return std::nullopt;
    case TurnOutcome::Kind::TooLong: return FaultKind::TooLong;
    case TurnOutcome::Kind::Crashed: return FaultKind::Crash;
    case TurnOutcome::Kind::TimedOut: return FaultKind::Timeout;
    case TurnOutcome::Kind::NoOutput: return FaultKind::NoOutput;
    case TurnOutcome::Kind::Unsolicited: return FaultKind::Unsolicited;
  }
  return FaultKind::Crash;
}

std::optional<std::string> partial_output(const std::string& text) {
  if (text.empty()) return std::nullopt;
  return text;
}

// One turn of a player that still plays for itself (docs/rules.md §4), as logged.
LoggedTurn play_turn(Game& game, Seat& seat, MatchObserver* observer) {
  std::vector<std::string> input = game.input();
  const Color color = game.to_move();
  const auto on_input = [&] {
    if (observer != nullptr) observer->on_write(color, game.turn(), input);
  };
  const TurnOutcome outcome = seat.taker->take_turn(input, on_input);
  if (!outcome.input_written) {
    // Found dead, never started, or it wrote out of turn: nothing was written, nothing charged.
    LoggedTurn turn(game.play_fault(*outcome_fault(outcome.kind)));
    if (outcome.kind == TurnOutcome::Kind::Unsolicited) turn.unsolicited_output = outcome.text;
    return turn;
  }
  if (observer != nullptr && outcome.kind == TurnOutcome::Kind::Line) {
    observer->on_read(color, game.turn(), outcome.text);
  }
  LoggedTurn turn;
  if (const auto fault = outcome_fault(outcome.kind)) {
    turn = LoggedTurn(game.play_fault(*fault));
    turn.output = partial_output(outcome.text);
    turn.more_output = outcome.more_output;
  } else {
    turn = LoggedTurn(game.play(outcome.text));
    turn.output = outcome.text;
    if (turn.fault) turn.more_output = seat.taker->end_after_fault();  // illegal or too long by the rules
  }
  turn.input = std::move(input);
  log_charge(outcome.charge, turn);
  return turn;
}

PlayerOutcome outcome_of(const Game& game, Color color, Seat& seat) {
  PlayerOutcome o;
  o.points = game.points(color);
  o.score = game.score(color);
  o.fault = game.fault(color);
  o.fault_turn = game.fault_turn(color);
  fill_process_outcome(seat, o);
  return o;
}

// Tells the observer of the turn just played, and of its fault if it had one.
void report_turn(MatchObserver& observer, const LoggedTurn& turn, const Seat& seat) {
  observer.on_turn(turn);
  if (!turn.fault) return;
  if (PlayerProcess* process = seat.player().process()) {
    observer.on_fault(turn, process->exit_description());
  } else {
    observer.on_fault(turn, "did not start: " + seat.player().start_error());
  }
}

std::vector<LoggedTurn> play_turns(Game& game, std::array<Seat, 2>& seats, const MatchSpec& spec,
                                   MatchObserver* observer) {
  std::vector<LoggedTurn> turns;
  turns.reserve(2 * static_cast<std::size_t>(spec.settings.turns));
  while (!game.over()) {
    Seat& seat = seats[index_of(game.to_move())];
    if (game.taken_over(game.to_move())) {
      turns.emplace_back(game.play_substitute());
    } else {
      turns.push_back(play_turn(game, seat, observer));
    }
    if (observer != nullptr) report_turn(*observer, turns.back(), seat);
  }
  if (observer != nullptr) observer->on_game_over();
  return turns;
}

// docs/rules.md §4.4: `Quit` on a sudden death, then the grace period and the kill in any case.
void end_players(const Game& game, std::array<Seat, 2>& seats, const MatchSpec& spec, MatchObserver* observer) {
  std::vector<PlayerProcess*> running;
  for (Seat& seat : seats) {
    PlayerProcess* process = seat.player().process();
    if (process != nullptr && !process->reaped()) running.push_back(process);
  }
  if (game.end() == GameEnd::SuddenDeath) {
    static const std::array<std::string, 1> kQuit = {"Quit"};
    for (const Color color : {Color::Red, Color::Blue}) {
      PlayerProcess* process = seats[index_of(color)].player().process();
      if (process == nullptr || process->reaped()) continue;
      if (observer != nullptr) observer->on_write(color, 0, kQuit);
      process->send(kQuit);
    }
  }
  PlayerProcess::finish_all(running, from_ms(spec.settings.grace_ms));
}

class AmazesGame : public GameDriver {
 public:
  AmazesGame(const MatchSpec& spec, MatchObserver* observer) : spec_(spec), observer_(observer) {}
  MatchRecord play() override;

 private:
  const MatchSpec& spec_;
  MatchObserver* observer_;
};

MatchRecord AmazesGame::play() {
  // The record's maze and starts are the setup's, read once (record_of_spec).
  MatchRecord record = record_of_spec(spec_);
  AmazesRecord& played = *record.amazes();
  Game game(played.board.maze, played.board.starts, GameSettings{.turns = spec_.settings.turns});
  std::array<Seat, 2> seats = seat_players(spec_, kAmazesTurns, observer_);
  // From before the first start to after the last reap: the players inherit the mask at fork.
  // Only when their cgroups pause everything they run, and not with the wall clock (cpu_pin.hpp).
  const CpuPin pin(
      spec_.settings.sandbox.pin_cpu && spec_.settings.clock == ClockKind::Cpu &&
      std::all_of(seats.begin(), seats.end(), [](const Seat& seat) { return seat.player().sandbox().uses_cgroup(); }));
  // Both players' sandboxes are made now where that is worth it, at once (blue's while red
  // starts and plays its first turn), on a spare CPU if there is one: a start at its turn then
  // costs an exec. Nothing of a player's program runs before its first turn (start_player);
  // each player runs on the match's CPU (the launch passes it the mask of this thread then).
  {
    const CpuPin::Beside beside(pin);
    for (Seat& seat : seats) seat.taker->prepare();
  }
  played.turns = play_turns(game, seats, spec_, observer_);
  end_players(game, seats, spec_, observer_);

  record.end = *game.end();
  for (const Color color : {Color::Red, Color::Blue}) {
    record.outcome[index_of(color)] = outcome_of(game, color, seats[index_of(color)]);
  }
  record.sandbox = sandbox_record(seats, spec_.settings.sandbox, pin);
  record.sandbox_used = sandbox_used(seats, pin);
  return record;
}

}  // namespace

std::unique_ptr<GameDriver> amazes_game(const MatchSpec& spec, MatchObserver* observer) {
  return std::make_unique<AmazesGame>(spec, observer);
}

}  // namespace amazes::arbiter
