#include "sandbox/sandboxed_player.hpp"

namespace amazes::arbiter {

SandboxedPlayer::SandboxedPlayer(const SandboxSettings& settings, LaunchSpec launch)
    : settings_(settings), launch_(std::move(launch)) {
  make_sandbox();
}

SandboxedPlayer::SandboxedPlayer(const SandboxSettings& settings, LaunchSpec launch, const UidLease& kept)
    : settings_(settings), kept_uid_(&kept), launch_(std::move(launch)) {
  make_sandbox();
}

void SandboxedPlayer::make_sandbox() {
  if (kept_uid_ != nullptr) {
    sandbox_.emplace(settings_, *kept_uid_);
  } else {
    sandbox_.emplace(settings_);
  }
}

SandboxedPlayer::~SandboxedPlayer() {
  process_.reset();
  pending_.reset();
}

void SandboxedPlayer::prepare() {
  if (!sandbox_->made_ahead() || pending_) return;
  pending_ = PlayerProcess::prepare(sandbox_->wrap(*launch_), sandbox_->take_control());
}

std::optional<std::string> SandboxedPlayer::start(const PlayerOptions& options) {
  started_ = true;
  while (true) {
    if (sandbox_->untested()) first_launch_ = *launch_;
    StartResult result =
        pending_ ? PlayerProcess::start(std::move(*pending_), options)
                 : PlayerProcess::start(sandbox_->wrap(std::move(*launch_)), options, sandbox_->take_control());
    pending_.reset();
    launch_.reset();
    if (!result.process && start_again_elsewhere()) continue;
    start_error_ = result.error;
    process_ = std::move(result.process);
    if (result.judge_side) return result.error;
    return std::nullopt;
  }
}

bool SandboxedPlayer::sandbox_to_blame_for_first_turn() {
  if (!sandbox_->untested()) return false;
  if (process_) process_->kill();
  if (!start_again_elsewhere()) return false;
  started_ = false;
  return true;
}

bool SandboxedPlayer::start_again_elsewhere() {
  if (!sandbox_->untested() || sandbox_->test_untested().empty()) return false;
  process_.reset();  // killed and reaped before its sandbox (its UID) goes
  pending_.reset();
  sandbox_.reset();
  make_sandbox();  // bubblewrap now: the namespaces are known not to work
  launch_ = std::move(first_launch_);
  first_launch_.reset();
  return true;
}

}  // namespace amazes::arbiter
