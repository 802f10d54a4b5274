// The Lamistra referee's side of the dialogue, in the order of the seed's communication example:
// red reads "Start"; each side reads the other's move before its own; after an attack the
// attacker writes its move and its role, the defender reads the move and writes its role, then
// reads the attacker's role, and the attacker reads the defender's role before the next move.
#include "amazes/referee/lamistra_referee.hpp"

#include <array>
#include <optional>
#include <ostream>

#include "amazes/referee_fault_line.hpp"

namespace amazes::referee {
namespace {

using lamistra::Awaited;
using lamistra::Side;
using lamistra::Step;

constexpr int seat_of(Side side) { return lamistra::index_of(side) + 1; }

// caiaio's markers; an empty line is judged as the line it stands for.
std::optional<lamistra::FaultKind> fault_of(const CaiaReply& reply) {
  switch (reply.kind) {
    case CaiaReply::Kind::Timeout: return lamistra::FaultKind::Timeout;
    case CaiaReply::Kind::Crashed:
    case CaiaReply::Kind::Stopped:
    case CaiaReply::Kind::NoOutputFile: return lamistra::FaultKind::Crash;
    case CaiaReply::Kind::Line:
    case CaiaReply::Kind::EmptyLine: return std::nullopt;
  }
  return std::nullopt;
}

void log_step(std::ostream& log, const Step& step) {
  log << lamistra::side_name(step.side) << ' ' << step.move_number << ' ' << lamistra::awaited_name(step.awaited)
      << ": ";
  if (step.fault) {
    log << lamistra::fault_name(*step.fault);
    if (!step.refusal.empty()) log << " (\"" << step.line << "\": " << step.refusal << ")";
    log << '\n';
    // The reason again in the form the judge reads back (docs/referees.md, "Why a fault").
    if (!step.refusal.empty()) {
      log << referee_fault_line(seat_of(step.side), lamistra::fault_name(*step.fault),
                                "\"" + step.line + "\": " + step.refusal)
          << '\n';
    }
    return;
  }
  if (step.move) log << lamistra::format_move(*step.move) << (step.attack ? " attacks" : "");
  if (step.role) log << lamistra::role_letter(*step.role);
  if (step.outcome) log << ", " << lamistra::outcome_name(*step.outcome);
  log << '\n';
}

// The faults this referee judged, for the judge in caiaio's place: an irregular move or a false
// claim. A crash or a timeout came as caiaio's marker, which the judge sent.
ReportExtension judged_faults(const lamistra::Game& game) {
  ReportExtension extension;
  for (const Side side : lamistra::kBothSides) {
    const auto fault = game.fault(side);
    if (fault == lamistra::FaultKind::IllegalMove || fault == lamistra::FaultKind::FalseClaim) {
      extension.faults[lamistra::index_of(side)] = JudgedFault{FaultKind::Illegal, game.fault_move(side).value_or(1)};
    }
  }
  return extension;
}

// What the other side reads of a step that went well.
void relay(CaiaChannel& caia, const Step& step, const std::string& attack_move, const std::string& attacker_role) {
  const Side opponent = lamistra::other(step.side);
  switch (step.awaited) {
    case Awaited::Move:
      // An attack's move waits for the attacker's role, which comes next from the same side.
      if (!step.attack) caia.send(seat_of(opponent), lamistra::format_move(*step.move));
      return;
    case Awaited::AttackerRole: caia.send(seat_of(opponent), attack_move); return;
    case Awaited::DefenderRole:
      caia.send(seat_of(step.side), attacker_role);
      caia.send(seat_of(opponent), std::string(1, lamistra::role_letter(*step.role)));
      return;
  }
}

}  // namespace

std::string lamistra_result_message(const lamistra::Game& game) {
  if (!game.over()) return "unfinished";
  if (*game.end() == lamistra::GameEnd::Fault) {
    for (const Side side : lamistra::kBothSides) {
      if (const auto fault = game.fault(side)) return std::string(lamistra::fault_name(*fault));
    }
  }
  return std::string(lamistra::game_end_name(*game.end()));
}

lamistra::Game referee_lamistra(CaiaChannel& caia, std::ostream& log, const lamistra::GameSettings& settings) {
  lamistra::Game game(settings);
  caia.send(seat_of(Side::Red), "Start");
  std::string attack_move;    // the attack under way
  std::string attacker_role;  // and the attacker's role letter
  while (!game.over()) {
    const Side side = game.to_answer();
    const CaiaReply reply = caia.listen(seat_of(side));
    const auto marker_fault = fault_of(reply);
    const Step& step = marker_fault ? game.play_fault(*marker_fault) : game.answer(reply.text);
    log_step(log, step);
    if (step.fault) break;
    if (step.awaited == Awaited::Move && step.attack) attack_move = lamistra::format_move(*step.move);
    if (step.awaited == Awaited::AttackerRole) attacker_role = std::string(1, lamistra::role_letter(*step.role));
    relay(caia, step, attack_move, attacker_role);
  }
  // An irregular end: "X" to each side that can still read it (the seed: it must then stop).
  if (game.end() == lamistra::GameEnd::Fault) {
    for (const Side side : lamistra::kBothSides) {
      const auto fault = game.fault(side);
      if (fault != lamistra::FaultKind::Crash && fault != lamistra::FaultKind::Timeout) caia.send(seat_of(side), "X");
    }
  }
  for (const Side side : lamistra::kBothSides) {
    const auto ms = caia.request_time(seat_of(side));
    log << "time " << lamistra::side_name(side) << ": " << (ms ? std::to_string(*ms) + " ms" : "unknown") << '\n';
  }
  const std::string message = lamistra_result_message(game);
  log << "pieces left: red " << game.position().pieces_on_board(Side::Red) << ", blue "
      << game.position().pieces_on_board(Side::Blue) << '\n';
  log << "result: red " << game.score(Side::Red) << ", blue " << game.score(Side::Blue) << " (" << message << ")\n";
  caia.report(game.score(Side::Red), game.score(Side::Blue), message, judged_faults(game));
  return game;
}

}  // namespace amazes::referee
