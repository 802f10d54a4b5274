#pragma once
// Runs a match on one CPU: the judge's thread that plays it and, because a child inherits the
// CPU mask of the thread that forks it, both players.
//
// Why: the three processes of a match never compute at the same time (a player computes in
// its turn while the judge waits; the other player is stopped, RULES.md §10), so one CPU costs
// them nothing, while every hand-over between them becomes a wake-up on the same CPU instead
// of a wake-up sent to another (an inter-processor interrupt, and on a virtual machine the
// host scheduling the other virtual CPU). Measured on the 2-core Debian 12 VM: a 150-turn
// match of two fast bots takes half the wall time (tests/bench/match_bench.cpp). The CPU time
// charged to a player does not depend on it.
//
// Which CPU: the one the thread runs on when the match starts (the scheduler has just found it
// a good place), unless another match of this judge is already pinned there; then the allowed
// CPU with the fewest of this judge's matches. So `-j N` spreads its matches over N CPUs,
// and judges started separately follow the scheduler's spread.
#include <sched.h>

#include <optional>
#include <vector>

namespace amazes::arbiter {

// The choice above, as a pure function: `allowed` the CPUs the thread may use (ascending),
// `current` the CPU it runs on, `matches_on(cpu)` how many of this judge's matches are pinned
// to a CPU (given as a vector indexed by CPU; missing entries are 0). Nothing when `allowed`
// is empty.
std::optional<int> choose_match_cpu(const std::vector<int>& allowed, int current, const std::vector<int>& matches_on);

class CpuPin {
 public:
  // Pins the calling thread to the chosen CPU; does nothing (cpu() empty) when the thread's
  // mask cannot be read or set, or when `enabled` is false.
  explicit CpuPin(bool enabled);
  ~CpuPin();  // gives the thread its former mask back
  CpuPin(const CpuPin&) = delete;
  CpuPin& operator=(const CpuPin&) = delete;

  std::optional<int> cpu() const { return cpu_; }

 private:
  std::optional<int> cpu_;
  cpu_set_t previous_{};
};

}  // namespace amazes::arbiter
