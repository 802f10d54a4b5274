// The Amazes referee's side of the dialogue (docs/referees.md §3): the lines of each turn come
// from amazes::Game::input() exactly as the judge writes them; caiaio's markers become the
// faults of docs/rules.md §4.3.
#include "amazes/referee/amazes_referee.hpp"

#include <optional>
#include <ostream>
#include <string>

#include "amazes/referee_fault_line.hpp"
#include "amazes/starts.hpp"

namespace amazes::referee {
namespace {

constexpr int seat_of(Color color) { return index_of(color) + 1; }

std::optional<FaultKind> fault_of(const CaiaReply& reply) {
  switch (reply.kind) {
    case CaiaReply::Kind::Timeout: return FaultKind::Timeout;
    case CaiaReply::Kind::Crashed:
    case CaiaReply::Kind::Stopped:
    case CaiaReply::Kind::NoOutputFile: return FaultKind::Crash;
    case CaiaReply::Kind::Line:
    case CaiaReply::Kind::EmptyLine: return std::nullopt;
  }
  return std::nullopt;
}

// The turn of the side to move; `answered` is the line it answered, when it answered one.
const TurnResult& play_turn(Game& game, CaiaChannel& caia, std::optional<std::string>& answered) {
  const Color color = game.to_move();
  if (game.taken_over(color)) return game.play_substitute();
  for (const std::string& line : game.input()) caia.send(seat_of(color), line);
  const CaiaReply reply = caia.listen(seat_of(color));
  if (const auto fault = fault_of(reply)) return game.play_fault(*fault);
  // Game::play judges the line as the judge does: an empty one is illegal, a '\r' before the
  // end tolerated, more than 256 characters too_long.
  answered = reply.text;
  return game.play(reply.text);
}

// Why a line was refused, in the form the judge reads back (docs/referees.md, "Why a fault").
void log_refusal(std::ostream& log, const TurnResult& turn, const std::optional<std::string>& answered) {
  if (!answered || (turn.fault != FaultKind::Illegal && turn.fault != FaultKind::TooLong)) return;
  constexpr std::size_t kQuoted = 60;
  const std::string quoted = "\"" + answered->substr(0, kQuoted) + (answered->size() > kQuoted ? "...\": " : "\": ");
  const std::string why = *turn.fault == FaultKind::TooLong
                              ? "more than " + std::to_string(kMaxLineLength) + " characters"
                              : "an answer is one or more of the letters F, T, L and R";
  log << referee_fault_line(seat_of(turn.player), fault_name(*turn.fault), quoted + why) << '\n';
}

void log_turn(std::ostream& log, const TurnResult& turn) {
  log << color_name(turn.player) << ' ' << turn.turn << ": ";
  if (turn.fault) log << fault_name(*turn.fault) << "; ";
  if (turn.substituted) log << "substitute ";
  log << turn.played << (turn.extra_t ? " +T" : "") << ", " << turn.points << " points";
  if (turn.sudden_death) {
    log << ", sudden death";
  } else if (turn.caught) {
    log << ", catch";
  }
  log << '\n';
}

std::string color_summary(const Game& game, Color color) {
  std::string text = std::string(color_name(color)) + ":" + std::to_string(game.points(color)) + "points";
  if (const auto fault = game.fault(color)) {
    text +=
        "(" + std::string(fault_name(*fault)) + "_at_turn_" + std::to_string(game.fault_turn(color).value_or(0)) + ")";
  }
  return text;
}

// The faults this referee judged from a line, for the judge in caiaio's place: `illegal` and
// `too_long`. A crash or a timeout came as caiaio's marker, which the judge sent: it knows them.
ReportExtension judged_faults(const Game& game) {
  ReportExtension extension;
  for (const Color color : {Color::Red, Color::Blue}) {
    const std::optional<FaultKind> fault = game.fault(color);
    if (fault == FaultKind::Illegal || fault == FaultKind::TooLong) {
      extension.faults[index_of(color)] = JudgedFault{*fault, game.fault_turn(color).value_or(1)};
    }
  }
  return extension;
}

}  // namespace

std::string amazes_result_message(const Game& game) {
  const std::string end = !game.end() ? "unfinished" : *game.end() == GameEnd::SuddenDeath ? "sudden_death" : "normal";
  return end + ";" + color_summary(game, Color::Red) + ";" + color_summary(game, Color::Blue);
}

Game referee_amazes(const Maze& maze, const Starts& starts, GameSettings settings, CaiaChannel& caia,
                    std::ostream& log) {
  Game game(maze, starts, settings);
  log << "starts red " << format_start(starts.red) << ", blue " << format_start(starts.blue) << "; " << settings.turns
      << " turns\n";
  while (!game.over()) {
    std::optional<std::string> answered;
    const TurnResult& turn = play_turn(game, caia, answered);
    log_turn(log, turn);
    log_refusal(log, turn, answered);
  }
  // At the normal end a bot exits by itself after its last turn (docs/rules.md §4.4); only a
  // sudden death tells the players still playing to stop.
  if (game.end() == GameEnd::SuddenDeath) {
    for (const Color color : {Color::Red, Color::Blue}) {
      if (!game.taken_over(color)) caia.send(seat_of(color), "Quit");
    }
  }
  for (const Color color : {Color::Red, Color::Blue}) {
    const auto ms = caia.request_time(seat_of(color));
    log << "time " << color_name(color) << ": " << (ms ? std::to_string(*ms) + " ms" : "unknown") << '\n';
  }
  const std::string message = amazes_result_message(game);
  log << "result: red " << game.score(Color::Red) << ", blue " << game.score(Color::Blue) << " (" << message << ")\n";
  caia.report(game.score(Color::Red), game.score(Color::Blue), message, judged_faults(game));
  return game;
}

}  // namespace amazes::referee
