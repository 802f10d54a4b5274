#include "sandbox/sandbox.hpp"

#include <poll.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <tuple>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include "amazes/arbiter/command_line.hpp"
#include "amazes/arbiter/judge_process.hpp"
#include "process/cgroup_control.hpp"
#include "process/memory_cgroup_v1.hpp"
#include "process/spawn.hpp"
#include "sandbox/bwrap.hpp"
#include "sandbox/child_limits.hpp"
#include "sandbox/namespaces.hpp"
#include "sandbox/network_namespaces.hpp"
#include "sandbox/player_access.hpp"
#include "sandbox/player_files.hpp"
#include "sandbox/seccomp_filter.hpp"
#include "sandbox/uid_pool.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;
constexpr std::uint64_t kMiB = 1024 * 1024;
constexpr std::uint64_t kBwrapFileBytes = 64 * 1024;  // RLIMIT_FSIZE under bwrap without a /tmp
constexpr std::string_view kNoUidsAsRoot =
    "the judge runs as root and --sandbox-uids is none: a player would run as root; give the players a range of "
    "UIDs of their own (the default is 60600-61099)";

// Each fallback is said once per judge process, not once per player.
void say_once(spdlog::level::level_enum level, const std::string& message) {
  static std::mutex mutex;
  static std::set<std::string> said;
  std::lock_guard lock(mutex);
  if (said.insert(message).second) spdlog::log(level, "{}", message);
}
void warn_once(const std::string& message) { say_once(spdlog::level::warn, message); }

std::string first_line(const std::string& text) {
  const std::string line = text.substr(0, text.find('\n'));
  return line.empty() ? std::string("no message") : line;
}

// Runs `bwrap --version` inside the very sandbox players get (same options, same limits, same
// UID): "" when that works, else why not.
std::string run_bwrap_probe(const fs::path& bwrap, const BwrapOptions& options, const std::vector<ChildHook>& hooks) {
  // bwrap's outer process exits without reaping its pid-1 process: the judge must be the
  // subreaper that gets it (it is in the probe's process group).
  prepare_judge_process();
  LaunchSpec probe;
  probe.program = bwrap;
  probe.argv = {bwrap.string(), "--version"};
  probe.working_dir = "/";
  LaunchSpec spec = wrap_in_bwrap(probe, player_files(probe, "/").files, options);
  spec.child_hooks.push_back(ChildHook{"setsid", [] { return ::setsid() >= 0 ? 0 : errno; }});
  spec.child_hooks.insert(spec.child_hooks.end(), hooks.begin(), hooks.end());
  SpawnedChild child = spawn_child(spec);
  if (!child.ok()) return child.error;
  child.stdin_fd.reset();
  std::string out, err;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (child.stdout_fd || child.stderr_fd) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    pollfd fds[2] = {{child.stdout_fd.get(), POLLIN, 0}, {child.stderr_fd.get(), POLLIN, 0}};
    if (::poll(fds, 2, static_cast<int>(left.count())) < 0 && errno != EINTR) break;
    for (int i = 0; i < 2; ++i) {
      UniqueFd& fd = i == 0 ? child.stdout_fd : child.stderr_fd;
      if (!fd || fds[i].revents == 0) continue;
      char buffer[1024];
      const ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
      if (n > 0) {
        (i == 0 ? out : err).append(buffer, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EAGAIN) {
        fd.reset();
      }
    }
  }
  ::kill(-child.pid, SIGKILL);  // harmless when it is done; the whole group when it hangs
  int status = 0;
  while (::waitpid(child.pid, &status, 0) < 0 && errno == EINTR) {
  }
  while (true) {  // and the rest of its group (SIGKILLed above)
    const pid_t r = ::waitpid(-child.pid, nullptr, 0);
    if (r < 0 && errno != EINTR) break;  // ECHILD: the whole group is reaped
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && out.rfind("bubblewrap", 0) == 0) return "";
  if (!err.empty()) return first_line(err);
  return WIFEXITED(status) ? fmt::format("exit {}", WEXITSTATUS(status)) : "killed";
}

