#pragma once
// A player run once per move, as NIO's juries ran their programs (docs/referees.md, "Players run
// once per move"): for each move the judge writes the player's input into a file of its folder,
// runs the program once in a fresh sandbox whose working directory is that folder, and reads its
// answer from another file. The folder is private and writable, kept for the player through the
// game (as the jury's folder was) with room for its input whatever it leaves (move_folder.hpp),
// and removed after it: nothing carries to another game. One UID serves all the player's
// sandboxes of the game, the one that may write in its folder.
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "amazes/arbiter/match_settings.hpp"
#include "match/turn_taker.hpp"
#include "process/player_process.hpp"
#include "sandbox/move_folder.hpp"
#include "sandbox/sandboxed_player.hpp"
#include "sandbox/uid_pool.hpp"

namespace amazes::arbiter {

class MovePlayer : public TurnTaker {
 public:
  // Leases its UID (as root) and makes its folder `folder`; starts nothing. Each move's program is
  // started with `options`. Throws SandboxError, std::system_error.
  MovePlayer(const MatchSettings& settings, LaunchSpec launch, std::filesystem::path folder, PlayerClock clock,
             TurnRules rules, PlayerOptions options);
  ~MovePlayer() override;

  void prepare() override {}  // each move has a fresh sandbox, made at the move
  // Kept for the input file of its next move; never dropped.
  Delivery write(std::span<const std::string> lines) override;
  // One move: the lines written since its last move and `input` as the lines of the input file, the
  // program run once within the clock's limits, its answer read. The move's program stays in
  // player() until the next move (for the record).
  TurnOutcome take_turn(std::span<const std::string> input, const std::function<void()>& on_input) override;
  // Nothing is left to end: the move's program ended with its move.
  std::optional<std::string> end_after_fault() override { return std::nullopt; }

  PlayerClock& clock() override { return clock_; }
  SandboxedPlayer& player() override { return *player_; }
  // The stderr of every move so far, up to the game's limit.
  const StderrCapture& stderr_capture() override { return stderr_; }
  PlayerProcess* running() override { return nullptr; }

 private:
  // One move's program, run and read.
  struct MoveAnswer {
    TurnOutcome::Kind kind = TurnOutcome::Kind::Line;  // Line, TooLong, NoOutput or TimedOut
    std::string text;
    std::string why;
    std::chrono::nanoseconds cpu{0};
    std::chrono::nanoseconds wall{0};
  };
  std::unique_ptr<SandboxedPlayer> fresh_player() const;
  MoveAnswer play(const ReadLimits& limits);
  MoveAnswer run(PlayerProcess& process, const ReadLimits& limits);
  void gather_stderr(PlayerProcess& process);

  MatchSettings settings_;
  LaunchSpec launch_;
  PlayerClock clock_;
  TurnRules rules_;
  PlayerOptions options_;
  std::optional<UidLease> uid_;  // as root
  std::optional<MoveFolder> folder_;
  std::unique_ptr<SandboxedPlayer> player_;
  StderrCapture stderr_;
  std::vector<std::string> pending_;  // the lines of its next input file
};

}  // namespace amazes::arbiter
