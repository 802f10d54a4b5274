#include "amazes/report/log_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <variant>
#include <vector>

#include "amazes/printable.hpp"
#include "amazes/replay.hpp"
#include "amazes/report/fault_reason.hpp"
#include "amazes/report/log_check.hpp"
#include "amazes/starts.hpp"
#include "escaped_lines.hpp"

namespace amazes::report {

namespace {

using arbiter::LoggedTurn;
using arbiter::MatchRecord;
using arbiter::PlayerOutcome;

constexpr std::size_t kInputWidth = 34;
constexpr std::size_t kOutputWidth = 14;

// Long lines are cut so that a turn stays one row; the log keeps them whole.
// Cells hold a bot's bytes: escaped (printable) before they reach the terminal.
std::string clip(const std::string& raw, std::size_t width) {
  std::string text = printable(raw);
  if (text.size() <= width) return text;
  return text.substr(0, width - 3) + "...";
}

std::string input_cell(const LoggedTurn& t) {
  std::string joined;
  for (const auto& line : t.input) joined += (joined.empty() ? "" : " ") + line;
  return t.input.empty() ? "-" : joined;
}

// Unsolicited output is several lines: shown on one, with its line ends as "\n".
std::string one_line(const std::string& text) {
  std::string line;
  for (const char c : text) line += c == '\n' ? std::string("\\n") : std::string(1, c);
  return line;
}

std::string output_cell(const LoggedTurn& t) {
  std::string cell = t.output ? *t.output : t.unsolicited_output ? one_line(*t.unsolicited_output) : "-";
  if (t.fault)
    cell = std::string(fault_name(*t.fault)) + ": " + cell;
  else if (t.substituted)
    cell = "(T)";
  return cell;
}

std::string turn_columns(const LoggedTurn* t) {
  if (t == nullptr) return fmt::format("{:<{}} {:<{}} {:>5}", "", kInputWidth, "", kOutputWidth, "");
  std::string output = output_cell(*t);
  if (t->caught) output += " catch";
  return fmt::format("{:<{}} {:<{}} {:>5}", clip(input_cell(*t), kInputWidth), kInputWidth, clip(output, kOutputWidth),
                     kOutputWidth, t->points);
}

std::string outcome_line(const char* colour, const arbiter::PlayerSpec& player, const PlayerOutcome& o) {
  std::string line = fmt::format("{:<5} {:<20} points {:>5}  score {:>4}  time {:.1f} ms  {}", colour,
                                 printable(player.name), o.points, o.score, o.time_ms, printable(o.exit));
  if (o.fault) line += fmt::format("  FAULT {} at turn {}", fault_name(*o.fault), o.fault_turn.value_or(0));
  if (o.stderr_dropped > 0) line += fmt::format("  stderr: {} bytes dropped", o.stderr_dropped);
  return line;
}

}  // namespace

std::string render_player_streams(const MatchRecord& record) {
  const arbiter::AmazesRecord& played = std::get<arbiter::AmazesRecord>(record.game);
  std::string out;
  for (const Color c : {Color::Red, Color::Blue}) {
    const PlayerOutcome& o = record.outcome[index_of(c)];
    const std::string name = printable(record.players[index_of(c)].name);
    out += fmt::format("{} {} stderr ({} bytes{}):\n", color_name(c), name, o.stderr_text.size(),
                       o.stderr_dropped > 0 ? fmt::format(", {} more dropped", o.stderr_dropped) : std::string());
    for (const auto& line : escaped_lines(o.stderr_text)) out += "  " + line + "\n";
    for (const auto& t : played.turns) {
      if (t.player != c || !t.unsolicited_output) continue;
      out += fmt::format("{} {} unsolicited output before its turn {}:\n", color_name(c), name, t.turn);
      for (const auto& line : escaped_lines(*t.unsolicited_output)) out += "  " + line + "\n";
    }
    for (const auto& t : played.turns) {
      if (t.player != c || !t.more_output) continue;
      out += fmt::format("{} {} wrote more on stdout after its answer at turn {}:\n", color_name(c), name, t.turn);
      for (const auto& line : escaped_lines(*t.more_output)) out += "  " + line + "\n";
    }
  }
  return out;
}

std::string render_match_log(const MatchRecord& record, const DrawingStyle& style, const std::string& log_name) {
  const arbiter::AmazesRecord& played = std::get<arbiter::AmazesRecord>(record.game);
  const Maze& maze = played.board.maze;
  const Starts& starts = played.board.starts;
  std::string out;
  out += fmt::format("match {}  ({}x{}, seed {}, {} turns, {} ms {} clock)\n", printable(record.id), maze.size(),
                     maze.size(), record.seed ? std::to_string(*record.seed) : "none", record.settings.turns,
                     record.settings.time_ms, arbiter::clock_name(record.settings.clock));
  out += fmt::format("red  {} from {}: {}\n", printable(record.players[0].name), format_start(starts.red),
                     printable(record.players[0].command));
  out += fmt::format("blue {} from {}: {}\n", printable(record.players[1].name), format_start(starts.blue),
                     printable(record.players[1].command));
  if (!record.sandbox.empty()) out += fmt::format("sandbox: {}\n", printable(record.sandbox));
  out += "\n";
  out += fmt::format("{:>4}  {:<{}} {:<{}} {:>5}  {:<{}} {:<{}} {:>5}\n", "turn", "red input", kInputWidth,
                     "red output", kOutputWidth, "pts", "blue input", kInputWidth, "blue output", kOutputWidth, "pts");
  // Red's turn k and blue's turn k share a row, as in the seed's sample table.
  const LoggedTurn* red = nullptr;
  for (const auto& t : played.turns) {
    if (t.player == Color::Red) {
      if (red != nullptr) out += fmt::format("{:>4}  {}  {}\n", red->turn, turn_columns(red), turn_columns(nullptr));
      red = &t;
      continue;
    }
    out += fmt::format("{:>4}  {}  {}\n", t.turn, turn_columns(red), turn_columns(&t));
    red = nullptr;
  }
  if (red != nullptr) out += fmt::format("{:>4}  {}  {}\n", red->turn, turn_columns(red), turn_columns(nullptr));

  out += fmt::format("\nend: {}\n", record.end == GameEnd::Normal ? "normal" : "sudden death");
  out += outcome_line("red", record.players[0], record.outcome[0]) + "\n";
  out += outcome_line("blue", record.players[1], record.outcome[1]) + "\n";
  for (const Color c : {Color::Red, Color::Blue}) {
    if (const std::string why = fault_why(record, c); !why.empty())
      out += fmt::format("{} why: {}\n", color_name(c), why);
  }
  const std::size_t stderr_bytes = record.outcome[0].stderr_text.size() + record.outcome[1].stderr_text.size();
  if (stderr_bytes > 0) {
    out += fmt::format("stderr: red {} bytes, blue {} bytes; `amazes log show --stderr {}` prints them\n",
                       record.outcome[0].stderr_text.size(), record.outcome[1].stderr_text.size(), printable(log_name));
  }

  // The board is rebuilt by replaying the game: the log holds what was played, the rules
  // engine knows what each player discovered from it.
  const Replay replay = checked_replay(record);
  const Game& game = replay.game;
  const Knowledge& red_knows = game.knowledge(Color::Red);
  const Knowledge& blue_knows = game.knowledge(Color::Blue);
  const Start red_at = game.position(Color::Red);
  const Start blue_at = game.position(Color::Blue);
  const auto mark = [&](Square s) -> SquareMark {
    if (s == red_at.square) return start_mark('R', red_at.facing, style, "1;31");
    if (s == blue_at.square) return start_mark('B', blue_at.facing, style, "1;34");
    const bool r = red_knows.discovered(s);
    const bool b = blue_knows.discovered(s);
    if (r && b) return {"rb", "35"};
    if (r) return {"r ", "31"};
    if (b) return {" b", "34"};
    return {};
  };
  out += fmt::format("\nfinal board: r = discovered by red ({}), b = by blue ({}), R/B = where they stand\n",
                     red_knows.discovered_count(), blue_knows.discovered_count());
  out += draw_maze(maze, style, mark);
  return out;
}

}  // namespace amazes::report