// Probed once per kind of player (with or without a UID of its own, with or without /tmp).
std::string bwrap_problem(const fs::path& bwrap, const BwrapOptions& options, const std::vector<ChildHook>& hooks,
                          bool own_uid, bool limited) {
  static std::mutex mutex;
  static std::map<std::tuple<bool, bool, bool>, std::string> problems;
  std::lock_guard lock(mutex);
  const auto key = std::make_tuple(own_uid, options.tmp_bytes > 0, limited);
  auto found = problems.find(key);
  if (found == problems.end()) found = problems.emplace(key, run_bwrap_probe(bwrap, options, hooks)).first;
  return found->second;
}

// What this judge process knows of its own sandbox, per kind of player (with or without a
// /tmp, under which limits): "" it works, else why not; nothing yet when it was never tried.
using JailKind = std::tuple<bool, std::optional<rlim_t>, rlim_t>;
JailKind jail_kind(const ProcessLimits& limits, std::uint64_t tmp_bytes) {
  return std::make_tuple(tmp_bytes > 0, limits.address_space, limits.open_files);
}
std::mutex g_jail_mutex;
std::map<JailKind, std::string> g_jail_verdicts;
std::atomic<std::size_t> g_jail_probes{0};

std::optional<std::string> jail_verdict(const JailKind& kind) {
  std::lock_guard lock(g_jail_mutex);
  const auto found = g_jail_verdicts.find(kind);
  if (found == g_jail_verdicts.end()) return std::nullopt;
  return found->second;
}

