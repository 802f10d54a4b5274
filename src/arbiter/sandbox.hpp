#pragma once
// The sandbox of one player (issue 7): what isolates and limits it on this machine, decided
// from SandboxSettings and what the machine offers, applied as a transformation of its
// LaunchSpec plus the ProcessControl it runs under.
//
//   mode auto / bwrap          mode none
//   bubblewrap (bwrap.hpp)     —
//   rlimits (child_limits.hpp) —
//   own UID/GID, as root       —            (uid_pool.hpp; leased until the player is gone)
//   cgroup v2 control when usable, else the process group (both modes; settings.cgroups)
//
// What is missing on the machine is said once per judge process in the log (spdlog warning):
// `auto` without a working bwrap, not root (no UID of its own, no process-count limit), no
// usable cgroup v2 hierarchy (no cgroup.freeze: a setsid child escapes the pause). `bwrap`
// without a working bwrap refuses to play (SandboxError). Every match log records the
// mechanisms used (MatchRecord::sandbox).
#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "amazes/arbiter/sandbox_settings.hpp"
#include "child_limits.hpp"
#include "launch_spec.hpp"
#include "process_control.hpp"

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
  // Decides everything for one player (`player`: the spec it will be started with) and
  // reserves what it needs (a UID, its cgroup). Throws SandboxError; starts nothing. The first
  // one in a judge process probes the machine (runs bwrap once, or under `--sandbox namespaces`
  // the judge's own sandbox; makes the judge's cgroup directory).
  PlayerSandbox(const SandboxSettings& settings, const LaunchSpec& player);
  ~PlayerSandbox();  // gives the UID back: destroy it only after the player is gone
  PlayerSandbox(PlayerSandbox&&) noexcept;
  PlayerSandbox& operator=(PlayerSandbox&&) noexcept;

  // The spec that starts the player inside the sandbox: in its own folder, with a scrubbed
  // environment, behind bwrap's allow-list root and seccomp filter where bwrap works.
  LaunchSpec wrap(LaunchSpec spec) const;
  // The control to start it under (PlayerProcess::start); once.
  std::unique_ptr<ProcessControl> take_control();

  bool uses_bwrap() const { return bwrap_; }
  bool uses_namespaces() const { return jail_; }  // the judge's own sandbox (namespace_jail.hpp)
  bool uses_cgroup() const { return cgroup_; }
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
  // Why this player runs under the judge's UID although the judge is root and has UIDs to
  // give (its files are not open to others); empty otherwise.
  const std::string& judge_uid_reason() const { return judge_uid_reason_; }
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
  ProcessLimits limits_;
  std::string bwrap_path_;
  std::uint64_t tmp_bytes_ = 0;
  std::vector<ChildHook> hooks_;  // limits, no new privileges, the UID switch
  std::unique_ptr<ProcessControl> control_;
  std::shared_ptr<NetworkLease> network_;  // the judge's own sandbox: the player's network namespace
  std::string mechanisms_;
  SandboxUsed used_;
  std::string judge_uid_reason_;
};

// Why `--sandbox bwrap` refuses this player: as root with a UID per player, every directory on
// the way to the program, its interpreter and the files its command names must be open to
// others; one line, nothing when it can. (`auto` runs such a player under the judge's UID.)
std::optional<std::string> sandbox_launch_problem(const SandboxSettings& settings, const LaunchSpec& spec);

// How many times this judge process has started `true` in its own sandbox to test it (for the
// tests: a game that goes well costs none).
std::size_t own_sandbox_probes();

}  // namespace amazes::arbiter
