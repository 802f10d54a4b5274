#pragma once
// One player of a match in its sandbox, from the decision to the end: the sandbox made (ahead of
// the player's first turn where its mechanism is worth it), the player started at its first
// turn, and — where the sandbox is the judge's own namespaces, untested in this judge process —
// started again in another sandbox when the sandbox, not the player, made it fail: a broken
// sandbox is never scored as the player's crash. The match driver sees none of the mechanisms.
#include <memory>
#include <optional>
#include <string>

#include "process/player_process.hpp"
#include "sandbox/sandbox.hpp"

namespace amazes::arbiter {

class SandboxedPlayer {
 public:
  // Decides and reserves its sandbox (PlayerSandbox); starts nothing. Throws SandboxError.
  SandboxedPlayer(const SandboxSettings& settings, LaunchSpec launch);
  // The same under a UID the caller holds, in this sandbox and any it starts again in.
  SandboxedPlayer(const SandboxSettings& settings, LaunchSpec launch, const UidLease& kept);
  SandboxedPlayer(const SandboxedPlayer&) = delete;
  SandboxedPlayer& operator=(const SandboxedPlayer&) = delete;
  ~SandboxedPlayer();  // the player is killed and reaped before its sandbox goes

  const PlayerSandbox& sandbox() const { return *sandbox_; }
  // Makes the sandbox now where its mechanism is worth making ahead; nothing of the player's
  // program runs before start().
  void prepare();

  // Starts the player (its first turn): `process()` then runs, or `start_error()` says why it
  // did not. Returns why when the failure was the judge's own (the pipes, a cgroup to join),
  // not the player's: no game may score that.
  std::optional<std::string> start(const PlayerOptions& options);
  bool started() const { return started_; }
  PlayerProcess* process() { return process_.get(); }
  const std::string& start_error() const { return start_error_; }

  // After the player's first turn ended before any line: true when its untested sandbox was to
  // blame; it is then ready to start again, in another sandbox (start() once more).
  bool sandbox_to_blame_for_first_turn();

 private:
  // After a start failed or the first turn ended early in an untested sandbox: whether the
  // sandbox was to blame (then a new one, and the first launch again).
  bool start_again_elsewhere();

  void make_sandbox();

  SandboxSettings settings_;
  const UidLease* kept_uid_ = nullptr;
  std::optional<PlayerSandbox> sandbox_;
  std::optional<LaunchSpec> launch_;        // until the player is started
  std::optional<LaunchSpec> first_launch_;  // while its sandbox is untested: to start it again
  std::optional<PendingStart> pending_;     // the sandbox made ahead
  std::unique_ptr<PlayerProcess> process_;  // declared after the sandbox: destroyed before it
  std::string start_error_;
  bool started_ = false;
};

}  // namespace amazes::arbiter