// Starts `true` in the judge's own sandbox, with the player's hooks (limits, capabilities, UID,
// seccomp filter): "" when it runs and exits 0, else why not. Once per kind of player and judge
// process (about 2.5 ms).
std::string jail_problem(const std::vector<ChildHook>& hooks, const ProcessLimits& limits, std::uint64_t tmp_bytes,
                         uid_t uid) {
  std::lock_guard lock(g_jail_mutex);
  const JailKind kind = jail_kind(limits, tmp_bytes);
  const auto found = g_jail_verdicts.find(kind);
  if (found != g_jail_verdicts.end()) return found->second;
  const auto probe = [&]() -> std::string {
    ++g_jail_probes;
    // From the runtime every player sees, not from the PATH (which says where bwrap is).
    std::error_code ec;
    fs::path program = "/usr/bin/true";
    if (!fs::exists(program, ec)) program = "/bin/true";
    prepare_judge_process();
    LaunchSpec spec;
    spec.program = program;
    spec.argv = {program.string()};
    spec.working_dir = "/";
    spec.environment = std::vector<std::string>{};
    spec.child_hooks = hooks;
    const PlayerFiles files = player_files(spec, "/").files;
    spec.child_sandbox = std::make_shared<NamespacesChild>(
        make_namespaces_plan(files, {tmp_bytes, uid, static_cast<gid_t>(uid)}), nullptr);
    SpawnedChild child = spawn_child(spec);
    if (!child.ok()) return child.error;
    int status = 0;
    while (::waitpid(child.pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return "";
    return WIFEXITED(status) ? fmt::format("`true` exited {} in it", WEXITSTATUS(status)) : "`true` was killed in it";
  };
  return g_jail_verdicts.emplace(kind, probe()).first->second;
}

std::string jail_fallback_text(const std::string& problem) {
  return "sandbox: the judge's own sandbox does not work here (" + problem + "): bubblewrap instead";
}

// Why the judge's own sandbox is not for this player, before trying it; empty when it may be.
std::string jail_precondition(bool root, bool own_uid, bool cgroup) {
  if (!root) return "the judge is not root";
  if (!own_uid) return "the player has no UID of its own";
  if (!cgroup) return "the player has no cgroup";
  return "";
}

// The /proc fields of a process that decide whether it is the judge's leftover: its parent and
// its real UID.
std::optional<std::pair<pid_t, uid_t>> parent_and_uid(const std::string& pid) {
  std::ifstream in("/proc/" + pid + "/status");
  std::string line;
  std::optional<pid_t> parent;
  std::optional<uid_t> uid;
  while (std::getline(in, line)) {
    if (line.rfind("PPid:", 0) == 0) parent = static_cast<pid_t>(std::atol(line.c_str() + 5));
    if (line.rfind("Uid:", 0) == 0) uid = static_cast<uid_t>(std::atol(line.c_str() + 4));
  }
  if (!parent || !uid) return std::nullopt;
  return std::make_pair(*parent, *uid);
}

// SIGKILLs every process of `uid` (a helper that becomes `uid` and calls kill(-1)), then reaps
// those of them that had been handed to the judge (a child subreaper), within a second.
void kill_everything_of(uid_t uid) {
  const pid_t helper = ::fork();
  if (helper == 0) {
    const gid_t gid = static_cast<gid_t>(uid);
    if (uid == 0 || ::syscall(SYS_setgroups, 0, nullptr) != 0 || ::syscall(SYS_setresgid, gid, gid, gid) != 0 ||
        ::syscall(SYS_setresuid, uid, uid, uid) != 0) {
      ::_exit(1);
    }
    ::kill(-1, SIGKILL);
    ::_exit(0);
  }
  if (helper < 0) return;
  while (::waitpid(helper, nullptr, 0) < 0 && errno == EINTR) {
  }
  const std::string self = std::to_string(::getpid());
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  while (std::chrono::steady_clock::now() < deadline) {
    bool left = false;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/proc", ec)) {
      const std::string name = entry.path().filename().string();
      if (name.find_first_not_of("0123456789") != std::string::npos) continue;
      const auto found = parent_and_uid(name);
      if (!found || found->second != uid || std::to_string(found->first) != self) continue;
      const pid_t pid = static_cast<pid_t>(std::atol(name.c_str()));
      if (::waitpid(pid, nullptr, WNOHANG) == 0) left = true;  // not dead yet
    }
    if (!left) return;
    ::usleep(1000);
  }
}

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

// The address space only when it is limited: a memory cgroup says the player's limit instead.
std::string limits_text(const ProcessLimits& limits) {
  return fmt::format("rlimits ({}nproc {}, nofile {}, fsize {}, core 0)",
                     limits.address_space ? fmt::format("as {} MiB, ", *limits.address_space / kMiB) : "",
                     limits.processes ? std::to_string(*limits.processes) : "unlimited", limits.open_files,
                     limits.file_size == 0     ? std::string("0")
                     : limits.file_size < kMiB ? fmt::format("{} KiB", limits.file_size / 1024)
                                               : fmt::format("{} MiB", limits.file_size / kMiB));
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
    warn_once(
        "sandbox: the judge is not root: players run under its UID, without a UID of their own and "
        "without a process-count limit (RLIMIT_NPROC would count all of this user's processes)");
  }
  return nullptr;
}

// The player's cgroup, or nothing (and a word on why) when there is none to be had.
std::unique_ptr<ProcessControl> cgroup_control_for(const SandboxSettings& settings, bool isolate) {
  if (!settings.cgroups) return nullptr;
  if (!cgroup_support().usable) {
    warn_once("sandbox: no usable cgroup v2 (" + cgroup_support().problem +
              "): players are paused by SIGSTOP to their process group (a process that leaves it keeps running), "
              "timed by the CPU clock of their main process (its child processes are not counted), and limited in "
              "memory per process (RLIMIT_AS)");
    return nullptr;
  }
  CgroupLimits limits;
  if (isolate && settings.memory_mb > 0) limits.memory_max = settings.memory_mb * kMiB;
  if (isolate && settings.processes > 0) limits.pids_max = static_cast<std::uint64_t>(settings.processes);
  std::string error;
  auto control = CgroupControl::create(limits, error);
  // The hierarchy worked for this judge before: a failure now (a limit on the number of
  // cgroups, say) costs this player its cgroup, not the match. The record says so.
  if (!control) warn_once("sandbox: cannot make a player's cgroup (" + error + "): process group instead");
  // Without a memory cgroup, memory is bounded per process: said once, with why.
  if (control && isolate && settings.memory_mb > 0 && !control->limits_memory()) {
    warn_once("sandbox: no memory cgroup for the players (" + cgroup_support().limits_note + "; " +
              memory_v1_support().problem +
              "): their memory is limited per process (RLIMIT_AS), which does not count what several processes of "
              "one player hold together");
  }
  return control;
}

}  // namespace

