#pragma once
// How the judge pauses, times and kills all the processes of one player (docs/rules.md §4.3, §10).
// Two implementations: CgroupControl (cgroup_control.hpp: cgroup.freeze, cpu.stat, cgroup.kill;
// it counts the CPU of the player's child processes and catches processes that leave the
// process group), the default where the machine allows, and ProcessGroupControl (below: SIGSTOP,
// the CPU clock of the main process, SIGKILL to the group) where it does not. The sandbox
// (sandbox.hpp) picks one per player.
#include <sys/types.h>
#include <time.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "process/launch_spec.hpp"

namespace amazes::arbiter {

class ProcessControl {
 public:
  virtual ~ProcessControl() = default;

  // Adds to `spec` what the child has to do before exec to come under this control.
  virtual void prepare(LaunchSpec& spec) = 0;
  // The player's main process `pid` has exec'ed.
  virtual void attach(pid_t pid) = 0;

  // Stops / continues every process of the player.
  virtual void pause() = 0;
  virtual void resume() = 0;

  // CPU time (user + system) used so far by the player. Never decreases; once the
  // processes are gone, the last value read.
  virtual std::chrono::nanoseconds cpu_time() = 0;

  // Kills every process of the player at once, paused ones too (SIGKILL). Harmless when
  // none is left. From then on, interrupting the judge no longer needs to kill them.
  virtual void kill() = 0;
  // After kill() and once the main process has been reaped: waits until no process of the
  // player is left, reaping those that became the judge's children. False when some were
  // still there after `limit` (a process stuck in the kernel).
  virtual bool wait_gone(std::chrono::milliseconds limit = std::chrono::seconds(10)) = 0;

  // For messages: "process group 1234".
  virtual std::string describe() const = 0;

  // Whether every page the player causes counts against a memory limit (a memory cgroup), so
  // that the judge need not limit the data segment of each process.
  virtual bool limits_memory() const { return false; }
  // Whether the kernel killed a process of the player for going beyond that limit (known until
  // the control is destroyed).
  virtual bool out_of_memory() { return false; }
};

// The player runs in its own session and process group (setsid in the child: also no
// controlling terminal to inject keystrokes into): pause = SIGSTOP to the group, resume =
// SIGCONT, kill = SIGKILL to the group. CPU time is that of the main process
// (clock_getcpuclockid + clock_gettime, nanoseconds; all its threads, also exited ones), not
// of its child processes. A process that leaves the group (setpgid, setsid) escapes pause
// and kill; the cgroup control (cgroup_control.hpp) closes that gap.
// When the main process is a wrapper (bubblewrap: the outer bwrap, then the init of its pid
// namespace, then the player), `wrapper_depth` says how many processes stand in front of the
// player: the CPU time is then that of the chain down to the player's main process, found
// through /proc/<pid>/task/<pid>/children as soon as it exists.
// Reaping of the group relies on the judge being a child subreaper (prepare_judge_process):
// orphans of the player then become the judge's children and wait_gone() can reap them.
class ProcessGroupControl final : public ProcessControl {
 public:
  // `uid`: the player's own UID, if it has one: the kill then also ends every process of it
  // (one that left the group, with setsid, escapes the group's SIGKILL).
  explicit ProcessGroupControl(int wrapper_depth = 0, std::optional<uid_t> uid = std::nullopt)
      : wrapper_depth_(wrapper_depth), uid_(uid) {}
  ~ProcessGroupControl() override;
  ProcessGroupControl(const ProcessGroupControl&) = delete;
  ProcessGroupControl& operator=(const ProcessGroupControl&) = delete;

  void prepare(LaunchSpec& spec) override;
  void attach(pid_t pid) override;
  void pause() override;
  void resume() override;
  std::chrono::nanoseconds cpu_time() override;
  void kill() override;
  bool wait_gone(std::chrono::milliseconds limit = std::chrono::seconds(10)) override;
  std::string describe() const override;

 private:
  // One process whose CPU clock counts: the main process, or one of the wrapper chain.
  struct Clocked {
    pid_t pid = -1;
    bool have_clock = false;
    clockid_t clock{};
    std::chrono::nanoseconds last{0};
  };
  void find_wrapped();

  int wrapper_depth_ = 0;
  std::optional<uid_t> uid_;
  pid_t pgid_ = -1;
  bool registered_ = false;     // in the registry that an interrupted judge kills
  std::vector<Clocked> chain_;  // the main process first, then down to the player
  std::chrono::nanoseconds last_cpu_{0};
};

}  // namespace amazes::arbiter
