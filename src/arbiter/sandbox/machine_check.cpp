#include "amazes/arbiter/machine_check.hpp"

#include <pwd.h>
#include <unistd.h>

#include <filesystem>

#include <fmt/format.h>

#include "amazes/arbiter/player_command.hpp"
#include "process/cgroup_control.hpp"
#include "process/cgroup_hierarchy.hpp"
#include "process/memory_cgroup_v1.hpp"
#include "sandbox/machine_check_parts.hpp"
#include "sandbox/sandbox.hpp"
#include "sandbox/timing_hygiene.hpp"
#include "sandbox/uid_pool.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;

std::string user_text() {
  const passwd* entry = ::getpwuid(::geteuid());
  return entry != nullptr ? fmt::format("uid {}, {}", ::geteuid(), entry->pw_name) : fmt::format("uid {}", ::geteuid());
}

Finding root_finding(const SandboxSettings& settings) {
  Finding finding = finding_named("sandbox", "root");
  if (!judge_is_root()) {
    finding.status = FindingStatus::Warn;
    finding.seen = "no (" + user_text() +
                   "): players run under this user's UID, without a UID of their own and without a process-count limit";
    finding.fix = run_as_root_fix();
    return finding;
  }
  const std::string default_range = uid_range_text(UidRange{});
  if (!settings.uids) {
    finding.status = FindingStatus::Missing;
    finding.problem = true;
    finding.seen = "yes, with --sandbox-uids none: a player would run as root, which the judge refuses";
    finding.fix = "--sandbox-uids " + default_range;
    return finding;
  }
  const UidRange& range = *settings.uids;
  const std::size_t size = static_cast<std::size_t>(range.last - range.first) + 1;
  const std::size_t usable = count_usable_uids(range, size);
  if (usable == 0) {
    finding.status = FindingStatus::Missing;
    finding.problem = true;
    finding.seen = fmt::format(
        "yes, but no UID of {} is free for players (each has a passwd or group entry, or lies in /etc/subuid or "
        "/etc/subgid)",
        uid_range_text(range));
    finding.fix = range == UidRange{} ? "--sandbox-uids FIRST-LAST (numbers no user or group has)"
                                      : "--sandbox-uids " + default_range;
    return finding;
  }
  finding.seen = fmt::format("yes: players run under UIDs of their own, {} of {} free (two per match at once)", usable,
                             uid_range_text(range));
  return finding;
}

// "" when a player's sandbox under `settings` with `mode` can be made here, else why not. The
// judge's own way: a strict mode proves its mechanism before the first game.
std::string sandbox_problem(SandboxSettings settings, SandboxMode mode) {
  settings.mode = mode;
  try {
    const PlayerSandbox sandbox(settings);
    return "";
  } catch (const std::exception& error) {
    return error.what();
  }
}

Finding namespaces_finding(const SandboxSettings& settings, const Finding& cgroup) {
  Finding finding = finding_named("sandbox", "namespaces");
  const std::string problem = sandbox_problem(settings, SandboxMode::Namespaces);
  if (problem.empty()) {
    finding.seen = "the judge's own namespaces work (`true` started in them as a player is)";
    return finding;
  }
  finding.status = FindingStatus::Missing;
  finding.seen = problem;
  if (!judge_is_root()) {
    finding.fix = run_as_root_fix();
  } else if (!settings.uids) {
    finding.fix = "--sandbox-uids " + uid_range_text(UidRange{});
  } else if (!settings.cgroups) {
    finding.fix = "--sandbox-cgroups auto";
  } else if (cgroup.status == FindingStatus::Missing) {
    finding.fix = cgroup.fix;
  } else {
    finding.fix = "Linux 5.12 or later (clone3, mount_setattr); in a container, a seccomp profile that allows them";
  }
  return finding;
}

struct BwrapProbe {
  ProgramLookup found;
  std::string problem;  // "" when it works for the players of these settings
};

BwrapProbe probe_bwrap(const SandboxSettings& settings) {
  BwrapProbe probe{find_program("bwrap"), ""};
  if (probe.found.ok()) probe.problem = sandbox_problem(settings, SandboxMode::Bwrap);
  return probe;
}

Finding bwrap_finding(const BwrapProbe& probe, const Finding& userns, const Finding& root_check) {
  Finding finding = finding_named("sandbox", "bwrap");
  if (!probe.found.ok()) {
    finding.status = FindingStatus::Missing;
    finding.seen = "bubblewrap (bwrap) is not installed: " + probe.found.error;
    finding.fix = "apt install bubblewrap";
  } else if (probe.problem.empty()) {
    finding.seen = fmt::format("{} works (`bwrap --version` ran in a player's sandbox, under its limits)",
                               probe.found.path.string());
  } else {
    finding.status = FindingStatus::Missing;
    finding.seen = probe.problem;
    if (root_check.problem) {
      finding.fix = root_check.fix;
    } else if (probe.problem.find("under the sandbox's limits") != std::string::npos) {
      finding.fix = "a higher --sandbox-memory-mb or --sandbox-open-files";
    } else if (!userns.fix.empty()) {
      finding.fix = userns.fix;
    } else {
      finding.fix = "see why: bwrap --unshare-all --ro-bind / / --proc /proc --dev /dev true";
    }
  }
  return finding;
}