PlayerSandbox::PlayerSandbox(const SandboxSettings& settings) : settings_(settings), root_(::geteuid() == 0) {
  const bool isolate = settings.mode != SandboxMode::None;
  lease_ = lease_for(settings, root_, isolate);
  control_ = cgroup_control_for(settings, isolate);
  cgroup_ = control_ != nullptr;
  // Address space only where no memory cgroup counts every page: RLIMIT_AS counts per process
  // and misses what nothing maps, and it keeps runtimes that reserve much (a JVM) from starting.
  memory_cgroup_ = cgroup_ && control_->limits_memory();
  ProcessLimits limits;
  if (isolate) {
    if (settings.memory_mb > 0 && !memory_cgroup_)
      limits.address_space = static_cast<rlim_t>(settings.memory_mb * kMiB);
    if (lease_ && settings.processes > 0) limits.processes = static_cast<rlim_t>(settings.processes);
    limits.open_files = static_cast<rlim_t>(settings.open_files);
  }

  if (isolate && settings.mode != SandboxMode::Bwrap) {
    // The judge's own sandbox first: the same guarantees as bwrap at a fraction of its start.
    tmp_bytes_ = settings.tmp_mb * kMiB;
    limits.file_size = static_cast<rlim_t>(tmp_bytes_);
    std::string problem = jail_precondition(root_, lease_ != nullptr, cgroup_);
    if (problem.empty() && settings.mode == SandboxMode::Namespaces) {
      // Asked for by name: proven before the first game, so that it refuses to play at once.
      problem = jail_problem(jail_hooks(limits), limits, tmp_bytes_, lease_->uid());
    } else if (problem.empty()) {
      // `auto`: a start costs a whole player's start (a fifth of a fast bot's match), so its
      // first player is its test; confirm_jail tells that player's failure from the sandbox's.
      const auto verdict = jail_verdict(jail_kind(limits, tmp_bytes_));
      jail_unconfirmed_ = !verdict.has_value();
      problem = verdict.value_or("");
    }
    if (problem.empty()) {
      jail_ = true;
    } else if (settings.mode == SandboxMode::Namespaces) {
      throw SandboxError("the judge's own sandbox (namespaces) cannot be used: " + problem);
    } else if (root_ && lease_ && cgroup_) {
      warn_once(jail_fallback_text(problem));
    }
  }
  if (isolate && !jail_) {
    const ProgramLookup found = find_program("bwrap");
    std::string problem = found.ok() ? "" : "bubblewrap (bwrap) is not installed: " + found.error;
    if (found.ok()) {
      // With a /tmp, files may be as large as it is. Without, bwrap itself must still write the
      // sandbox's /etc/passwd and /etc/group (a few dozen bytes) into the root it makes before
      // it starts the player; every other place is read-only to the player anyway.
      tmp_bytes_ = settings.tmp_mb * kMiB;
      limits.file_size = static_cast<rlim_t>(std::max<std::uint64_t>(tmp_bytes_, kBwrapFileBytes));
      // The probe runs bwrap exactly as players get it: same options, limits and UID.
      std::vector<ChildHook> probe_hooks = {limits_hook(limits)};
      if (lease_) probe_hooks.push_back(switch_user_hook(lease_->uid()));
      problem = bwrap_problem(found.path, bwrap_options(found.path), probe_hooks, lease_ != nullptr, true);
      if (!problem.empty()) {
        // Where bubblewrap works without the player's limits, the limits (a --sandbox-memory-mb
        // too small for bwrap itself, say) are what broke it: falling back would silently give
        // the players the file system and the network, so the judge stops instead.
        std::vector<ChildHook> unlimited;
        if (lease_) unlimited.push_back(switch_user_hook(lease_->uid()));
        if (bwrap_problem(found.path, bwrap_options(found.path), unlimited, lease_ != nullptr, false).empty()) {
          throw SandboxError(
              fmt::format("bubblewrap cannot start under the sandbox's limits ({}): {}; raise them "
                          "(--sandbox-memory-mb, --sandbox-open-files)",
                          limits_text(limits), problem));
        }
        problem = "bubblewrap does not work here: " + problem;
      }
    }
    if (problem.empty()) {
      bwrap_ = true;
      bwrap_path_ = found.path.string();
    } else if (settings.mode == SandboxMode::Bwrap) {
      throw SandboxError(problem);
    } else {
      tmp_bytes_ = 0;
      limits.file_size = 0;
      warn_once("sandbox: " + problem + "; players run with rlimits" + (lease_ ? " and a UID of their own" : "") +
                " only (the file system and the network are open to them)");
    }
  }
  limits_ = limits;
  if (jail_) {
    hooks_ = jail_hooks(limits);
    // Held here, so that the namespace goes back to the judge's list (for a later player) when
    // this sandbox is destroyed, which is after its player is gone.
    network_ = std::make_shared<NetworkLease>();
  } else if (isolate) {
    hooks_.push_back(limits_hook(limits));
    if (!bwrap_) hooks_.push_back(no_new_privileges_hook());
    if (lease_) hooks_.push_back(switch_user_hook(lease_->uid()));
  } else if (lease_) {
    // No sandbox, but not root either: set-user-ID programs and file capabilities gain nothing.
    hooks_.push_back(no_new_privileges_hook());
    hooks_.push_back(switch_user_hook(lease_->uid()));
  }
  if (lease_ && !jail_) hooks_.push_back(unprivileged_hook());
  if (!control_) control_ = std::make_unique<ProcessGroupControl>(bwrap_ ? kBwrapWrapperDepth : 0);

  // The line in words and the same as fields, side by side so that they cannot disagree.
  std::vector<std::string> parts;
  const auto add = [&](std::string name, std::string text) {
    used_.mechanisms.push_back(std::move(name));
    parts.push_back(std::move(text));
  };
  if (jail_)
    add("namespaces", "namespaces");
  else if (bwrap_)
    add("bwrap", "bwrap");
  else
    parts.push_back(isolate ? "no bwrap" : "no sandbox");
  if (jail_ || bwrap_) {
    add("seccomp", fmt::format("seccomp ({} calls denied)", bot_seccomp_filter().denied.size()));
  }
  if (cgroup_) {
    std::string what = "cgroup v2 (freeze, kill, cpu.stat";
    if (memory_cgroup_ && cgroup_support().memory_max) what += ", memory.max";
    if (isolate && settings.processes > 0 && cgroup_support().pids_max) what += ", pids.max";
    add("cgroup v2", what + ")");
    if (memory_cgroup_ && !cgroup_support().memory_max) {
      add("memory cgroup v1", fmt::format("memory cgroup v1 ({} MiB)", settings.memory_mb));
    }
  } else {
    add("process group", bwrap_ ? "process group (SIGSTOP, CPU clock of the player's main process)"
                                : "process group (SIGSTOP, CPU clock of the main process)");
  }
  if (isolate) {
    add("rlimits", limits_text(limits));
    used_.limits = SandboxUsed::Limits{limits.address_space, limits.processes, limits.open_files, limits.file_size};
  }
  mechanisms_ = fmt::format("{}", fmt::join(parts, " + "));
}

