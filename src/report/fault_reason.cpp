#include "amazes/report/fault_reason.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "amazes/overloaded.hpp"
#include "amazes/printable.hpp"
#include "amazes/report/referee_log_view.hpp"
#include "escaped_lines.hpp"

namespace amazes::report {

namespace {

// What it wrote after the faulting line: a runtime's error message, the reason a bot author
// needs most, so it is quoted longer (without its last line end).
constexpr std::size_t kMoreQuotedMax = 200;

std::string more_output_cause(const arbiter::LoggedTurn& turn) {
  if (!turn.more_output) return "";
  std::string_view more = *turn.more_output;
  while (!more.empty() && (more.back() == '\n' || more.back() == '\r')) more.remove_suffix(1);
  if (more.empty()) return "";
  return "; it wrote more on stdout: " + quoted_printable(more, kMoreQuotedMax);
}

// What a line the rules refused holds that they do not accept (docs/rules.md §4.2.1). A single
// '\r' at its end is tolerated, as classify_line tolerates it.
std::string illegal_cause(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.empty()) return "answered an empty line";
  const auto bad = std::find_if(line.begin(), line.end(),
                                [](char c) { return std::string_view("FTLR").find(c) == std::string_view::npos; });
  const auto at = static_cast<std::size_t>(bad - line.begin());
  return fmt::format("answered {}: '{}' (character {}) is not F, T, L or R", quoted_printable(line),
                     printable(line.substr(at, 1)), at + 1);
}

// The limit the turn had, as the log recorded it: the budget left, or its limit per move.
std::string limit_text(const arbiter::TurnExchange& turn, arbiter::LimitHit limit, const arbiter::MatchSettings& s) {
  if (limit == arbiter::LimitHit::Move) {
    return fmt::format("its limit of {:.1f} ms a move ({:.1f} ms were left of its {:g} ms)", turn.limit_ms,
                       turn.budget_ms, s.time_ms);
  }
  return fmt::format("{:.1f} ms were left of its {:g} ms", turn.limit_ms, s.time_ms);
}

// A bot that printed its answer without flushing it waits for input that never comes.
constexpr std::string_view kNotFlushed =
    " (if it wrote its answer, it did not flush it: a bot must flush its output after each line)";

// The limit that ended a turn of a log written before turns recorded it (limit_hit): the rules'
// own decision, made again from what the log has.
arbiter::LimitHit older_limit_hit(const arbiter::TurnExchange& turn, const arbiter::MatchSettings& s) {
  const bool per_move = turn.limit_ms < turn.budget_ms;
  if (s.clock == arbiter::ClockKind::Cpu && turn.time_ms < turn.limit_ms) return arbiter::LimitHit::WallGuard;
  return per_move ? arbiter::LimitHit::Move : arbiter::LimitHit::Budget;
}

}  // namespace

std::string timeout_cause(const arbiter::TurnExchange& turn, const arbiter::MatchSettings& s) {
  const std::string written =
      turn.output ? fmt::format("; it had written {}", quoted_printable(*turn.output)) : std::string();
  const arbiter::LimitHit limit = turn.limit_hit.value_or(older_limit_hit(turn, s));
  if (limit == arbiter::LimitHit::WallGuard) {
    // Its CPU time was not used up: it waited (for input it will not get, on a lock, in sleep),
    // or its answer sits in a buffer it never flushed: the commonest bug of a new bot.
    const double guard_ms = s.wall_guard_factor * turn.limit_ms + s.wall_guard_extra_ms;
    const std::string flush = turn.output ? std::string() : std::string(kNotFlushed);
    return fmt::format(
        "no line within the wall-time guard of {:.1f} ms ({:g} x the {:.1f} ms {} + {:g} ms) while using only {:.1f} "
        "ms of CPU: it was waiting{}{}",
        guard_ms, s.wall_guard_factor, turn.limit_ms, turn.limit_ms < turn.budget_ms ? "a move" : "left",
        s.wall_guard_extra_ms, turn.time_ms, written, flush);
  }
  if (s.clock == arbiter::ClockKind::Wall) {
    if (limit == arbiter::LimitHit::Move)
      return fmt::format("no line within its limit of {:.1f} ms a move (wall clock){}", turn.limit_ms, written);
    return fmt::format("no line within the {:.1f} ms left of its {:g} ms (wall clock){}", turn.limit_ms, s.time_ms,
                       written);
  }
  return fmt::format("used up its CPU time: {:.1f} ms this turn, {}{}", turn.time_ms, limit_text(turn, limit, s),
                     written);
}

namespace {

std::string crash_cause(const arbiter::LoggedTurn& turn) {
  if (turn.input.empty()) {
    return turn.turn == 1 ? "it could not be started" : "its process had ended after its previous answer";
  }
  if (turn.output)
    return fmt::format("it ended (or closed its stdout) after writing {} without a line end",
                       quoted_printable(*turn.output));
  return "it ended (or closed its stdout) before it answered";
}

}  // namespace

std::string fault_cause(const arbiter::LoggedTurn& turn, const arbiter::MatchSettings& settings) {
  if (!turn.fault) return "";
  switch (*turn.fault) {
    case FaultKind::Crash: return crash_cause(turn);
    case FaultKind::Timeout: return timeout_cause(turn, settings);
    case FaultKind::Illegal: return illegal_cause(turn.output.value_or("")) + more_output_cause(turn);
    case FaultKind::TooLong:
      return fmt::format("answered more than {} characters without a line end: {}", kMaxLineLength,
                         quoted_printable(turn.output.value_or(""))) +
             more_output_cause(turn);
    case FaultKind::Unsolicited:
      return fmt::format("wrote before it was given its input: {}",
                         quoted_printable(turn.unsolicited_output.value_or("")));
    case FaultKind::NoOutput:
      return fmt::format("it ended without writing its answer into {}", settings.move_files.output);
  }
  return "";
}

std::string fault_why(const arbiter::MatchRecord& record, Color color) {
  const arbiter::PlayerOutcome& o = record.outcome[index_of(color)];
  if (!o.fault) return "";
  if (o.out_of_memory && *o.fault == FaultKind::Crash) {
    return fmt::format("it went beyond its memory limit of {} MiB, and the kernel killed it",
                       record.settings.sandbox.memory_mb);
  }
  return std::visit(overloaded{[&](const arbiter::AmazesRecord& played) -> std::string {
                                 const auto fault_turn = std::find_if(
                                     played.turns.begin(), played.turns.end(),
                                     [&](const arbiter::LoggedTurn& t) { return t.player == color && t.fault; });
                                 if (fault_turn == played.turns.end()) return "";
                                 return fault_cause(*fault_turn, record.settings);
                               },
                               [&](const arbiter::RefereeRecord&) { return referee_fault_why(record, color); }},
                    record.game);
}

std::string fault_reason(const arbiter::MatchRecord& record, Color color, std::size_t lines) {
  const arbiter::PlayerOutcome& o = record.outcome[index_of(color)];
  if (!o.fault) return "";
  std::string out;
  if (const std::string why = fault_why(record, color); !why.empty()) out += fmt::format("      why: {}\n", why);
  out += fmt::format("      exit: {}\n", printable(o.exit));
  const auto all = escaped_lines(o.stderr_text);
  if (all.empty()) return out + "      stderr: (nothing)\n";
  const std::size_t first = all.size() > lines ? all.size() - lines : 0;
  out += first > 0 ? fmt::format("      stderr, last {} of {} lines:\n", lines, all.size()) : "      stderr:\n";
  for (std::size_t i = first; i < all.size(); ++i) out += "        " + all[i] + "\n";
  return out;
}

}  // namespace amazes::report
