// The More referee's side of the dialogue (docs/referees.md §2). What each player receives,
// in the order of the original rules' communication example: the board line, then "Start"
// (white) or white's first move (black); after each of its moves the other's move, or "Nil"
// when the other has arrived and plays no more, or has no legal move and passes; "Quit" at the
// end. A side that passes reads the move that left it without one at once, and answers only
// after the move that gives it one back (docs/more-rules.md §4, §5).
#include "amazes/referee/more_referee.hpp"

#include <array>
#include <optional>
#include <ostream>

#include "amazes/more/move.hpp"
#include "amazes/referee_fault_line.hpp"

namespace amazes::referee {
namespace {

using more::Side;

constexpr int seat_of(Side side) { return more::index_of(side) + 1; }

std::optional<more::FaultKind> fault_of(const CaiaReply& reply) {
  switch (reply.kind) {
    case CaiaReply::Kind::Timeout: return more::FaultKind::Timeout;
    case CaiaReply::Kind::Crashed:
    case CaiaReply::Kind::Stopped:
    case CaiaReply::Kind::NoOutputFile: return more::FaultKind::Crash;
    case CaiaReply::Kind::Line:
    case CaiaReply::Kind::EmptyLine: return std::nullopt;
  }
  return std::nullopt;
}

// One turn of the side to move: its prompt and its answer, or the substitute's move.
const more::TurnResult& play_turn(more::Game& game, CaiaChannel& caia, const std::string& prompt) {
  const Side side = game.to_move();
  if (game.taken_over(side)) return game.play_substitute();
  caia.send(seat_of(side), prompt);
  const CaiaReply reply = caia.listen(seat_of(side));
  if (const auto fault = fault_of(reply)) return game.play_fault(*fault);
  return game.play(reply.text);  // an empty line (EmptyLine) is not a move: illegal
}

void log_turn(std::ostream& log, const more::TurnResult& turn) {
  log << more::side_name(turn.side) << ' ' << turn.move_number << ": ";
  if (turn.fault) {
    log << more::fault_name(*turn.fault);
    if (!turn.refusal.empty()) log << " (\"" << turn.line << "\": " << turn.refusal << ")";
    log << "; ";
  }
  if (turn.substituted) log << "substitute ";
  log << more::format_move(turn.played.move) << ' ' << more::move_kind_name(turn.played.kind);
  if (turn.played.penalty != 0) log << " +" << turn.played.penalty << " penalty";
  if (turn.arrived) log << ", arrived";
  if (turn.other_passes) log << "; " << more::side_name(more::other(turn.side)) << " has no legal move and passes";
  log << '\n';
  // The reason again in the form the judge reads back (docs/referees.md, "Why a fault").
  if (turn.fault && !turn.refusal.empty()) {
    log << referee_fault_line(seat_of(turn.side), more::fault_name(*turn.fault),
                              "\"" + turn.line + "\": " + turn.refusal)
        << '\n';
  }
}

std::string side_summary(const more::Game& game, Side side) {
  std::string text = std::string(more::side_name(side)) + ":" + std::to_string(game.moves(side)) + "moves+" +
                     std::to_string(game.penalties(side)) + "penalties";
  if (const auto completion = game.completion(side)) text += "+" + std::to_string(*completion) + "completion";
  text += "=" + std::to_string(game.points(side));
  if (const auto fault = game.fault(side)) {
    text += "(" + std::string(more::fault_name(*fault)) + "_at_move_" +
            std::to_string(game.fault_move(side).value_or(0)) + ")";
  }
  return text;
}

// The faults this referee judged, for the judge in caiaio's place: an illegal move. A crash or a
// timeout came as caiaio's marker, which the judge sent: it knows them already.
ReportExtension judged_faults(const more::Game& game) {
  ReportExtension extension;
  for (const Side side : more::kBothSides) {
    if (game.fault(side) == more::FaultKind::Illegal) {
      extension.faults[more::index_of(side)] = JudgedFault{FaultKind::Illegal, game.fault_move(side).value_or(1)};
    }
  }
  return extension;
}

}  // namespace

std::string more_result_message(const more::Game& game) {
  const std::string end = game.end() ? std::string(more::game_end_name(*game.end())) : "unfinished";
  return end + ";" + side_summary(game, Side::White) + ";" + side_summary(game, Side::Black);
}

more::Game referee_more(const more::Board& board, CaiaChannel& caia, std::ostream& log) {
  const std::string board_line = more::format_board(board);
  log << "board " << board_line << '\n';
  for (const Side side : more::kBothSides) caia.send(seat_of(side), board_line);
  more::Game game(board);
  // What each side reads before its next move: "Start", or the other's last move; none
  // means the other did not move since (it has arrived, or it passed), and the side reads "Nil".
  std::array<std::optional<std::string>, 2> prompt{std::string("Start"), std::nullopt};
  while (!game.over()) {
    const Side side = game.to_move();
    const more::TurnResult& turn = play_turn(game, caia, prompt[more::index_of(side)].value_or("Nil"));
    prompt[more::index_of(side)].reset();
    const Side opponent = more::other(side);
    const std::string move = more::format_move(turn.played.move);
    if (turn.other_passes) {
      // It reads the move now and sees that it has none: it answers after a move that frees it.
      if (!game.over() && !game.taken_over(opponent)) caia.send(seat_of(opponent), move);
    } else if (!game.arrived(opponent)) {
      prompt[more::index_of(opponent)] = move;
    }
    log_turn(log, turn);
  }
  for (const Side side : more::kBothSides) {
    if (!game.taken_over(side)) caia.send(seat_of(side), "Quit");
  }
  for (const Side side : more::kBothSides) {
    const auto ms = caia.request_time(seat_of(side));
    log << "time " << more::side_name(side) << ": " << (ms ? std::to_string(*ms) + " ms" : "unknown") << '\n';
  }
  const std::string message = more_result_message(game);
  log << "result: white " << game.score(Side::White) << ", black " << game.score(Side::Black) << " (" << message
      << ")\n";
  caia.report(game.score(Side::White), game.score(Side::Black), message, judged_faults(game));
  return game;
}

}  // namespace amazes::referee
