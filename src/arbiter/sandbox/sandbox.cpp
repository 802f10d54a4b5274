#include "sandbox/sandbox.hpp"

#include <unistd.h>

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "process/cgroup_control.hpp"
#include "process/memory_cgroup_v1.hpp"
#include "sandbox/fifo_check.hpp"
#include "sandbox/isolation_factory.hpp"
#include "sandbox/machine_probes.hpp"
#include "sandbox/player_access.hpp"
#include "sandbox/player_files.hpp"
#include "sandbox/seccomp_filter.hpp"
#include "sandbox/uid_pool.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;
constexpr std::uint64_t kMiB = 1024 * 1024;
constexpr std::string_view kNoUidsAsRoot =
    "the judge runs as root and --sandbox-uids is none: a player would run as root; give the players a range of "
    "UIDs of their own (the default is 60600-61099)";

// All a player gets of the judge's environment: nothing. A fixed PATH, its home folder as
// HOME and PWD (its working directory; behind bwrap the shell in front of it set PWD anyway),
// a UTF-8 locale and UTC.
std::vector<std::string> player_environment(const std::optional<fs::path>& home) {
  const std::string folder = home.value_or("/").string();
  return {"PATH=/usr/local/bin:/usr/bin:/bin",
          "HOME=" + folder,
          "PWD=" + folder,
          "LANG=C.UTF-8",
          "LC_ALL=C.UTF-8",
          "TZ=UTC"};
}

// As root, a UID of the player's own, whatever the mode: no player ever runs as root. Not as
// root, the judge's UID, said once.
std::unique_ptr<UidLease> lease_for(const SandboxSettings& settings, bool root, bool isolate) {
  if (root) {
    if (!settings.uids) throw SandboxError(std::string(kNoUidsAsRoot));
    UidLeaseResult leased = lease_uid(*settings.uids);
    if (!leased.lease) throw SandboxError("no UID for the player: " + leased.error);
    return std::make_unique<UidLease>(std::move(*leased.lease));
  }
  if (isolate) {
    machine().note_once(
        "sandbox: the judge is not root: players run under its UID, without a UID of their own and "
        "without a process-count limit (RLIMIT_NPROC would count all of this user's processes)");
  }
  return nullptr;
}

// The one line said when no player gets a cgroup: what that changes in the results, and the fix.
std::string no_cgroup_text(const std::string& problem) {
  return "sandbox: no cgroup for the players (" + problem +
         "): their child processes' CPU time is not charged, a child that leaves their process group runs on "
         "between their turns, and memory is limited per process; fix: run the judge in a cgroup of its own, "
         "`systemd-run --user --scope -p Delegate=yes amazes …`, or as root";
}

// The player's cgroup, or nothing (and a word on why) when there is none to be had.
std::unique_ptr<ProcessControl> cgroup_control_for(const SandboxSettings& settings, bool isolate) {
  if (!settings.cgroups) return nullptr;
  if (!cgroup_support().usable) {
    machine().warn_once(no_cgroup_text(cgroup_support().problem));
    return nullptr;
  }
  CgroupLimits limits;
  if (isolate && settings.memory_mb > 0) limits.memory_max = settings.memory_mb * kMiB;
  if (isolate && settings.processes > 0) limits.pids_max = static_cast<std::uint64_t>(settings.processes);
  std::string error;
  auto control = CgroupControl::create(limits, error);
  // The hierarchy worked for this judge before: a failure now (a limit on the number of
  // cgroups, say) costs this player its cgroup, not the match. The record says so.
  if (!control) machine().warn_once("sandbox: cannot make a player's cgroup (" + error + "): process group instead");
  if (control && isolate && settings.memory_mb > 0 && !control->limits_memory()) {
    machine().note_once("sandbox: no memory cgroup for the players (" + cgroup_support().limits_note + "; " +
                        memory_v1_support().problem +
                        "): their memory is limited per process (RLIMIT_DATA), which does not count what several "
                        "processes of one player hold together");
  }
  return control;
}

