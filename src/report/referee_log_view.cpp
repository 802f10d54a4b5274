#include "amazes/report/referee_log_view.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "amazes/printable.hpp"
#include "amazes/report/fault_reason.hpp"
#include "escaped_lines.hpp"

namespace amazes::report {

namespace {

using arbiter::RefereeLine;
using arbiter::RefereeRoute;

// A player's bytes quoted in a why: escaped and cut short (the log keeps them whole).
constexpr std::size_t kQuotedMax = 60;

std::string quoted(std::string_view raw) {
  std::string text = printable(raw.substr(0, kQuotedMax));
  if (raw.size() > kQuotedMax) text += "...";
  return "\"" + text + "\"";
}

std::string listen_text(const RefereeLine& line) {
  const std::string text = printable(line.text);
  if (!line.marker) return fmt::format("{} → referee: {} ({:.1f} ms)", line.player, text, line.time_ms);
  if (line.fault) {
    return fmt::format("{}: {} ({}, {:.1f} ms)", line.player, text, fault_name(*line.fault), line.time_ms);
  }
  if (line.time_ms > 0) return fmt::format("{}: {} (an empty line, {:.1f} ms)", line.player, text, line.time_ms);
  return fmt::format("{}: {}", line.player, text);  // a player that faulted before
}

std::string player_label(const arbiter::MatchRecord& record, std::size_t i) {
  return fmt::format("{} {}", i + 1, printable(record.players[i].name));
}

// The time charged for the player's listens before `listen`.
double charged_before(const arbiter::MatchRecord& record, int player, int listen) {
  double charged = 0;
  for (const RefereeLine& line : record.referee->transcript) {
    if (line.route == RefereeRoute::PlayerToReferee && line.player == player && line.listen < listen) {
      charged += line.time_ms;
    }
  }
  return charged;
}

std::string crash_why(const RefereeLine& line) {
  const std::string written =
      line.output ? fmt::format(" after writing {} without a line end", quoted(*line.output)) : std::string();
  if (line.text.find("_crashed:_") != std::string::npos) {
    return fmt::format("it was killed by a signal{} (the referee got {})", written, printable(line.text));
  }
  return fmt::format("it ended (or closed its stdout){} before it answered its listen", written);
}

}  // namespace

std::string referee_line_text(const RefereeLine& line) {
  const std::string text = printable(line.text);
  switch (line.route) {
    case RefereeRoute::RefereeToJudge: return "referee → judge: " + text;
    case RefereeRoute::JudgeToReferee: return "judge → referee: " + text;
    case RefereeRoute::RefereeToManager: return "referee → manager: " + text;
    case RefereeRoute::PlayerToReferee: return listen_text(line);
    case RefereeRoute::RefereeToPlayer: break;
  }
  std::string shown = fmt::format("referee → {}: {}", line.player, text);
  if (line.fault) return shown + fmt::format(" (not written: {} wrote out of turn)", line.player);
  if (line.dropped) return shown + " (not written: the player has faulted)";
  return shown;
}

std::string referee_fault_why(const arbiter::MatchRecord& record, Color color) {
  const arbiter::PlayerOutcome& o = record.outcome[index_of(color)];
  if (!o.fault || !record.referee) return "";
  const int player = index_of(color) + 1;
  const auto& transcript = record.referee->transcript;
  const auto at = std::find_if(transcript.begin(), transcript.end(),
                               [&](const RefereeLine& l) { return l.player == player && l.fault.has_value(); });
  if (at == transcript.end()) return "";
  const RefereeLine& line = *at;
  switch (*line.fault) {
    case FaultKind::Timeout: {
      arbiter::LoggedTurn turn;
      turn.fault = FaultKind::Timeout;
      turn.time_ms = line.time_ms;
      turn.output = line.output;
      return fault_cause(turn, record.settings, record.settings.time_ms - charged_before(record, player, line.listen));
    }
    case FaultKind::TooLong:
      return fmt::format("answered a line longer than the judge takes in a referee game: {}",
                         quoted(line.output.value_or("")));
    case FaultKind::Unsolicited:
      return fmt::format("wrote out of turn, before the referee's next line reached it: {}",
                         quoted(line.output.value_or("")));
    case FaultKind::Crash: return crash_why(line);
    case FaultKind::Illegal: break;
  }
  return "";
}

std::string render_referee_log(const arbiter::MatchRecord& record) {
  const arbiter::RefereeRecord& referee = *record.referee;
  std::string out = fmt::format("referee game {}{}\n", printable(record.id),
                                record.seed ? fmt::format(" (seed {})", *record.seed) : std::string());
  std::string command;
  for (const std::string& word : referee.command) command += (command.empty() ? "" : " ") + printable(word);
  out += fmt::format("referee: {} ({})\n", command, printable(referee.exit));
  for (std::size_t i = 0; i < 2; ++i) {
    out += fmt::format("player {}: {}\n", player_label(record, i), printable(record.players[i].command));
  }
  out += "\n";
  for (const RefereeLine& line : referee.transcript) out += referee_line_text(line) + "\n";
  out += fmt::format("\nresult: {}\n", referee.report.empty() ? "(none)" : printable(referee.report));
  for (const Color color : {Color::Red, Color::Blue}) {
    const arbiter::PlayerOutcome& o = record.outcome[index_of(color)];
    const std::string fault =
        o.fault ? fmt::format("{} at listen {}", fault_name(*o.fault), o.fault_turn.value_or(0)) : "-";
    out += fmt::format("{:<22} score {:>4}  time {:.1f} ms  fault {}\n", player_label(record, index_of(color)), o.score,
                       o.time_ms, fault);
    out += fault_reason(record, color);
  }
  if (!referee.stderr_text.empty()) {
    out += "referee's stderr:\n";
    for (const std::string& line : escaped_lines(referee.stderr_text)) out += "  " + line + "\n";
  }
  return out;
}

}  // namespace amazes::report
