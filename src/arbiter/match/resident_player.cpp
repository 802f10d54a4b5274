#include "match/resident_player.hpp"

#include <csignal>

namespace amazes::arbiter {

namespace {

// How long the rest of a faulting player's output is waited for: a runtime that failed to start (a
// JVM) writes its error and exits at once.
constexpr std::chrono::milliseconds kMoreOutputWait{100};

std::string kept(std::string_view text) { return std::string(text.substr(0, kOutputKept)); }

// Output waiting when lines are to be written was written out of turn: what was waiting, kept for
// the log, cut at a length that shows what it was (a flood fills a whole pipe); the player killed.
std::optional<std::string> out_of_turn(PlayerProcess& process) {
  if (!process.has_unsolicited_output()) return std::nullopt;
  std::string waiting = kept(process.pending_output());
  process.kill();
  return waiting;
}

}  // namespace

ResidentPlayer::ResidentPlayer(std::unique_ptr<SandboxedPlayer> player, PlayerClock clock, TurnRules rules,
                               std::function<void(SandboxedPlayer&)> start)
    : player_(std::move(player)), clock_(std::move(clock)), rules_(rules), start_(std::move(start)) {}

Delivery ResidentPlayer::write(std::span<const std::string> lines) {
  if (!player_->started()) {
    pending_.insert(pending_.end(), lines.begin(), lines.end());
    return {};
  }
  PlayerProcess* process = player_->process();
  if (process == nullptr) return {.dropped = true};  // it could not be started: its next turn says so
  if (lines.empty()) return {};
  if (auto waiting = out_of_turn(*process)) return {true, std::move(waiting)};
  process->send(lines);
  return {};
}

TurnOutcome ResidentPlayer::before_input(TurnOutcome::Kind kind, std::string text) {
  TurnOutcome outcome;
  outcome.kind = kind;
  outcome.text = std::move(text);
  outcome.charge = clock_.charge({}, {}, false);
  return outcome;
}

TurnOutcome ResidentPlayer::take_turn(std::span<const std::string> input, const std::function<void()>& on_input) {
  while (true) {
    // `first`: the player was started for this turn, so whatever it wrote came in this turn.
    const bool first = !player_->started();
    if (first) start_(*player_);
    PlayerProcess* process = player_->process();
    if (process == nullptr) return before_input(TurnOutcome::Kind::Crashed);  // it crashed before its first line
    // Output waiting when its input is to be written was written out of turn (docs/rules.md §4.3):
    // nothing is written, and no line read. A player just started had no turn to write out of.
    if (!first && !input.empty()) {
      if (auto waiting = out_of_turn(*process)) {
        return before_input(TurnOutcome::Kind::Unsolicited, std::move(*waiting));
      }
    }
    if (rules_.exit_before_input_is_crash && process->main_exited()) {
      // It answered its last turn and then died, or a child of it answered after it had died:
      // either way its process exited before its last turn (docs/rules.md §4.3).
      process->kill();
      return before_input(TurnOutcome::Kind::Crashed);
    }
    if (on_input) on_input();
    // The input goes into the pipe while the player is still stopped: it then wakes once, to find
    // its input waiting, instead of once for SIGCONT and once more for the data. The turn's wall
    // clock starts here (for a referee's listen: caiaio's clock runs from the listen).
    std::span<const std::string> lines = input;
    std::vector<std::string> with_pending;
    if (!pending_.empty()) {
      with_pending = pending_;
      with_pending.insert(with_pending.end(), input.begin(), input.end());
      lines = with_pending;
    }
    process->send(lines);
    process->resume();
    const ReadResult read = process->read_line(clock_.read_limits(rules_.max_line));
    process->pause();
    if (first && read.kind == ReadKind::Closed && read.text.empty() && player_->sandbox_to_blame_for_first_turn()) {
      continue;  // its untested sandbox failed it: started again, in another one
    }
    pending_.clear();
    return outcome_of(read, *process);
  }
}

TurnOutcome ResidentPlayer::outcome_of(const ReadResult& read, PlayerProcess& process) {
  TurnOutcome outcome;
  outcome.input_written = true;
  outcome.charge = clock_.charge(read.cpu, read.wall, read.kind == ReadKind::Timeout);
  switch (read.kind) {
    case ReadKind::Line:
      outcome.kind = TurnOutcome::Kind::Line;
      outcome.text = read.text;
      return outcome;
    case ReadKind::TooLong:
      outcome.kind = TurnOutcome::Kind::TooLong;
      if (rules_.keep_more_output) outcome.more_output = more_output(process);
      process.kill();
      break;
    case ReadKind::Timeout:
      outcome.kind = TurnOutcome::Kind::TimedOut;
      process.kill();
      break;
    case ReadKind::Closed:
      outcome.kind = TurnOutcome::Kind::Crashed;
      if (rules_.end_wait > std::chrono::nanoseconds(0)) {
        // Ended, or about to: how (a signal, or an exit) is the game's to tell, so let it end.
        process.finish(rules_.end_wait);
        outcome.signal = process.termination_signal();
        if (!outcome.signal && process.control().out_of_memory()) outcome.signal = SIGKILL;
      } else {
        process.kill();
      }
      break;
  }
  outcome.text = kept(read.text);
  return outcome;
}

// What the player wrote after the line that faulted, read before it is killed: often the rest of
// its runtime's error, whose first line the judge took for its move.
std::optional<std::string> ResidentPlayer::more_output(PlayerProcess& process) const {
  std::string more = process.rest_of_stdout(kOutputKept, kMoreOutputWait);
  if (more.empty()) return std::nullopt;
  return more;
}

std::optional<std::string> ResidentPlayer::end_after_fault() {
  PlayerProcess* process = player_->process();
  if (process == nullptr) return std::nullopt;
  std::optional<std::string> more = rules_.keep_more_output ? more_output(*process) : std::nullopt;
  process->kill();
  return more;
}

PlayerProcess* ResidentPlayer::running() {
  PlayerProcess* process = player_->process();
  return process != nullptr && !process->reaped() ? process : nullptr;
}

}  // namespace amazes::arbiter