// Every limit but the file size (the mechanism's). The data segment only where no memory
// cgroup counts every page: RLIMIT_DATA counts a process's heap and private writable mappings,
// what a runaway bot grows, and not the address space a runtime only reserves (a JVM reserves
// its maximum heap and a class space of 1 GiB, which RLIMIT_AS would have to allow).
ProcessLimits limits_for(const SandboxSettings& settings, const PlayerGrant& grant, bool memory_cgroup) {
  ProcessLimits limits;
  if (settings.memory_mb > 0 && !memory_cgroup) limits.data_size = static_cast<rlim_t>(settings.memory_mb * kMiB);
  if (grant.uid && settings.processes > 0) limits.processes = static_cast<rlim_t>(settings.processes);
  limits.open_files = static_cast<rlim_t>(settings.open_files);
  return limits;
}

// A compile sees its build folder, writable, its toolchain's files outside the runtime,
// read-only, and the runtime: a command that would bind anything else (a path outside the
// folder) is refused, as is one whose home is not the folder.
std::string confine_to_build_folder(PlayerFiles& files, const fs::path& build,
                                    const std::vector<std::string>& toolchain) {
  std::error_code ec;
  const fs::path folder = fs::weakly_canonical(build, ec);
  if (files.home != folder) {
    return fmt::format("a compile runs in its build folder {}: its command must name a file in it first",
                       folder.string());
  }
  for (const auto& path : files.bound) {
    if (!is_inside(path, folder)) {
      return fmt::format("a compile sees only its build folder {} and the runtime, and its command names {}",
                         folder.string(), path.string());
    }
  }
  files.writable = folder;
  for (const auto& path : toolchain) {
    const ResolvedPath resolved = resolve_path(path, "/");
    if (!resolved.ok()) continue;
    if (resolved.real == "/" || is_inside(folder, resolved.real)) {
      return fmt::format("a toolchain path {} would show the build folder's parents", path);
    }
    // The links on its way (/etc/fpc.cfg → /etc/alternatives/…), made again, in folders made
    // empty where the runtime has none.
    for (const WayLink& link : resolved.links) {
      if (runtime_path_holding(link.at)) continue;
      for (fs::path up = link.at.parent_path(); up != up.root_path(); up = up.parent_path()) {
        const bool runtime_below = std::any_of(system_runtime().begin(), system_runtime().end(),
                                               [&](const RuntimePath& r) { return is_inside(r.path, up); });
        if (runtime_below || runtime_path_holding(up)) break;
        if (std::find(files.way.begin(), files.way.end(), up) == files.way.end())
          files.way.insert(files.way.begin(), up);
      }
      files.links.push_back(link);
    }
    if (!runtime_path_holding(resolved.real)) files.bound.push_back(resolved.real);
  }
  return "";
}

}  // namespace

PlayerSandbox::PlayerSandbox(const SandboxSettings& settings) : settings_(settings) {
  const bool isolate = settings.mode != SandboxMode::None;
  grant_.root_judge = ::geteuid() == 0;
  lease_ = lease_for(settings, grant_.root_judge, isolate);
  if (lease_) grant_.uid = lease_->uid();
  decide(settings, isolate);
}

PlayerSandbox::PlayerSandbox(const SandboxSettings& settings, const UidLease& kept) : settings_(settings) {
  grant_.root_judge = ::geteuid() == 0;
  if (grant_.root_judge) grant_.uid = kept.uid();
  decide(settings, settings.mode != SandboxMode::None);
}

// Everything but the UID: the cgroup, the limits, the mechanism.
void PlayerSandbox::decide(const SandboxSettings& settings, bool isolate) {
  control_ = cgroup_control_for(settings, isolate);
  grant_.cgroup = control_ != nullptr;
  memory_cgroup_ = control_ && control_->limits_memory();
  if (isolate) {
    grant_.limits = limits_for(settings, grant_, memory_cgroup_);
    grant_.tmp_bytes = settings.tmp_mb * kMiB;
    if (settings.move_folder) grant_.folder_bytes = kMoveFolderMb * kMiB;
  }
  IsolationChoice chosen = choose_isolation(settings, grant_);
  isolation_ = std::move(chosen.isolation);
  untested_ = chosen.untested;
  if (!control_) control_ = std::make_unique<ProcessGroupControl>(isolation_->wrapper_depth(), grant_.uid);
  describe();
}

