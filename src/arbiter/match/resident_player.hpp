#pragma once
// A player that runs for the whole game and talks over pipes, taking its turns (turn_taker.hpp):
// started at its first turn, paused whenever it is not its turn (docs/rules.md §10).
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "match/turn_taker.hpp"

namespace amazes::arbiter {

class ResidentPlayer : public TurnTaker {
 public:
  // `start` starts the player at its first turn (seats.cpp: start_player), throwing JudgeFailure
  // when the judge could not.
  ResidentPlayer(std::unique_ptr<SandboxedPlayer> player, PlayerClock clock, TurnRules rules,
                 std::function<void(SandboxedPlayer&)> start);

  void prepare() override { player_->prepare(); }
  Delivery write(std::span<const std::string> lines) override;
  TurnOutcome take_turn(std::span<const std::string> input, const std::function<void()>& on_input) override;
  std::optional<std::string> end_after_fault() override;

  PlayerClock& clock() override { return clock_; }
  SandboxedPlayer& player() override { return *player_; }
  const StderrCapture& stderr_capture() override { return player_->process()->stderr_capture(); }
  PlayerProcess* running() override;

 private:
  // A turn that ended before its input was written: `kind`, `text`, nothing charged.
  TurnOutcome before_input(TurnOutcome::Kind kind, std::string text = {});
  TurnOutcome outcome_of(const ReadResult& read, PlayerProcess& process);
  std::optional<std::string> more_output(PlayerProcess& process) const;

  std::unique_ptr<SandboxedPlayer> player_;
  PlayerClock clock_;
  TurnRules rules_;
  std::function<void(SandboxedPlayer&)> start_;
  std::vector<std::string> pending_;  // lines written before it started, for its first turn
};

}  // namespace amazes::arbiter
