#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include <fmt/format.h>

#include "process/cgroup_control.hpp"
#include "process/cgroup_hierarchy.hpp"
#include "process/memory_cgroup_v1.hpp"
#include "sandbox/machine_check_parts.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;

std::string user_name(uid_t uid) {
  const passwd* entry = ::getpwuid(uid);
  return entry != nullptr ? std::string(entry->pw_name) : std::to_string(uid);
}

// The judge's own cgroup v2 as this process sees it: where, and whose.
struct OwnCgroup {
  std::optional<cgroup::Mount> mount;
  std::string path;             // from /proc/self/cgroup, "/user.slice/…"
  std::optional<fs::path> dir;  // its directory
  std::optional<uid_t> owner;
};

OwnCgroup own_cgroup() {
  OwnCgroup own;
  const auto mountinfo = cgroup::read_file("/proc/self/mountinfo");
  own.mount = mountinfo ? cgroup::find_v2_mount(*mountinfo) : std::nullopt;
  const auto proc = cgroup::read_file("/proc/self/cgroup");
  const auto path = proc ? cgroup::v2_path(*proc) : std::nullopt;
  own.path = path.value_or("?");
  if (own.mount && path) own.dir = cgroup::cgroup_dir(*own.mount, *path);
  struct stat status {};
  if (own.dir && ::stat(own.dir->c_str(), &status) == 0) own.owner = status.st_uid;
  return own;
}

Finding cgroup_finding(const SandboxSettings& settings, const OwnCgroup& own) {
  Finding finding = finding_named("sandbox", "cgroup");
  const CgroupSupport& support = cgroup_support();
  if (!settings.cgroups) {
    finding.status = FindingStatus::Warn;
    finding.seen = fmt::format(
        "not used (--sandbox-cgroups off; {} here): players are paused by SIGSTOP to their process group, which a "
        "child that leaves it escapes, and timed by their main process",
        support.usable ? "usable" : "not usable");
    finding.fix = "--sandbox-cgroups auto";
    return finding;
  }
  if (support.usable) {
    finding.seen = fmt::format(
        "cgroup v2 at {}, the judge's cgroup {} writable (a cgroup made there, with cgroup.freeze, cgroup.kill, "
        "cpu.stat)",
        own.mount ? own.mount->point.string() : std::string("?"), own.path);
    return finding;
  }
  finding.status = FindingStatus::Missing;
  finding.problem = true;  // pausing and timing are not airtight: a bot's child computes through the opponent's turns
  finding.seen = support.problem;
  if (own.dir && own.owner && !judge_is_root()) {
    finding.seen += fmt::format("; the judge's cgroup {} belongs to {}, not to {}", own.path, user_name(*own.owner),
                                user_name(::geteuid()));
  }
  if (!own.mount) {
    finding.fix = "mount -t cgroup2 none /sys/fs/cgroup (on a hybrid hierarchy: /sys/fs/cgroup/unified)";
  } else if (support.problem.find("Linux 5.14") != std::string::npos) {
    finding.fix = "Linux 5.14 or later (cgroup.kill)";
  } else if (judge_is_root()) {
    finding.fix = "a cgroup v2 the judge may write to (in a container: /sys/fs/cgroup mounted read-write)";
  } else {
    finding.fix = delegation_fix() + "; or " + run_as_root_fix();
  }
  return finding;
}

// `cgroup`: the players' cgroup finding, whose fix is this one's when there is none.
Finding memory_finding(const SandboxSettings& settings, const Finding& cgroup) {
  Finding finding = finding_named("sandbox", "memory");
  const CgroupSupport& support = cgroup_support();
  const std::string per_process =
      "each player process's data segment only (RLIMIT_DATA), which does not count what several processes of a "
      "player or shared memory hold";
  if (settings.memory_mb == 0) {
    finding.status = FindingStatus::Warn;
    finding.seen = "no limit asked (--sandbox-memory-mb 0)";
    finding.fix = "--sandbox-memory-mb 1024";
  } else if (!settings.cgroups || !support.usable) {
    finding.status = FindingStatus::Warn;
    finding.seen = "no memory cgroup without the players' cgroups (see cgroup): " + per_process;
    finding.fix = cgroup.fix;
  } else if (support.memory_max) {
    finding.seen = "memory.max of cgroup v2 per player";
  } else if (memory_v1_support().usable) {
    finding.seen = "a memory cgroup of v1 per player (memory.limit_in_bytes; memory.max of cgroup v2 is not available)";
  } else {
    finding.status = FindingStatus::Warn;
    finding.seen = support.limits_note + "; " + memory_v1_support().problem + ": " + per_process;
    finding.fix =
        judge_is_root()
            ? "the memory controller for the judge: cgroup v2 with memory (systemd.unified_cgroup_hierarchy=1 "
              "on the kernel's command line), or mount -t cgroup -o memory none /sys/fs/cgroup/memory"
            : delegation_fix() + "; or " + run_as_root_fix();
  }
  return finding;
}

Finding pids_finding(const SandboxSettings& settings) {
  Finding finding = finding_named("sandbox", "pids");
  const CgroupSupport& support = cgroup_support();
  const bool pids_max = settings.cgroups && support.usable && support.pids_max;
  if (settings.processes == 0) {
    finding.status = FindingStatus::Warn;
    finding.seen = "no limit asked (--sandbox-processes 0)";
    finding.fix = "--sandbox-processes 256";
  } else if (pids_max) {
    finding.seen =
        std::string("pids.max of cgroup v2 per player") + (judge_is_root() ? " and RLIMIT_NPROC of its own UID" : "");
  } else if (judge_is_root()) {
    finding.seen = "RLIMIT_NPROC of each player's own UID (pids.max of cgroup v2 is not available)";
  } else {
    finding.status = FindingStatus::Warn;
    finding.seen =
        "no process-count limit: RLIMIT_NPROC would count every process of this user, and pids.max needs "
        "a cgroup with the pids controller";
    finding.fix = run_as_root_fix() + "; or " + delegation_fix();
  }
  return finding;
}

}  // namespace

std::string run_as_root_fix() { return "run the judge as root: sudo amazes …"; }

std::string delegation_fix() {
  constexpr const char* kCommand = "systemd-run --user --scope -p Delegate=yes amazes …";
  const uid_t uid = ::geteuid();
  std::error_code ec;
  if (fs::exists(fmt::format("/run/user/{}/systemd/private", uid), ec)) {
    return std::string(kCommand) + " (a systemd user manager runs for this user)";
  }
  if (!fs::exists("/run/systemd/system", ec)) {
    return std::string(kCommand) +
           " (needs a systemd user manager; systemd is not this machine's init, so there is none here)";
  }
  return fmt::format(
      "{} (needs a systemd user manager, and none runs for {}: log in through systemd-logind, or loginctl "
      "enable-linger {} first)",
      kCommand, user_name(uid), user_name(uid));
}

std::vector<Finding> cgroup_findings(const SandboxSettings& settings) {
  Finding cgroup = cgroup_finding(settings, own_cgroup());
  Finding memory = memory_finding(settings, cgroup);
  return {std::move(cgroup), std::move(memory), pids_finding(settings)};
}

}  // namespace amazes::arbiter