// What a player gets under the settings themselves, as a contest's first player would.
Finding isolation_finding(const SandboxSettings& settings, const Finding& namespaces, const Finding& bwrap,
                          const Finding& root_check) {
  Finding finding = finding_named("sandbox", "isolation");
  const std::string mode(sandbox_mode_name(settings.mode));
  try {
    const PlayerSandbox sandbox(settings);
    finding.seen = "--sandbox " + mode + ": a player gets " + sandbox.mechanisms();
    if (settings.mode == SandboxMode::None) {
      finding.status = FindingStatus::Warn;
      finding.seen += " (no isolation and no limits: for trusted bots only)";
      finding.fix = "--sandbox auto";
    } else if (!sandbox.uses_namespaces() && !sandbox.uses_bwrap()) {
      finding.status = FindingStatus::Missing;
      finding.problem = true;
      finding.seen +=
          ": neither the judge's own namespaces nor bubblewrap work here, the file system and the network "
          "are open to the bots";
      finding.fix = bwrap.fix.empty() ? namespaces.fix : bwrap.fix;
    }
  } catch (const std::exception& error) {
    finding.status = FindingStatus::Missing;
    finding.problem = !root_check.problem;  // one cause, one problem
    finding.seen = "--sandbox " + mode + ": no match would be played: " + error.what();
    finding.fix = settings.mode == SandboxMode::Namespaces ? namespaces.fix
                  : root_check.problem                     ? root_check.fix
                                                           : bwrap.fix;
  }
  return finding;
}

// Whether the players' memory cgroups keep them out of swap: memory.swap.max (v2) or
// memory.memsw.limit_in_bytes (v1) is there to be set to the limit.
bool players_kept_from_swap(const SandboxSettings& settings) {
  if (!settings.cgroups || settings.memory_mb == 0 || !cgroup_support().usable) return false;
  std::error_code ec;
  if (cgroup_support().memory_max) {
    const auto& judge = cgroup::judge_cgroup();
    return judge.cgroup && fs::exists(judge.cgroup->dir / "memory.swap.max", ec);
  }
  if (!memory_v1_support().usable) return false;
  const auto mountinfo = cgroup::read_file("/proc/self/mountinfo");
  const auto own = cgroup::read_file("/proc/self/cgroup");
  const auto mount = mountinfo ? cgroup::find_v1_mount(*mountinfo, "memory") : std::nullopt;
  const auto path = own ? cgroup::v1_path(*own, "memory") : std::nullopt;
  const auto dir = mount && path ? cgroup::cgroup_dir(*mount, *path) : std::nullopt;
  return dir && fs::exists(*dir / "memory.memsw.limit_in_bytes", ec);
}

}  // namespace

std::string_view finding_status_name(FindingStatus status) {
  switch (status) {
    case FindingStatus::Ok: return "ok";
    case FindingStatus::Warn: return "warn";
    case FindingStatus::Missing: return "missing";
  }
  return "?";
}

std::vector<Finding> check_machine(const SandboxSettings& settings) {
  const Finding root = root_finding(settings);
  const Finding seccomp = seccomp_finding();
  const std::vector<Finding> cgroups = cgroup_findings(settings);  // cgroup, memory, pids
  const BwrapProbe probe = probe_bwrap(settings);
  const Finding userns = userns_finding(probe.found.ok() && probe.problem.empty());
  const Finding bwrap = bwrap_finding(probe, userns, root);
  // Tested here, the namespaces are known to the probes when the settings' own sandbox is made.
  const Finding namespaces = namespaces_finding(settings, cgroups.front());
  const Finding isolation = isolation_finding(settings, namespaces, bwrap, root);
  std::vector<Finding> findings{root, seccomp};
  findings.insert(findings.end(), cgroups.begin(), cgroups.end());
  findings.insert(findings.end(), {userns, bwrap, namespaces, isolation});
  return findings;
}

std::vector<Finding> check_timing(const MatchSettings& settings) {
  TimingFacts facts;
  facts.players_in_cgroups = settings.sandbox.cgroups && cgroup_support().usable;
  facts.players_kept_from_swap = players_kept_from_swap(settings.sandbox);
  return timing_findings(facts, settings);
}

}  // namespace amazes::arbiter
