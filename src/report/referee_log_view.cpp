#include "amazes/report/referee_log_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "amazes/printable.hpp"
#include "amazes/report/fault_reason.hpp"
#include "escaped_lines.hpp"

namespace amazes::report {

namespace {

using arbiter::RefereeLine;
using arbiter::RefereeRoute;

std::string listen_text(const RefereeLine& line) {
  const std::string text = printable(line.text);
  if (!line.marker) return fmt::format("{} → referee: {} ({:.1f} ms)", line.player, text, line.time_ms);
  if (line.fault) {
    return fmt::format("{}: {} ({}, {:.1f} ms)", line.player, text, fault_name(*line.fault), line.time_ms);
  }
  if (line.time_ms > 0) return fmt::format("{}: {} (an empty line, {:.1f} ms)", line.player, text, line.time_ms);
  return fmt::format("{}: {}", line.player, text);  // a player that faulted before
}

// "1 white more_runner": the referee's number (its lines below use it), the side as the game
// names it (but for a game the judge does not know), the name.
std::string player_label(const arbiter::MatchRecord& record, std::size_t i) {
  const std::string side = record.settings.game.side_name(static_cast<int>(i));
  const std::string number = std::to_string(i + 1);
  return side == number ? fmt::format("{} {}", number, printable(record.players[i].name))
                        : fmt::format("{} {} {}", number, side, printable(record.players[i].name));
}

std::string crash_why(const RefereeLine& line) {
  const std::string written =
      line.output ? fmt::format(" after writing {} without a line end", quoted_printable(*line.output)) : std::string();
  if (line.text.find("_crashed:_") != std::string::npos) {
    return fmt::format("it was killed by a signal{} (the referee got {})", written, printable(line.text));
  }
  return fmt::format("it ended (or closed its stdout){} before it answered its listen", written);
}

// The line at which the judge saw the player's fault; nothing when the fault is the referee's.
const RefereeLine* judge_fault_line(const arbiter::MatchRecord& record, int player) {
  const auto& transcript = std::get<arbiter::RefereeRecord>(record.game).transcript;
  const auto at = std::find_if(transcript.begin(), transcript.end(),
                               [&](const RefereeLine& l) { return l.player == player && l.fault.has_value(); });
  return at == transcript.end() ? nullptr : &*at;
}

// The `fault=…` word of the referee's report.
std::string reported_fault_word(const arbiter::RefereeRecord& referee) {
  const std::size_t at = referee.report.rfind(" fault=");
  if (at == std::string::npos) return "";
  const std::size_t end = referee.report.find_first_of(" \t", at + 1);
  return referee.report.substr(at + 1, end == std::string::npos ? std::string::npos : end - at - 1);
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
  if (!o.fault || record.referee() == nullptr) return "";
  const int player = index_of(color) + 1;
  const RefereeLine* at = judge_fault_line(record, player);
  if (at == nullptr) {
    // The referee's reason quotes the player's line: its bytes escaped, like the player's own.
    if (!o.fault_reason.empty()) return "the referee judged it: " + printable(o.fault_reason);
    return fmt::format("the referee judged it: its report says {}",
                       quoted_printable(reported_fault_word(*record.referee())));
  }
  const RefereeLine& line = *at;
  switch (*line.fault) {
    case FaultKind::Timeout: return timeout_cause(line, record.settings);
    case FaultKind::NoOutput:
      if (line.why) {
        return fmt::format("it was not run: {} (the referee got {})", printable(*line.why), printable(line.text));
      }
      return fmt::format("it ended without writing its answer into {} (the referee got {})",
                         record.settings.move_files.output, printable(line.text));
    case FaultKind::TooLong:
      return fmt::format("answered a line longer than the judge takes in a referee game: {}",
                         quoted_printable(line.output.value_or("")));
    case FaultKind::Unsolicited:
      return fmt::format("wrote out of turn, before the referee's next line reached it: {}",
                         quoted_printable(line.output.value_or("")));
    case FaultKind::Crash: return crash_why(line);
    case FaultKind::Illegal:
      // The one `illegal` the judge sees itself: a line the referee would take for a marker.
      return fmt::format("answered a line that reads like one of caiaio's markers: {} (the referee got {})",
                         quoted_printable(line.output.value_or("")), printable(line.text));
  }
  return "";
}

std::string referee_fault_text(const arbiter::MatchRecord& record, Color color) {
  const arbiter::PlayerOutcome& o = record.outcome[index_of(color)];
  if (!o.fault || record.referee() == nullptr) return "-";
  const std::string kind(fault_name(*o.fault));
  if (judge_fault_line(record, index_of(color) + 1) != nullptr) {
    return fmt::format("{} at listen {}", kind, o.fault_turn.value_or(0));
  }
  return o.fault_turn ? fmt::format("{} at move {} (the referee's)", kind, *o.fault_turn) : kind + " (the referee's)";
}

std::string referee_values_text(const arbiter::PlayerOutcome& outcome) {
  std::string text;
  for (const auto& [name, value] : outcome.values) text += fmt::format("  {} {}", name, value);
  return text;
}

std::string render_referee_log(const arbiter::MatchRecord& record) {
  const arbiter::RefereeRecord& referee = std::get<arbiter::RefereeRecord>(record.game);
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
    out += fmt::format("{:<22} score {:>4}  time {:.1f} ms  fault {}{}\n", player_label(record, index_of(color)),
                       o.score, o.time_ms, referee_fault_text(record, color), referee_values_text(o));
    out += fault_reason(record, color);
  }
  if (!referee.stderr_text.empty()) {
    out += "referee's stderr:\n";
    for (const std::string& line : escaped_lines(referee.stderr_text)) out += "  " + line + "\n";
  }
  return out;
}

std::string render_referee_streams(const arbiter::MatchRecord& record) {
  const arbiter::RefereeRecord& referee = std::get<arbiter::RefereeRecord>(record.game);
  std::string out;
  const auto stream = [&out](const std::string& title, const std::string& text, std::uint64_t dropped) {
    out += fmt::format("{} ({} bytes{}):\n", title, text.size(),
                       dropped > 0 ? fmt::format(", {} more dropped", dropped) : std::string());
    for (const std::string& line : escaped_lines(text)) out += "  " + line + "\n";
  };
  for (std::size_t i = 0; i < 2; ++i) {
    const arbiter::PlayerOutcome& o = record.outcome[i];
    stream(player_label(record, i) + " stderr", o.stderr_text, o.stderr_dropped);
    for (const RefereeLine& line : referee.transcript) {
      if (line.player != static_cast<int>(i) + 1 || !line.output || line.fault != FaultKind::Unsolicited) continue;
      out += fmt::format("{} wrote out of turn:\n", player_label(record, i));
      for (const std::string& text : escaped_lines(*line.output)) out += "  " + text + "\n";
    }
  }
  stream("referee's stderr", referee.stderr_text, referee.stderr_dropped);
  stream("referee's own log", referee.log_text, referee.log_dropped);
  return out;
}

}  // namespace amazes::report
