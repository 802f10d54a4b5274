#include "amazes/report/log_check.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <variant>

namespace amazes::report {

namespace {

std::string fault_text(const std::optional<FaultKind>& fault) {
  return fault ? std::string(fault_name(*fault)) : std::string("null");
}

std::string turn_text(const std::optional<int>& turn) { return turn ? std::to_string(*turn) : std::string("null"); }

void expect_same(const std::string& pointer, const std::string& logged, const std::string& rules) {
  if (logged != rules)
    throw ReplayMismatch(fmt::format("{}: {} in the log, the rules give {}", pointer, logged, rules));
}

}  // namespace

Replay checked_replay(const arbiter::MatchRecord& record, const ReplayedTurn& after_turn) {
  const arbiter::AmazesRecord& played = std::get<arbiter::AmazesRecord>(record.game);
  std::optional<Replay> replay;
  try {
    replay.emplace(replay_game(played.board.maze, played.board.starts, GameSettings{.turns = record.settings.turns},
                               played.turns, after_turn));
  } catch (const std::invalid_argument& error) {
    // The engine refuses the starts themselves (a wall behind one).
    throw ReplayMismatch("/start: " + std::string(error.what()));
  }
  if (replay->mismatch) throw ReplayMismatch(*replay->mismatch);
  const Game& game = replay->game;
  const auto end_name = [](std::optional<GameEnd> end) {
    return !end ? std::string("none") : *end == GameEnd::Normal ? std::string("normal") : std::string("sudden_death");
  };
  expect_same("/result/end", end_name(record.end), end_name(game.end()));
  for (const Color c : {Color::Red, Color::Blue}) {
    const arbiter::PlayerOutcome& o = record.outcome[index_of(c)];
    const std::string at = "/result/" + std::string(color_name(c));
    expect_same(at + "/points", std::to_string(o.points), std::to_string(game.points(c)));
    expect_same(at + "/score", std::to_string(o.score), std::to_string(game.score(c)));
    expect_same(at + "/fault", fault_text(o.fault), fault_text(game.fault(c)));
    expect_same(at + "/fault_turn", turn_text(o.fault_turn), turn_text(game.fault_turn(c)));
  }
  return std::move(*replay);
}

}  // namespace amazes::report
