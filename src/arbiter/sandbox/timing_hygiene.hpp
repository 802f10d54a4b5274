#pragma once
// How fit the machine is to time bots (check_timing, amazes/arbiter/machine_check.hpp): the CPU
// frequency governor, turbo, SMT, the load, swap, and whether matches get a CPU of their own.
// Read from the files under `root` (/proc and /sys), so that a test can hand it a tree of its
// own; what comes from the judge's probes is given.
#include <filesystem>
#include <string_view>
#include <vector>

#include "amazes/arbiter/machine_check.hpp"
#include "amazes/arbiter/match_settings.hpp"

namespace amazes::arbiter {

struct TimingFacts {
  std::filesystem::path root = "/";     // where proc/ and sys/ are
  bool players_in_cgroups = false;      // their cgroups freeze them: a match may be pinned
  bool players_kept_from_swap = false;  // their memory cgroups allow them no swap
};

// The load per CPU above which other work is said to take time from the matches.
inline constexpr double kBusyLoadPerCpu = 0.5;
// With the wall clock, above this the machine's other work is charged to the bots: a problem.
inline constexpr double kWallClockLoadPerCpu = 1.0;

std::vector<Finding> timing_findings(const TimingFacts& facts, const MatchSettings& settings);

// The CPUs of a kernel CPU list ("0-3,8,10-11"); nothing for text that is not one.
std::vector<int> parse_cpu_list(std::string_view text);

}  // namespace amazes::arbiter
