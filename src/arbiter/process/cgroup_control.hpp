#pragma once
// The cgroup v2 implementation of ProcessControl: one cgroup per player, in
// which the child is born (clone3 CLONE_INTO_CGROUP, spawn.hpp), so that everything the player
// ever starts is in it, also processes that leave its process group or session (setsid), and
// threads.
//   pause    cgroup.freeze = 1 (no wait for "frozen 1": see pause() for why);
//   resume   cgroup.freeze = 0;
//   CPU      usage_usec of cpu.stat: user + system of every process and thread that ever ran
//            in the cgroup, exited ones included (microseconds);
//   kill     cgroup.freeze = 1 and a wait (bounded) for cgroup.events "frozen 1", the list of
//            processes (the ones to reap), then cgroup.kill = 1 (every process at once, no fork
//            escapes it);
//   limits   memory.max (and memory.swap.max 0) and pids.max, where those controllers are
//            available to the judge's cgroup v2; where memory is bound to cgroup v1, a memory
//            cgroup there (memory_cgroup_v1.hpp).
// The cgroup is removed once the player is gone. The child also calls setsid(): it has no
// controlling terminal (nothing to inject keystrokes into) and the judge reaps its main process
// by process group as before.
#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "process/memory_cgroup_v1.hpp"
#include "process/process_control.hpp"

namespace amazes::arbiter {

struct CgroupLimits {
  std::optional<std::uint64_t> memory_max;  // bytes, applied only where the controller is available
  std::optional<std::uint64_t> pids_max;
};

// Whether cgroup control can be used here; the reason when not (one line). Probed once.
struct CgroupSupport {
  bool usable = false;
  std::string problem;      // when not usable
  bool memory_max = false;  // the controllers the players' cgroups get
  bool pids_max = false;
  std::string limits_note;  // why memory.max/pids.max are not available, or empty
};
const CgroupSupport& cgroup_support();

class CgroupControl final : public ProcessControl {
 public:
  // Makes the player's cgroup under the judge's; null and `error` when that fails.
  static std::unique_ptr<CgroupControl> create(const CgroupLimits& limits, std::string& error);
  ~CgroupControl() override;
  CgroupControl(const CgroupControl&) = delete;
  CgroupControl& operator=(const CgroupControl&) = delete;

  void prepare(LaunchSpec& spec) override;
  void attach(pid_t pid) override;
  void pause() override;
  void resume() override;
  std::chrono::nanoseconds cpu_time() override;
  void kill() override;
  bool wait_gone(std::chrono::milliseconds limit = std::chrono::seconds(10)) override;
  std::string describe() const override;
  bool limits_memory() const override { return memory_events_fd_ >= 0 || memory_v1_ != nullptr; }
  bool out_of_memory() override;

  const std::filesystem::path& directory() const { return dir_; }
  // Processes in the cgroup now (for tests and messages).
  std::vector<pid_t> processes() const;

 private:
  CgroupControl() = default;
  bool populated() const;
  bool wait_frozen(std::chrono::milliseconds limit) const;
  void remove_directory();
  // Takes the kill file out of the interrupt handler's table (and forgets it when the handler
  // may still write to it).
  void release_kill_fd();

  std::filesystem::path dir_;
  int dir_fd_ = -1;  // the directory, in which the child is born
  int freeze_fd_ = -1;
  int kill_fd_ = -1;
  int events_fd_ = -1;
  int cpu_fd_ = -1;
  int memory_events_fd_ = -1;                  // memory.events, where memory.max is set
  std::unique_ptr<MemoryCgroupV1> memory_v1_;  // the player's memory cgroup of v1, if any
  std::uint64_t oom_kills_ = 0;                // read last before the cgroups went
  pid_t pid_ = -1;                             // the main process, also its process group (setsid)
  bool registered_ = false;                    // the process group, in the interrupt handler's table
  bool kill_registered_ = false;               // the kill file, in it from prepare() on
  bool killed_ = false;
  bool removed_ = false;
  std::vector<pid_t> victims_;  // who was in the cgroup when it was killed: the ones to reap
  std::chrono::nanoseconds last_cpu_{0};
};

}  // namespace amazes::arbiter
