#pragma once
// The sandbox of one player: what isolates and limits it on this machine, decided from
// SandboxSettings and what the machine offers, applied as a transformation of its LaunchSpec
// plus the ProcessControl it runs under.
//
//   mode auto / namespaces / bwrap                       mode none
//   the judge's own namespaces (namespace_jail.hpp),     —
//     else bubblewrap (bwrap.hpp)
//   rlimits (child_limits.hpp)                           —
//   own UID/GID, as root (uid_pool.hpp)                  own UID/GID, as root
//   cgroup v2 control when usable, else the process group (both; settings.cgroups), with a
//   memory cgroup where there is one (then no RLIMIT_AS)
//
// As root, every player runs under a leased UID of its own, without capabilities, in every mode:
// unprivileged_hook checks it last before the exec. What is missing on the machine is said once
// per judge process in the log (spdlog warning). Strict modes without their mechanism refuse to
// play (SandboxError). Every match log records the mechanisms used (MatchRecord::sandbox).
#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "amazes/arbiter/sandbox_settings.hpp"
#include "process/launch_spec.hpp"
#include "process/process_control.hpp"
#include "sandbox/child_limits.hpp"

namespace amazes::arbiter {

// The settings cannot be honoured here (`--sandbox bwrap` without a working bwrap, no free
// UID for a root judge). what() is one line.
class SandboxError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class UidLease;
struct BwrapOptions;
class NetworkLease;

class PlayerSandbox {
 public:
  // Decides everything for one player and reserves what it needs (a UID, its cgroups). Throws
  // SandboxError; starts nothing. The first
  // one in a judge process probes the machine (runs bwrap once, or under `--sandbox namespaces`
  // the judge's own sandbox; makes the judge's cgroup directory).
  explicit PlayerSandbox(const SandboxSettings& settings);
  ~PlayerSandbox();  // gives the UID back: destroy it only after the player is gone
  PlayerSandbox(PlayerSandbox&&) noexcept;
  PlayerSandbox& operator=(PlayerSandbox&&) noexcept;

  // The spec that starts the player inside the sandbox: in its own folder, with a scrubbed
  // environment, behind the allow-list root and seccomp filter of its namespaces or of bwrap,
  // under its UID. A command whose files no longer pass the checks of sandbox_launch_problem
  // gets a refusal: its start fails as the player's own.
  LaunchSpec wrap(LaunchSpec spec) const;
  // The control to start it under (PlayerProcess::start); once.
  std::unique_ptr<ProcessControl> take_control();

  bool uses_bwrap() const { return bwrap_; }
  bool uses_namespaces() const { return jail_; }  // the judge's own sandbox (namespace_jail.hpp)
  bool uses_cgroup() const { return cgroup_; }
  // Every page of the player counts against its memory limit (memory.max, or a memory cgroup of
  // v1): then it has no address-space limit.
  bool uses_memory_cgroup() const { return memory_cgroup_; }
  // Under `auto`, the judge's own sandbox is not probed before the first game (a probe costs a
  // player's start): the first players of a judge process are its test. True until this judge
  // process has seen it work for this kind of player (limits, /tmp) or confirm_jail ran.
  bool jail_unconfirmed() const { return jail_unconfirmed_; }
  // For a player of an unconfirmed sandbox that could not start or died before its first line:
  // runs `true` in the same sandbox (once per kind of player and judge process). "" when that
  // works (the failure was the player's own); else why not, said once as a warning, and every
  // later PlayerSandbox of this kind in this process uses bubblewrap: the caller makes a new one
  // and starts the player again.
  std::string confirm_jail();
  std::optional<uid_t> uid() const;
  // What isolates and limits the player, without its UID, e.g. "bwrap + cgroup v2 (freeze,
  // kill, cpu.stat) + rlimits (as 1024 MiB, nproc 64, nofile 64, fsize 0, core 0)".
  const std::string& mechanisms() const { return mechanisms_; }
  // The same as fields (without the UIDs and the CPU, which the match adds).
  const SandboxUsed& used() const { return used_; }

 private:
  BwrapOptions bwrap_options(const std::filesystem::path& bwrap) const;
  std::vector<ChildHook> jail_hooks(const ProcessLimits& limits) const;

  SandboxSettings settings_;
  std::unique_ptr<UidLease> lease_;
  bool root_ = false;
  bool bwrap_ = false;
  bool jail_ = false;
  bool jail_unconfirmed_ = false;
  bool cgroup_ = false;
  bool memory_cgroup_ = false;
  ProcessLimits limits_;
  std::string bwrap_path_;
  std::uint64_t tmp_bytes_ = 0;
  std::vector<ChildHook> hooks_;  // limits, no new privileges, the UID switch
  std::unique_ptr<ProcessControl> control_;
  std::shared_ptr<NetworkLease> network_;  // the judge's own sandbox: the player's network namespace
  std::string mechanisms_;
  SandboxUsed used_;
};

// Why the sandbox refuses this player before the first game, in one line; nothing when it takes
// it. Its command would show it more than its own files (player_files.hpp: a link or a "#!"
// line of its own that leads out of its folder), or, as root, the players' UIDs cannot run it
// (a file of mode 0700, a folder under /root): no player runs as root instead.
std::optional<std::string> sandbox_launch_problem(const SandboxSettings& settings, const LaunchSpec& spec);

// How many times this judge process has started `true` in its own sandbox to test it (for the
// tests: a game that goes well costs none).
std::size_t own_sandbox_probes();

}  // namespace amazes::arbiter
