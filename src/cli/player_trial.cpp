#include "player_trial.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "amazes/printable.hpp"
#include "amazes/report/fault_reason.hpp"
#include "command.hpp"

namespace amazes::cli {
namespace {

// What of a faulted player's stderr goes on the line: its last lines, which say why.
constexpr std::size_t kStderrLines = 3;
constexpr std::size_t kStderrChars = 300;

std::string stderr_tail(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    if (end > start) lines.push_back(printable(std::string_view(text).substr(start, end - start)));
    start = end + 1;
  }
  if (lines.empty()) return "(nothing)";
  const std::size_t first = lines.size() > kStderrLines ? lines.size() - kStderrLines : 0;
  std::string tail;
  for (std::size_t i = first; i < lines.size(); ++i) tail += (tail.empty() ? "" : " / ") + lines[i];
  if (tail.size() > kStderrChars) tail = "..." + tail.substr(tail.size() - kStderrChars);
  return tail;
}

arbiter::MatchSpec trial_spec(const arbiter::MatchSpec& first_game, const arbiter::PlayerSpec& player) {
  arbiter::MatchSpec spec = first_game;
  spec.id = "trial-" + player.name;
  spec.players = {player, player};
  // Amazes: one turn each. A referee's game ends when its referee says: played whole (nothing of
  // a trial goes into the output folder, which may not exist yet).
  spec.settings.turns = 1;
  return spec;
}

// A fault that says the player does not run or speak the protocol, before or at its first
// answer: later ones (a referee game is played whole) are the bot's play, not its start.
bool fault_at_first_answer(const arbiter::PlayerOutcome& o) {
  if (!o.fault || *o.fault == FaultKind::Illegal) return false;
  return !o.fault_turn || *o.fault_turn <= 1;
}

}  // namespace

std::string trial_fault(const arbiter::MatchRecord& record) {
  for (const Color color : {Color::Red, Color::Blue}) {
    const arbiter::PlayerOutcome& o = record.outcome[index_of(color)];
    // A line the rules refuse is an answer: the bot runs and speaks the protocol, and its move
    // may be wrong on this maze only (a bot may even mean to throw a game).
    if (!fault_at_first_answer(o)) continue;
    const arbiter::PlayerSpec& player = record.players[index_of(color)];
    return fmt::format("player '{}' ({}): did not answer its first turn: {}; {}; stderr: {}", player.name,
                       player.command, report::fault_why(record, color), o.exit, stderr_tail(o.stderr_text));
  }
  return "";
}

void trial_first_turns(const arbiter::MatchSpec& first_game, const std::vector<arbiter::PlayerSpec>& players,
                       int jobs) {
  if (players.empty()) return;
  std::vector<std::string> faults(players.size());
  std::vector<std::exception_ptr> errors(players.size());
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t i = next++; i < players.size(); i = next++) {
      try {
        faults[i] = trial_fault(arbiter::run_match(trial_spec(first_game, players[i])));
      } catch (const arbiter::RefereeFailure&) {
        // The referee failed the trial game: that says nothing of the player (the contest's
        // games say what it does of the referee).
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  };
  const auto workers = std::clamp<std::size_t>(static_cast<std::size_t>(std::max(jobs, 1)), 1, players.size());
  std::vector<std::thread> threads;
  for (std::size_t w = 0; w < workers; ++w) threads.emplace_back(work);
  for (auto& thread : threads) thread.join();
  // The first in the players' order, whichever trial ended first: the same line every time.
  for (std::size_t i = 0; i < players.size(); ++i) {
    if (errors[i]) std::rethrow_exception(errors[i]);
    if (!faults[i].empty()) throw UsageError(faults[i]);
  }
}

}  // namespace amazes::cli
