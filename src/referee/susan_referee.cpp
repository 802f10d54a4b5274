// The Susan referee's side of the dialogue (docs/referees.md, "The Susan referee"): SPEL.IN's
// lines to the player to move, its move back, and at the end the move points as the scores.
#include "amazes/referee/susan_referee.hpp"

#include <algorithm>
#include <ostream>

#include "amazes/referee_fault_line.hpp"
#include "amazes/susan/record.hpp"

namespace amazes::referee {
namespace {

using susan::Side;

constexpr int seat_of(Side side) { return susan::index_of(side) + 1; }

std::optional<susan::FaultKind> fault_of(const CaiaReply& reply) {
  switch (reply.kind) {
    case CaiaReply::Kind::Timeout: return susan::FaultKind::Timeout;
    case CaiaReply::Kind::NoOutputFile: return susan::FaultKind::NoOutput;
    case CaiaReply::Kind::Crashed:
    case CaiaReply::Kind::Stopped: return susan::FaultKind::Crash;
    case CaiaReply::Kind::Line:
    case CaiaReply::Kind::EmptyLine: return std::nullopt;
  }
  return std::nullopt;
}

const susan::TurnResult& play_turn(susan::Game& game, CaiaChannel& caia) {
  const int seat = seat_of(game.to_move());
  for (const std::string& line : susan::record_lines(game.moves())) caia.send(seat, line);
  const CaiaReply reply = caia.listen(seat);
  if (const auto fault = fault_of(reply)) return game.play_fault(*fault);
  return game.play(reply.text);  // an empty line (EmptyLine) is not a move: ONGELDIG
}

// Why the referee refused a player's line; empty for a fault no line shows (a marker's).
std::string refusal_of(const susan::TurnResult& turn) {
  if (!turn.fault || !turn.refusal.empty()) return turn.refusal;
  if (*turn.fault == susan::FaultKind::Needless) return "it encloses one of its own stones, and another move would not";
  return "";
}

void log_turn(std::ostream& log, const susan::TurnResult& turn) {
  log << turn.move_number << ". " << susan::side_name(turn.side) << ": ";
  if (turn.played) {
    log << susan::format_move(*turn.played);
  } else if (turn.fault && !turn.refusal.empty()) {
    log << '"' << turn.line << '"';
  } else {
    log << "no move";
  }
  if (turn.fault) {
    log << ", " << susan::fault_word(*turn.fault);
    if (!turn.refusal.empty()) log << " (" << turn.refusal << ")";
  } else if (turn.end) {
    log << ", " << susan::game_end_name(*turn.end);
  }
  log << '\n';
  // The reason again in the form the judge reads back (docs/referees.md, "Why a fault").
  if (const std::string reason = refusal_of(turn); !reason.empty()) {
    std::string kind(susan::fault_word(*turn.fault));
    std::replace(kind.begin(), kind.end(), ' ', '_');
    log << referee_fault_line(seat_of(turn.side), kind, "\"" + turn.line + "\": " + reason) << '\n';
  }
}

// The move points as a value to rank by, and the faults this referee judged from a player's
// line (ONGELDIG, ONNODIG: the judge's `illegal`). BESTAND, TIJD OP and a crash came as the
// judge's markers: it knows them already.
ReportExtension report_extension(const susan::Game& game) {
  ReportExtension extension;
  extension.values.push_back({"move_points", {game.move_points(Side::Red), game.move_points(Side::Yellow)}});
  const auto fault = game.fault();
  if (fault == susan::FaultKind::Illegal || fault == susan::FaultKind::Needless) {
    const Side loser = susan::other(*game.winner());
    extension.faults[susan::index_of(loser)] = JudgedFault{FaultKind::Illegal, game.turns_of(loser)};
  }
  return extension;
}

}  // namespace

std::string susan_result_message(const susan::Game& game) {
  if (!game.end()) return "unfinished";
  if (const auto fault = game.fault()) {
    std::string word(susan::fault_word(*fault));
    std::replace(word.begin(), word.end(), ' ', '_');
    return word;
  }
  return std::string(susan::game_end_name(*game.end()));
}

susan::Game referee_susan(CaiaChannel& caia, std::ostream& log) {
  susan::Game game;
  while (!game.over()) log_turn(log, play_turn(game, caia));
  const int red = game.move_points(Side::Red);
  const int yellow = game.move_points(Side::Yellow);
  const std::string message = susan_result_message(game);
  log << "result: red " << red << ", yellow " << yellow << " move points (" << message << ", " << game.moves().size()
      << " moves)\n";
  caia.report(red, yellow, message, report_extension(game));
  return game;
}

}  // namespace amazes::referee
