#include "match_debug.hpp"

#include <fmt/format.h>

#include "amazes/printable.hpp"
#include "amazes/report/fault_reason.hpp"
#include "amazes/report/referee_log_view.hpp"

namespace amazes::cli {

namespace {

// A stderr "line" that never ends is shown in pieces of this size: the printer keeps no more.
constexpr std::size_t kMaxPartial = 4096;

std::string turn_label(int turn) { return turn == 0 ? std::string("end") : std::to_string(turn); }

}  // namespace

void DebugPrinter::print(Color player, std::string_view turn, std::string_view mark, std::string_view text) {
  // A referee game's players are caiaio's 1 and 2, and its stderr comes under no turn the judge knows.
  const bool refereed = !settings_.game.built_in();
  const std::string_view who = refereed ? (player == Color::Red ? "1" : "2") : color_name(player);
  if (refereed && mark == "!") turn = "-";
  // One write per line, so that a line is whole even when the terminal also gets other output.
  out_ << fmt::format("{:<5} {:>3} {} {}\n", who, turn, mark, text) << std::flush;
}

void DebugPrinter::on_write(Color player, int turn, std::span<const std::string> lines) {
  sides_[index_of(player)].turn = turn_label(turn);
  for (const std::string& line : lines) print(player, turn_label(turn), "<", printable(line));
}

void DebugPrinter::on_read(Color player, int turn, std::string_view line) {
  print(player, turn_label(turn), ">", printable(line));
}

void DebugPrinter::on_stderr(Color player, std::string_view bytes) {
  Side& side = sides_[index_of(player)];
  if (side.cut) return;
  const std::size_t room = settings_.stderr_limit - side.seen;
  const bool beyond = bytes.size() > room;
  if (beyond) bytes = bytes.substr(0, room);
  side.seen += bytes.size();
  while (!bytes.empty()) {
    const std::size_t end = bytes.find('\n');
    const std::size_t take =
        std::min(end == std::string_view::npos ? bytes.size() : end, kMaxPartial - side.partial.size());
    side.partial.append(bytes.substr(0, take));
    bytes.remove_prefix(take);
    const bool ended = !bytes.empty() && bytes.front() == '\n';
    if (ended) bytes.remove_prefix(1);
    if (ended || side.partial.size() == kMaxPartial) flush_partial(player);
  }
  if (beyond) {
    if (!side.partial.empty()) flush_partial(player);
    print(player, side.turn, "!",
          fmt::format("(the rest of its stderr is not shown: the first {} bytes are, as the log keeps them; "
                      "--stderr-limit sets it)",
                      settings_.stderr_limit));
    side.cut = true;
  }
}

void DebugPrinter::flush_partial(Color player) {
  Side& side = sides_[index_of(player)];
  std::string_view line = side.partial;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  print(player, side.turn, "!", printable(line));
  side.partial.clear();
}

void DebugPrinter::on_fault(const arbiter::LoggedTurn& turn, std::string_view exit) {
  Side& side = sides_[index_of(turn.player)];
  if (!side.partial.empty()) flush_partial(turn.player);
  print(
      turn.player, turn_label(turn.turn), "FAULT",
      fmt::format("{}: {} (exit: {})", fault_name(*turn.fault), report::fault_cause(turn, settings_), printable(exit)));
}

void DebugPrinter::on_game_over() {
  for (Side& side : sides_) side.turn = turn_label(0);
}

void DebugPrinter::on_referee_line(const arbiter::RefereeLine& line) {
  out_ << report::referee_line_text(line) + "\n" << std::flush;
}

void DebugPrinter::on_referee_stderr(std::string_view bytes) {
  // The referee is the organiser's: its pieces are shown as they come, a line cut where a read ended.
  while (!bytes.empty()) {
    const std::size_t end = std::min(bytes.find('\n'), bytes.size());
    out_ << "referee ! " + printable(bytes.substr(0, end)) + "\n" << std::flush;
    bytes.remove_prefix(std::min(end + 1, bytes.size()));
  }
}

void DebugPrinter::finish() {
  for (const Color color : {Color::Red, Color::Blue}) {
    if (!sides_[index_of(color)].partial.empty()) flush_partial(color);
  }
}

}  // namespace amazes::cli
