// The built-in Amazes game's driver: moves bytes between two player processes and core::Game,
// and measures time. All rules live in the Game; all file descriptors in PlayerProcess.
#include <algorithm>
#include <memory>

#include "amazes/arbiter/match_observer.hpp"
#include "match/game_driver.hpp"
#include "match/seats.hpp"
#include "match/time_control.hpp"
#include "process/cpu_pin.hpp"
#include "process/player_process.hpp"
#include "sandbox/sandboxed_player.hpp"

namespace amazes::arbiter {

namespace {

// How much of the output waiting at an `unsolicited` turn, or written after a line that
// faulted, goes into the log.
constexpr std::size_t kUnsolicitedKept = 1000;
constexpr std::size_t kMoreOutputKept = 1000;
// How long the rest of a faulting player's output is waited for: a runtime that failed to start
// (a JVM) writes its error and exits at once.
constexpr std::chrono::milliseconds kMoreOutputWait{100};

// The fault that a read result means, when it is not a line for the rules to judge.
std::optional<FaultKind> read_fault(ReadKind kind) {
  switch (kind) {
    case ReadKind::Line: return std::nullopt;
    case ReadKind::TooLong: return FaultKind::TooLong;
    case ReadKind::Closed: return FaultKind::Crash;
    case ReadKind::Timeout: return FaultKind::Timeout;
  }
  return FaultKind::Crash;
}

std::optional<std::string> partial_output(const std::string& text) {
  if (text.empty()) return std::nullopt;
  return text;
}

// What the player wrote after the line that faulted, read before it is killed: often the
// rest of its runtime's error, whose first line the judge took for its move.
std::optional<std::string> more_output(PlayerProcess& process) {
  return partial_output(process.rest_of_stdout(kMoreOutputKept, kMoreOutputWait));
}

// One turn of a player that still plays for itself (docs/rules.md §4), as logged.
// `first`: the player was started for this turn, so whatever it wrote came in this turn.
// Nothing when the player is to be started again in another sandbox (sandbox_failed_the_player):
// the turn is then not played.
std::optional<LoggedTurn> play_turn(Game& game, Seat& seat, bool first, MatchObserver* observer) {
  PlayerProcess* process = seat.player().process();
  if (process == nullptr) {  // it never started: it crashed before its first line
    return LoggedTurn(game.play_fault(FaultKind::Crash));
  }
  if (!first && process->has_unsolicited_output()) {
    // Kept for the log, cut at a length that shows what it was (a flood fills a whole pipe).
    // It was waiting before the judge wrote: nothing is written, and no line read, this turn.
    std::string waiting(process->pending_output().substr(0, kUnsolicitedKept));
    process->kill();
    LoggedTurn turn(game.play_fault(FaultKind::Unsolicited));
    turn.unsolicited_output = std::move(waiting);
    return turn;
  }
  if (process->main_exited()) {
    // It answered its last turn and then died, or a child of it answered after it had died:
    // either way its process exited before its last turn (docs/rules.md §4.3).
    process->kill();
    return LoggedTurn(game.play_fault(FaultKind::Crash));
  }
  // The input goes into the pipe while the player is still stopped: it then wakes once, to
  // find its input waiting, instead of once for SIGCONT and once more for the data.
  std::vector<std::string> input = game.input();
  const Color color = game.to_move();
  if (observer != nullptr) observer->on_write(color, game.turn(), input);
  const ReadResult read = take_turn(seat, input, kMaxLineLength);
  if (first && read.kind == ReadKind::Closed && read.text.empty() && seat.player().sandbox_to_blame_for_first_turn()) {
    return std::nullopt;
  }
  if (observer != nullptr && read.kind == ReadKind::Line) observer->on_read(color, game.turn(), read.text);
  const TurnCharge charged = seat.clock.charge(read.cpu, read.wall, read.kind == ReadKind::Timeout);
  LoggedTurn turn;
  if (const auto fault = read_fault(read.kind)) {
    std::optional<std::string> more = *fault == FaultKind::TooLong ? more_output(*process) : std::nullopt;
    process->kill();
    turn = LoggedTurn(game.play_fault(*fault));
    turn.output = partial_output(read.text);
    turn.more_output = std::move(more);
  } else {
    turn = LoggedTurn(game.play(read.text));
    turn.output = read.text;
    if (turn.fault) {  // illegal or too long by the rules
      turn.more_output = more_output(*process);
      process->kill();
    }
  }
  turn.input = std::move(input);
  log_charge(charged, turn);
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
      const bool first = !seat.player().started();
      if (first) start_player(seat, game.to_move(), spec, observer);
      std::optional<LoggedTurn> turn = play_turn(game, seat, first, observer);
      if (!turn) continue;  // its sandbox failed it: to be started again, in another one
      turns.push_back(std::move(*turn));
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
  Game game(record.maze, record.starts, GameSettings{.turns = spec_.settings.turns});
  std::array<Seat, 2> seats = seat_players(spec_);
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
    for (Seat& seat : seats) seat.player().prepare();
  }
  record.turns = play_turns(game, seats, spec_, observer_);
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
