#include "match/referee_players.hpp"

#include "amazes/arbiter/match_observer.hpp"

#include <algorithm>
#include <csignal>
#include <cstring>
#include <string_view>

namespace amazes::arbiter {

namespace {

// caiaio's markers (mainloop.h), written to the referee instead of a player's line.
constexpr const char* kTimeoutMarker = "<caiaio:_player_timeout>";
constexpr const char* kStoppedMarker = "<caiaio:_player_stopped>";
constexpr const char* kEmptyLineMarker = "<caiaio:_player_sends_'\\n'>";
// Not caiaio's: a player run once per move that ended without its output file (NIO's BESTAND).
constexpr const char* kNoOutputMarker = "<caiaio:_player_no_output_file>";

// What every marker begins with. A player's line that begins so would reach the referee as a
// marker the judge never sent (caiaio passes it on, and a referee cannot tell): it is the
// player's `illegal` fault instead (docs/referees.md §6).
constexpr std::string_view kMarkerStart = "<caiaio:";

// `<caiaio:_player_crashed:_Segmentation_fault>`: strsignal's words, spaces as `_`.
std::string crashed_marker(int signal) {
  std::string name = ::strsignal(signal);
  std::replace(name.begin(), name.end(), ' ', '_');
  return "<caiaio:_player_crashed:_" + name + ">";
}

// How long a player whose output ended may take to end, for the marker that says how it did.
constexpr std::chrono::milliseconds kEndWait{200};

// How much of what a player wrote that was no line (cut short, too long, out of turn) is logged.
constexpr std::size_t kOutputKept = 1000;

std::optional<std::string> kept_output(std::string_view text) {
  if (text.empty()) return std::nullopt;
  return std::string(text.substr(0, kOutputKept));
}

Color color_of(int player) { return player == 1 ? Color::Red : Color::Blue; }

}  // namespace

RefereePlayers::RefereePlayers(const MatchSpec& spec, MatchObserver* observer,
                               const std::filesystem::path& move_folders)
    : spec_(spec), observer_(observer), seats_(seat_players(spec, move_folders)) {
  for (Seat& seat : seats_) {
    if (!seat.per_move) seat.player().prepare();
  }
}

// A line that reads like a marker: the player's `illegal` fault, and the referee gets what it gets
// for an answer that is no move, the empty line's marker, which every referee judges illegal.
RefereeLine RefereePlayers::marker_lookalike(int player, RefereeLine line, const std::string& text) {
  line.output = kept_output(text);
  line.fault = FaultKind::Illegal;
  line.marker = true;
  line.text = kEmptyLineMarker;
  fault(player, FaultKind::Illegal, line.listen, kEmptyLineMarker);
  return line;
}

void RefereePlayers::fault(int player, FaultKind kind, int listen, std::string marker) {
  Side& faulted = side(player);
  faulted.marker = std::move(marker);
  if (faulted.fault) return;
  faulted.fault = kind;
  faulted.fault_listen = listen;
}

RefereeLine RefereePlayers::write(int player, std::string text) {
  RefereeLine line = referee_line(RefereeRoute::RefereeToPlayer, player, std::move(text));
  if (side(player).marker) {
    line.dropped = true;
    return line;
  }
  if (seat(player).per_move || !seat(player).player().started()) {
    side(player).pending.push_back(line.text);
    return line;
  }
  PlayerProcess* process = seat(player).player().process();
  if (process == nullptr) {  // it could not be started: its next listen says so
    line.dropped = true;
    return line;
  }
  if (process->has_unsolicited_output()) {
    // Written before the player could have read this line: out of turn, as in an Amazes game.
    line.output = kept_output(process->pending_output());
    process->kill();
    line.dropped = true;
    line.fault = FaultKind::Unsolicited;
    fault(player, FaultKind::Unsolicited, side(player).listens + 1, crashed_marker(SIGKILL));
    return line;
  }
  const std::array<std::string, 1> lines = {line.text};
  process->send(lines);
  return line;
}

// The read of one listen; nothing when the player's untested sandbox failed it at its first
// listen and it is to be started again elsewhere (sandboxed_player.hpp).
std::optional<ReadResult> RefereePlayers::read_answer(int player) {
  SandboxedPlayer& sandboxed = seat(player).player();
  const bool first = !sandboxed.started();
  if (first) start_player(seat(player), color_of(player), spec_, observer_);
  if (sandboxed.process() == nullptr) return ReadResult{};  // it could not be started: it stopped at once
  // caiaio's clock runs from the listen: what was written before waits in the pipe, or for a
  // player just started, goes now.
  const ReadResult read = take_turn(seat(player), side(player).pending, kRefereeGameMaxLine);
  if (first && read.kind == ReadKind::Closed && read.text.empty() && sandboxed.sandbox_to_blame_for_first_turn()) {
    return std::nullopt;
  }
  side(player).pending.clear();
  return read;
}

// A listen to a player run once per move: its input file the lines written since its last answer.
RefereeLine RefereePlayers::listen_per_move(int player, RefereeLine line) {
  const PlayerOptions options = player_options(spec_, color_of(player), observer_);
  // As a pipe player's line in a referee game.
  const ReadLimits limits = seat(player).clock.read_limits(kRefereeGameMaxLine);
  const MoveAnswer answer = seat(player).per_move->play(side(player).pending, limits, options);
  side(player).pending.clear();
  log_charge(seat(player).clock.charge(answer.cpu, answer.wall, answer.kind == MoveAnswer::Kind::Timeout), line);
  if (answer.kind == MoveAnswer::Kind::Line && answer.text.starts_with(kMarkerStart)) {
    return marker_lookalike(player, std::move(line), answer.text);
  }
  if (answer.kind == MoveAnswer::Kind::Line) {
    line.marker = answer.text.empty();
    line.text = answer.text.empty() ? kEmptyLineMarker : answer.text;
    return line;
  }
  line.output = kept_output(answer.text);
  FaultKind kind = FaultKind::Timeout;
  std::string marker = kTimeoutMarker;
  if (answer.kind == MoveAnswer::Kind::TooLong) {
    kind = FaultKind::TooLong;
    marker = crashed_marker(SIGKILL);  // as for a pipe player: the judge ends it
  } else if (answer.kind == MoveAnswer::Kind::NoOutput) {
    kind = FaultKind::NoOutput;
    marker = kNoOutputMarker;
    if (!answer.why.empty()) line.why = answer.why;
  }
  fault(player, kind, line.listen, marker);
  line.fault = kind;
  line.text = marker;
  return line;
}

RefereeLine RefereePlayers::listen(int player) {
  RefereeLine line = referee_line(RefereeRoute::PlayerToReferee, player, {});
  line.listen = ++side(player).listens;
  line.marker = true;
  if (side(player).marker) {
    line.text = *side(player).marker;
    return line;
  }
  if (seat(player).per_move) return listen_per_move(player, std::move(line));
  std::optional<ReadResult> read;
  while (!read) read = read_answer(player);
  log_charge(seat(player).clock.charge(read->cpu, read->wall, read->kind == ReadKind::Timeout), line);
  PlayerProcess* process = seat(player).player().process();
  if (read->kind == ReadKind::Line && read->text.starts_with(kMarkerStart)) {
    if (process != nullptr) process->kill();  // faulted: not listened to again
    return marker_lookalike(player, std::move(line), read->text);
  }
  if (read->kind == ReadKind::Line) {
    line.marker = read->text.empty();
    line.text = read->text.empty() ? kEmptyLineMarker : read->text;
    return line;
  }
  line.output = kept_output(read->text);
  if (process != nullptr && read->kind == ReadKind::Closed) {
    // Ended, or about to: how (a signal, or an exit) is the marker's, so let it end.
    process->finish(kEndWait);
  } else if (process != nullptr) {
    process->kill();
  }
  std::string marker;
  FaultKind kind = FaultKind::Crash;
  if (read->kind == ReadKind::TooLong) {
    kind = FaultKind::TooLong;
    marker = crashed_marker(SIGKILL);  // the judge killed it
  } else if (read->kind == ReadKind::Timeout) {
    kind = FaultKind::Timeout;
    marker = kTimeoutMarker;
  } else {
    std::optional<int> signal = process != nullptr ? process->termination_signal() : std::nullopt;
    if (!signal && process != nullptr && process->control().out_of_memory()) signal = SIGKILL;
    marker = signal ? crashed_marker(*signal) : kStoppedMarker;
  }
  fault(player, kind, line.listen, marker);
  line.fault = kind;
  line.text = marker;
  return line;
}

long long RefereePlayers::time_ms(int player) const {
  return static_cast<long long>(to_ms(seats_[static_cast<std::size_t>(player - 1)].clock.charged()));
}

std::vector<PlayerProcess*> RefereePlayers::running() {
  std::vector<PlayerProcess*> processes;
  for (Seat& player : seats_) {
    if (player.per_move) continue;  // each move's program has ended with its move
    PlayerProcess* process = player.player().process();
    if (process != nullptr && !process->reaped()) processes.push_back(process);
  }
  return processes;
}

void RefereePlayers::fill_record(MatchRecord& record) {
  for (std::size_t i = 0; i < sides_.size(); ++i) {
    PlayerOutcome& outcome = record.outcome[i];
    outcome.fault = sides_[i].fault;
    if (sides_[i].fault) outcome.fault_turn = sides_[i].fault_listen;
    fill_process_outcome(seats_[i], outcome);
  }
  // The players take turns with the referee, not only with each other: no CPU of their own.
  const CpuPin unpinned(false);
  record.sandbox = sandbox_record(seats_, spec_.settings.sandbox, unpinned);
  record.sandbox_used = sandbox_used(seats_, unpinned);
}

}  // namespace amazes::arbiter