// The line in words and the same as fields, side by side so that they cannot disagree.
void PlayerSandbox::describe() {
  const bool isolate = settings_.mode != SandboxMode::None;
  std::vector<std::string> parts;
  const auto add = [&](std::string name, std::string text) {
    used_.mechanisms.push_back(std::move(name));
    parts.push_back(std::move(text));
  };
  if (isolation_->hides_the_machine()) {
    add(std::string(isolation_->name()), std::string(isolation_->name()));
    add("seccomp", fmt::format("seccomp ({} calls denied, futex waits {})", bot_seccomp_filter().denied.size(),
                               isolation_->serves_futex_waits() ? "served" : "spin"));
  } else {
    parts.emplace_back(isolation_->name());
  }
  if (grant_.cgroup) {
    std::string what = "cgroup v2 (freeze, kill, cpu.stat";
    if (memory_cgroup_ && cgroup_support().memory_max) what += ", memory.max";
    if (isolate && settings_.processes > 0 && cgroup_support().pids_max) what += ", pids.max";
    add("cgroup v2", what + ")");
    if (memory_cgroup_ && !cgroup_support().memory_max) {
      add("memory cgroup v1", fmt::format("memory cgroup v1 ({} MiB)", settings_.memory_mb));
    }
  } else {
    add("process group", isolation_->wrapper_depth() > 0
                             ? "process group (SIGSTOP, CPU clock of the player's main process)"
                             : "process group (SIGSTOP, CPU clock of the main process)");
  }
  if (isolate) {
    const ProcessLimits& limits = isolation_->limits();
    add("rlimits", limits_text(limits));
    used_.limits = SandboxUsed::Limits{limits.data_size, limits.processes, limits.open_files, limits.file_size};
  }
  mechanisms_ = fmt::format("{}", fmt::join(parts, " + "));
}

PlayerSandbox::~PlayerSandbox() = default;
PlayerSandbox::PlayerSandbox(PlayerSandbox&&) noexcept = default;
PlayerSandbox& PlayerSandbox::operator=(PlayerSandbox&&) noexcept = default;

std::string PlayerSandbox::test_untested() {
  if (!untested_) return "";
  untested_ = false;
  return test_untested_namespaces(grant_);
}

LaunchSpec PlayerSandbox::wrap(LaunchSpec spec) const {
  if (settings_.mode == SandboxMode::None) {
    if (settings_.move_folder) spec.working_dir = *settings_.move_folder;
    return isolation_->wrap(std::move(spec), PlayerFiles{});
  }
  std::error_code ec;
  const PlayerFilesResult found = player_files(spec, spec.working_dir.value_or(fs::current_path(ec)));
  if (!found.ok()) {
    // Checked before the first game (sandbox_launch_problem): its files have changed since.
    spec.refusal = found.error;
    return spec;
  }
  PlayerFiles files = found.files;
  if (settings_.build_folder) {
    if (std::string why = confine_to_build_folder(files, *settings_.build_folder, settings_.toolchain); !why.empty()) {
      spec.refusal = why;
      return spec;
    }
  }
  if (settings_.move_folder) {
    if (std::string why = add_move_folder(files, *settings_.move_folder); !why.empty()) {
      spec.refusal = why;
      return spec;
    }
  }
  // Its own folder, not the judge's: its command's paths are absolute now.
  spec.program = files.program;
  spec.argv = files.argv;
  spec.working_dir = files.home.value_or("/");
  spec.environment = player_environment(files.home);
  return isolation_->wrap(std::move(spec), files);
}

std::unique_ptr<ProcessControl> PlayerSandbox::take_control() { return std::move(control_); }

std::optional<std::string> sandbox_launch_problem(const SandboxSettings& settings, const LaunchSpec& spec) {
  const bool root = ::geteuid() == 0;
  if (root && !settings.uids) return std::string(kNoUidsAsRoot);
  std::error_code ec;
  const PlayerFilesResult found = player_files(spec, spec.working_dir.value_or(fs::current_path(ec)));
  // Without a sandbox nothing is hidden, so nothing of the layout is refused; the UID still is.
  if (settings.mode != SandboxMode::None) {
    if (!found.ok()) return found.error;
    if (settings.build_folder) {
      PlayerFiles files = found.files;
      if (std::string why = confine_to_build_folder(files, *settings.build_folder, settings.toolchain); !why.empty())
        return why;
    }
    if (auto fifo = fifo_in_bound_files(found.files.bound)) return fifo;
  }
  if (!root) return std::nullopt;
  UidLeaseResult leased = lease_uid(*settings.uids);
  if (!leased.lease) return "no UID for the player: " + leased.error;
  return refused_to_players(leased.lease->uid(), found.files.needs);
}

}  // namespace amazes::arbiter
