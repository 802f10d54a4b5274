#pragma once
// The sandbox of one player: what every mechanism shares — a UID of its own (as root, in every
// mode), a cgroup that pauses, times and kills it (with a memory limit where there is one), its
// limits — and the mechanism that isolates it (isolation.hpp), chosen by the factory
// (isolation_factory.hpp). As root, no player runs privileged: the last step before its exec
// checks it (child_limits.hpp: unprivileged_hook). What is missing on the machine is said once
// per judge process; every match log records what was used (mechanisms(), used()).
#include <sys/types.h>

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "amazes/arbiter/sandbox_settings.hpp"
#include "process/launch_spec.hpp"
#include "process/process_control.hpp"
#include "sandbox/isolation.hpp"

namespace amazes::arbiter {

// The settings cannot be honoured here (`--sandbox bwrap` without a working bwrap, no free
// UID for a root judge). what() is one line.
class SandboxError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class UidLease;

class PlayerSandbox {
 public:
  // Decides everything for one player and reserves what it needs (a UID, its cgroups). Throws
  // SandboxError; starts nothing. The first one in a judge process may probe the machine
  // (bubblewrap once; under `--sandbox namespaces` the judge's own namespaces).
  explicit PlayerSandbox(const SandboxSettings& settings);
  // The same under a UID the caller has leased and holds (a per-move player keeps one UID, the
  // owner of its folder, through all the sandboxes of its game).
  PlayerSandbox(const SandboxSettings& settings, const UidLease& kept);
  ~PlayerSandbox();  // gives the UID back: destroy it only after the player is gone
  PlayerSandbox(PlayerSandbox&&) noexcept;
  PlayerSandbox& operator=(PlayerSandbox&&) noexcept;

  // The spec that starts the player in it: in its own folder, with a scrubbed environment,
  // isolated as its mechanism does, under its UID. A command whose files no longer pass the
  // checks of sandbox_launch_problem gets a refusal: its start fails as the player's own.
  LaunchSpec wrap(LaunchSpec spec) const;
  // The control to start it under (PlayerProcess::start); once.
  std::unique_ptr<ProcessControl> take_control();
  // Whether the sandbox is worth making ahead of the player's turn (PlayerProcess::prepare).
  bool made_ahead() const { return isolation_->made_ahead(); }

  bool uses_bwrap() const { return isolation_->name() == "bwrap"; }
  bool uses_namespaces() const { return isolation_->name() == "namespaces"; }
  bool uses_cgroup() const { return grant_.cgroup; }
  // Every page of the player counts against its memory limit (memory.max, or a memory cgroup
  // of v1): then it has no data-segment limit.
  bool uses_memory_cgroup() const { return memory_cgroup_; }
  // The judge's own namespaces, not yet seen to work in this judge process for this kind of
  // player (isolation_factory.hpp): the player's first start is their test.
  bool untested() const { return untested_; }
  // After such a player could not start or ended before its first line: "" when the sandbox
  // works (the failure was the player's own); else why not, and a new PlayerSandbox of these
  // settings uses bubblewrap.
  std::string test_untested();
  std::optional<uid_t> uid() const { return grant_.uid; }
  // What isolates and limits the player, without its UID, e.g. "namespaces + seccomp (118
  // calls denied) + cgroup v2 (freeze, kill, cpu.stat) + memory cgroup v1 (1024 MiB) + rlimits
  // (nproc 256, nofile 64, fsize 0, core 0)".
  const std::string& mechanisms() const { return mechanisms_; }
  // The same as fields (without the UIDs and the CPU, which the match adds).
  const SandboxUsed& used() const { return used_; }

 private:
  void decide(const SandboxSettings& settings, bool isolate);
  void describe();

  SandboxSettings settings_;
  std::unique_ptr<UidLease> lease_;
  PlayerGrant grant_;
  std::unique_ptr<ProcessControl> control_;
  bool memory_cgroup_ = false;
  std::unique_ptr<Isolation> isolation_;
  bool untested_ = false;
  std::string mechanisms_;
  SandboxUsed used_;
};

// Why the sandbox refuses this player before the first game, in one line; nothing when it takes
// it. Its command would show it more than its own files (player_files.hpp: a link or a "#!"
// line of its own that leads out of its folder), or, as root, the players' UIDs cannot run it
// (a file of mode 0700, a folder under /root): no player runs as root instead.
std::optional<std::string> sandbox_launch_problem(const SandboxSettings& settings, const LaunchSpec& spec);

}  // namespace amazes::arbiter
