#pragma once
// A deterministic stand-in for arbiter::run_match, so that tournaments can be tested without
// processes: the points are a hash of the match id, the players and the starts, plus a fixed
// "strength" per player name; players listed as crashers fault on their first turn.
#include <algorithm>
#include <atomic>
#include <set>
#include <string>

#include "amazes/arbiter/match.hpp"
#include "amazes/game.hpp"
#include "amazes/random.hpp"

namespace amazes::testing {

inline std::uint64_t text_hash(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

inline std::uint64_t start_hash(const Start& start) {
  return static_cast<std::uint64_t>(start.square.row * 4096 + start.square.col * 8 + index_of(start.facing));
}

class FakeMatch {
 public:
  explicit FakeMatch(std::set<std::string> crashers = {}) : crashers_(std::move(crashers)) {}

  arbiter::MatchRecord operator()(const arbiter::MatchSpec& spec) const {
    ++calls_;
    arbiter::MatchRecord record = arbiter::record_of_spec(spec);
    const Starts starts = record.board() != nullptr ? record.board()->starts : Starts{};
    const std::uint64_t h =
        mix64(text_hash(spec.id) ^ mix64(start_hash(starts.red)) ^ mix64(start_hash(starts.blue) + 77));
    record.end = h % 17 == 0 ? GameEnd::SuddenDeath : GameEnd::Normal;
    for (int c = 0; c < 2; ++c) {
      auto& outcome = record.outcome[static_cast<std::size_t>(c)];
      const auto& name = spec.players[static_cast<std::size_t>(c)].name;
      outcome.points = static_cast<int>((h >> (20 * c)) % 501) - 60 + static_cast<int>(text_hash(name) % 300);
      outcome.time_ms = static_cast<double>((h >> (8 + c)) % 1000) / 8.0;
      outcome.exit = "exit 0";
      if (crashers_.count(name) != 0) {
        outcome.fault = FaultKind::Crash;
        outcome.fault_turn = 1;
        outcome.points = -spec.settings.turns;
        outcome.exit = "signal 11";
      }
      // The score rule of docs/rules.md §11, with the core's bound. The core's own rule is
      // Game::score, which reads a Game that was played; these points were never played, so
      // only the rule's constant can be shared.
      outcome.score = outcome.fault ? 0 : std::clamp(outcome.points, 0, kMaxScore);
    }
    return record;
  }

  int calls() const { return calls_.load(); }

 private:
  std::set<std::string> crashers_;
  mutable std::atomic<int> calls_{0};
};

}  // namespace amazes::testing
