#pragma once
// Runs a match on one CPU: the judge's thread that plays it and, because a child inherits the
// CPU mask of the thread that forks it, both players.
//
// Why: the three processes of a match never compute at the same time (a player computes in
// its turn while the judge waits; the other player is paused, docs/rules.md §10), so one CPU costs
// them nothing, while every hand-over between them becomes a wake-up on the same CPU instead
// of a wake-up sent to another (an inter-processor interrupt, and on a virtual machine the
// host scheduling the other virtual CPU). Measured on the 2-core Debian 12 VM: a 150-turn
// match of two fast bots takes half the wall time (tests/bench/match_bench.cpp). The CPU time
// charged to a player does not depend on it.
//
// Only when the pause is airtight (the players' cgroups freeze every process of theirs): a
// process that escapes a process-group pause would otherwise compute on the match's one CPU,
// against the opponent in its turn and against the judge. And only with the cpu clock: a
// pinned match cannot move away from other load on its CPU, which a wall clock would charge
// to the player on turn.
//
// A player cannot leave the match's CPU: its seccomp filter denies sched_setaffinity
// (seccomp_generator/denied_calls.hpp), so whatever mask it is started with is its mask. A child
// gets player_cpus(), set before its filter is loaded (child_setup.cpp), whatever the mask of the
// thread that cloned it: a sandbox made ahead of its turn is made on a spare CPU (Beside).
//
// Which CPU: a CPU is leased for the match with an exclusive flock on <lock dir>/cpu-<N>
// (lock_dir.hpp), so that no two matches share one, in one judge (`-j N`) or in several. The
// CPU the thread runs on when the match starts comes first (the scheduler has just found it a
// good place), then the others the thread may use, upwards from it. When every one is leased,
// the match is not pinned.
#include <sched.h>

#include <optional>
#include <string>
#include <vector>

namespace amazes::arbiter {

// The order in which the CPUs are tried: `current` first when it is in `allowed` (ascending),
// then the allowed ones after it, then those before it.
std::vector<int> cpu_try_order(const std::vector<int>& allowed, int current);

// The CPUs a player started by this thread is to run on: the match's one CPU while a CpuPin of
// this thread holds one (inside a Beside too), otherwise the CPUs this thread may use.
cpu_set_t player_cpus();

class CpuPin {
 public:
  // Leases a CPU and pins the calling thread to it; does nothing (cpu() empty) when `enabled`
  // is false, every allowed CPU is leased, or the thread's mask cannot be read or set.
  // `lock_dir`: where the leases are (tests); nothing: the judges' own (lock_dir.hpp).
  explicit CpuPin(bool enabled, const std::optional<std::string>& lock_dir = std::nullopt);
  ~CpuPin();  // gives the thread its former mask back and the lease up
  CpuPin(const CpuPin&) = delete;
  CpuPin& operator=(const CpuPin&) = delete;

  std::optional<int> cpu() const { return cpu_; }

  // While one lives, the calling thread runs on the CPUs it had before the pin again, if one of
  // them other than the match's is leased by no match (spare); otherwise nothing changes. For
  // work of the match's that is best done beside it, on a spare CPU: its players' sandboxes,
  // made ahead of their turns (match.cpp). On a machine whose every CPU plays a match, such
  // work stays on the match's own CPU rather than slow another match down.
  class Beside {
   public:
    explicit Beside(const CpuPin& pin);
    ~Beside();
    Beside(const Beside&) = delete;
    Beside& operator=(const Beside&) = delete;

   private:
    const CpuPin& pin_;
    bool widened_ = false;
  };

 private:
  bool another_cpu_is_spare() const;

  std::optional<int> cpu_;
  int lease_fd_ = -1;
  cpu_set_t previous_{};
  std::string lock_dir_;
};

}  // namespace amazes::arbiter
