#include "match/referee_players.hpp"

#include <algorithm>
#include <csignal>
#include <cstring>
#include <string_view>
#include <utility>

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

// The turns of a referee game's player: a line as long as any game's, and a player whose output
// ended given the time to end, for the marker that says how it did.
constexpr TurnRules kRefereeGameTurns{.max_line = kRefereeGameMaxLine,
                                      .exit_before_input_is_crash = false,
                                      .end_wait = std::chrono::milliseconds(200),
                                      .keep_more_output = false};

// What a player wrote that was no line (cut short, too long, out of turn, like a marker), logged.
std::optional<std::string> kept_output(std::string_view text) {
  if (text.empty()) return std::nullopt;
  return std::string(text.substr(0, kOutputKept));
}

// caiaio's marker and the fault for a listen's outcome that is no line.
std::pair<FaultKind, std::string> fault_marker(const TurnOutcome& outcome) {
  switch (outcome.kind) {
    case TurnOutcome::Kind::TooLong: return {FaultKind::TooLong, crashed_marker(SIGKILL)};  // the judge killed it
    case TurnOutcome::Kind::TimedOut: return {FaultKind::Timeout, kTimeoutMarker};
    case TurnOutcome::Kind::NoOutput: return {FaultKind::NoOutput, kNoOutputMarker};
    case TurnOutcome::Kind::Unsolicited: return {FaultKind::Unsolicited, crashed_marker(SIGKILL)};
    case TurnOutcome::Kind::Line:
    case TurnOutcome::Kind::Crashed: break;
  }
  return {FaultKind::Crash, outcome.signal ? crashed_marker(*outcome.signal) : kStoppedMarker};
}

}  // namespace

RefereePlayers::RefereePlayers(const MatchSpec& spec, MatchObserver* observer,
                               const std::filesystem::path& move_folders)
    : spec_(spec), seats_(seat_players(spec, kRefereeGameTurns, observer, move_folders)) {
  for (Seat& seat : seats_) seat.taker->prepare();
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
  const std::array<std::string, 1> lines = {line.text};
  Delivery delivery = seat(player).taker->write(lines);
  line.dropped = delivery.dropped;
  if (delivery.unsolicited) {
    // Written before the player could have read this line: out of turn, as in an Amazes game.
    line.output = kept_output(*delivery.unsolicited);
    line.fault = FaultKind::Unsolicited;
    fault(player, FaultKind::Unsolicited, side(player).listens + 1, crashed_marker(SIGKILL));
  }
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
  // caiaio's clock runs from the listen: what was written before waits for it.
  const TurnOutcome outcome = seat(player).taker->take_turn({});
  log_charge(outcome.charge, line);
  if (outcome.kind == TurnOutcome::Kind::Line && outcome.text.starts_with(kMarkerStart)) {
    seat(player).taker->end_after_fault();  // faulted: not listened to again
    return marker_lookalike(player, std::move(line), outcome.text);
  }
  if (outcome.kind == TurnOutcome::Kind::Line) {
    line.marker = outcome.text.empty();
    line.text = outcome.text.empty() ? kEmptyLineMarker : outcome.text;
    return line;
  }
  line.output = kept_output(outcome.text);
  if (!outcome.why.empty()) line.why = outcome.why;
  const auto [kind, marker] = fault_marker(outcome);
  fault(player, kind, line.listen, marker);
  line.fault = kind;
  line.text = marker;
  return line;
}

long long RefereePlayers::time_ms(int player) const {
  return static_cast<long long>(to_ms(seats_[static_cast<std::size_t>(player - 1)].clock().charged()));
}

std::vector<PlayerProcess*> RefereePlayers::running() {
  std::vector<PlayerProcess*> processes;
  for (Seat& seat : seats_) {
    if (PlayerProcess* process = seat.taker->running()) processes.push_back(process);
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