std::vector<ChildHook> PlayerSandbox::jail_hooks(const ProcessLimits& limits) const {
  // The capabilities go before the UID switch (emptying the bounding set needs them), the
  // filter last (it needs no-new-privileges, and denies nothing the steps after it make).
  return {limits_hook(limits),      drop_capabilities_hook(),
          no_new_privileges_hook(), switch_user_hook(lease_->uid()),
          unprivileged_hook(),      seccomp_filter_hook(bot_seccomp_filter().program)};
}

std::string PlayerSandbox::confirm_jail() {
  if (!jail_unconfirmed_) return "";
  jail_unconfirmed_ = false;
  std::string problem = jail_problem(jail_hooks(limits_), limits_, tmp_bytes_, lease_->uid());
  if (!problem.empty()) warn_once(jail_fallback_text(problem));
  return problem;
}

BwrapOptions PlayerSandbox::bwrap_options(const fs::path& bwrap) const {
  BwrapOptions options;
  options.bwrap = bwrap;
  options.disable_userns = lease_ || !root_;  // bwrap runs unprivileged: it makes a user namespace
  options.tmp_bytes = tmp_bytes_;
  options.uid = lease_ ? lease_->uid() : ::geteuid();
  options.gid = lease_ ? static_cast<gid_t>(lease_->uid()) : ::getegid();
  options.seccomp = bot_seccomp_filter().program;
  return options;
}

