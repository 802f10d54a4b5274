#pragma once
// The parts of check_machine (amazes/arbiter/machine_check.hpp), one file each: the cgroup
// findings (machine_check_cgroups.cpp), the kernel's seccomp and user namespaces
// (machine_check_kernel.cpp), and the fixes they share.
#include <unistd.h>

#include <string>
#include <utility>
#include <vector>

#include "amazes/arbiter/machine_check.hpp"
#include "amazes/arbiter/sandbox_settings.hpp"

namespace amazes::arbiter {

// A finding of `section` about `name`, ok until told otherwise.
inline Finding finding_named(std::string section, std::string name) {
  Finding finding;
  finding.section = std::move(section);
  finding.name = std::move(name);
  return finding;
}

// Whether the judge runs as root, which decides what the players' sandbox can have.
inline bool judge_is_root() { return ::geteuid() == 0; }

// "sudo amazes …": the fix for everything only a root judge has.
std::string run_as_root_fix();
// A cgroup of the user's own from systemd, and whether a systemd user manager was seen that can
// give one: "systemd-run --user --scope -p Delegate=yes amazes … (…)".
std::string delegation_fix();

// cgroup, memory, pids: what the players' cgroups get under `settings`.
std::vector<Finding> cgroup_findings(const SandboxSettings& settings);

// seccomp: whether the kernel can load the bots' filter.
Finding seccomp_finding();
// userns: whether an unprivileged process may make a user namespace, which bubblewrap needs
// (it runs as the player's UID). `bwrap_works`: bubblewrap was seen to work, whatever the
// switches say (a set-user-ID bwrap needs none).
Finding userns_finding(bool bwrap_works);

}  // namespace amazes::arbiter
