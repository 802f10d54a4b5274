#pragma once
// What this machine offers the sandbox, as this user, and how fit it is to time bots: the
// findings of `amazes doctor`. The sandbox's are the judge's own probes, run as a contest with
// these settings would run them (a player's sandbox is made and its mechanisms tried); the
// timing ones read /proc and /sys. Each says what was seen and, where something can be done,
// the exact command or setting.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/arbiter/match_settings.hpp"
#include "amazes/arbiter/sandbox_settings.hpp"

namespace amazes::arbiter {

enum class FindingStatus : std::uint8_t {
  Ok,       // nothing to do
  Warn,     // works, with less than the machine could give; advice
  Missing,  // not there, or not working
};
std::string_view finding_status_name(FindingStatus status);  // "ok", "warn", "missing"

struct Finding {
  std::string section;  // "sandbox" or "timing"
  std::string name;     // "root", "cgroup", "bwrap", "governor", … (docs/formats.md lists them)
  FindingStatus status = FindingStatus::Ok;
  std::string seen;  // what was found, one line
  std::string fix;   // the command or setting that mends it; empty when there is nothing to do
  // A contest with these settings cannot run here as fairly as the machine allows: what the
  // settings ask for cannot be had, or the players would get no isolation at all.
  bool problem = false;
};

// The sandbox's findings (root, seccomp, cgroup, memory, pids, userns, bwrap, namespaces,
// isolation), for players under `settings`. Makes a player's sandbox several times (a UID, its
// cgroups, a start of `true` and of `bwrap --version` in them), as a contest's first player does.
std::vector<Finding> check_machine(const SandboxSettings& settings);

// The timing findings (governor, turbo, smt, load, swap, pin) for matches under `settings`.
std::vector<Finding> check_timing(const MatchSettings& settings);

}  // namespace amazes::arbiter