PlayerSandbox::~PlayerSandbox() {
  // Without a cgroup, a process that left the player's process group (setsid) survives the
  // group's kill. With a UID of its own it can still be found: every process of that UID is the
  // player's (uid_pool.hpp).
  // (Only once a player was started under it: take_control() hands the control out.)
  if (lease_ && !cgroup_ && !control_) kill_everything_of(lease_->uid());
}
PlayerSandbox::PlayerSandbox(PlayerSandbox&&) noexcept = default;
PlayerSandbox& PlayerSandbox::operator=(PlayerSandbox&&) noexcept = default;

std::optional<uid_t> PlayerSandbox::uid() const {
  if (!lease_) return std::nullopt;
  return lease_->uid();
}

LaunchSpec PlayerSandbox::wrap(LaunchSpec spec) const {
  if (settings_.mode == SandboxMode::None) {
    spec.child_hooks.insert(spec.child_hooks.end(), hooks_.begin(), hooks_.end());
    return spec;
  }
  std::error_code ec;
  const PlayerFilesResult found = player_files(spec, spec.working_dir.value_or(fs::current_path(ec)));
  if (!found.ok()) {
    // Checked before the first game (sandbox_launch_problem): its files have changed since.
    spec.refusal = found.error;
    return spec;
  }
  const PlayerFiles& files = found.files;
  // Its own folder, not the judge's: its command's paths are absolute now.
  spec.program = files.program;
  spec.argv = files.argv;
  spec.working_dir = files.home.value_or("/");
  spec.environment = player_environment(files.home);
  spec.child_hooks.insert(spec.child_hooks.end(), hooks_.begin(), hooks_.end());
  if (jail_) {
    const NamespacesOptions options{tmp_bytes_, lease_->uid(), static_cast<gid_t>(lease_->uid())};
    spec.child_sandbox = std::make_shared<NamespacesChild>(make_namespaces_plan(files, options), network_);
    spec.wrapper = "init";
    spec.wrapper_depth = 1;
    return spec;
  }
  if (!bwrap_) return spec;
  return wrap_in_bwrap(spec, files, bwrap_options(bwrap_path_));
}

std::unique_ptr<ProcessControl> PlayerSandbox::take_control() { return std::move(control_); }

std::size_t own_sandbox_probes() { return g_jail_probes.load(); }

std::optional<std::string> sandbox_launch_problem(const SandboxSettings& settings, const LaunchSpec& spec) {
  const bool root = ::geteuid() == 0;
  if (root && !settings.uids) return std::string(kNoUidsAsRoot);
  std::error_code ec;
  const PlayerFilesResult found = player_files(spec, spec.working_dir.value_or(fs::current_path(ec)));
  // Without a sandbox nothing is hidden, so nothing of the layout is refused; the UID still is.
  if (!found.ok() && settings.mode != SandboxMode::None) return found.error;
  if (!root) return std::nullopt;
  UidLeaseResult leased = lease_uid(*settings.uids);
  if (!leased.lease) return "no UID for the player: " + leased.error;
  return refused_to_players(leased.lease->uid(), found.files.needs);
}

}  // namespace amazes::arbiter
