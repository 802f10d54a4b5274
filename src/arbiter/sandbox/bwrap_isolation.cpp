#include "sandbox/bwrap_isolation.hpp"

#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>

#include <fmt/format.h>

#include "amazes/arbiter/judge_process.hpp"
#include "process/spawn.hpp"
#include "sandbox/futex_wait_server.hpp"
#include "sandbox/machine_probes.hpp"
#include "sandbox/sandbox.hpp"
#include "sandbox/seccomp_filter.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;

// bwrap itself writes the sandbox's /etc/passwd and /etc/group (a few dozen bytes) into the root
// it makes before it starts the player, under the player's limits: files may be this large
// without a /tmp (every other place is read-only to the player anyway).
constexpr std::uint64_t kBwrapFileBytes = 64 * 1024;

ProcessLimits limits_under_bwrap(const PlayerGrant& grant) {
  ProcessLimits limits = grant.limits;
  limits.file_size = static_cast<rlim_t>(std::max<std::uint64_t>(grant.file_bytes(), kBwrapFileBytes));
  return limits;
}

// The steps before bwrap starts; it sets no-new-privileges itself (a set-user-ID bwrap would
// need it unset).
std::vector<ChildHook> steps_before_bwrap(const PlayerGrant& grant, bool limited) {
  std::vector<ChildHook> steps;
  if (limited) steps.push_back(limits_hook(limits_under_bwrap(grant)));
  if (grant.uid) {
    steps.push_back(switch_user_hook(*grant.uid));
    steps.push_back(unprivileged_hook());
  }
  return steps;
}

// Whether the judge serves the shared futex waits of players behind `bwrap`: not when it is
// set-user-ID, as it gains nothing under no-new-privileges, which a judge that is not root sets
// to load the filter in front (futex_wait_server.hpp).
bool waits_served_behind(const fs::path& bwrap) {
  struct stat st {};
  const bool set_user_id = ::stat(bwrap.c_str(), &st) == 0 && (st.st_mode & S_ISUID) != 0;
  return futex_waits_can_be_served(set_user_id);
}

// The bots' filter, for bwrap to load, and the filter in front of it that `spec` loads first
// when this judge can serve the shared futex waits.
void filter_for(LaunchSpec& spec, BwrapOptions& options) {
  options.seccomp = bots_filter_for(spec, waits_served_behind(options.bwrap));
}

BwrapOptions options_for(const PlayerGrant& grant, const fs::path& bwrap) {
  BwrapOptions options;
  options.bwrap = bwrap;
  options.disable_userns = grant.uid || !grant.root_judge;  // bwrap runs unprivileged: it makes a user namespace
  options.tmp_bytes = grant.tmp_bytes;
  options.uid = grant.uid.value_or(::geteuid());
  options.gid = grant.uid ? static_cast<gid_t>(*grant.uid) : ::getegid();
  return options;
}

std::string first_line(const std::string& text) {
  const std::string line = text.substr(0, text.find('\n'));
  return line.empty() ? std::string("no message") : line;
}

// Runs `bwrap --version` inside the very sandbox players get: "" when that works, else why not.
std::string run_version(const fs::path& bwrap, const BwrapOptions& options, const std::vector<ChildHook>& steps) {
  // bwrap's outer process exits without reaping its pid-1 process: the judge must be the
  // subreaper that gets it (it is in the probe's process group).
  prepare_judge_process();
  LaunchSpec probe;
  probe.program = bwrap;
  probe.argv = {bwrap.string(), "--version"};
  probe.working_dir = "/";
  BwrapOptions filtered = options;
  filter_for(probe, filtered);
  LaunchSpec spec = wrap_in_bwrap(probe, player_files(probe, "/").files, filtered);
  spec.child_hooks.push_back(ChildHook{"setsid", [] { return ::setsid() >= 0 ? 0 : errno; }});
  spec.child_hooks.insert(spec.child_hooks.end(), steps.begin(), steps.end());
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

// Probed once per kind of player: with or without a UID of its own, a /tmp, the limits.
std::string verdict(const PlayerGrant& grant, const fs::path& bwrap, bool limited) {
  const std::string kind =
      fmt::format("bwrap uid={} tmp={} limited={}", grant.uid.has_value(), grant.tmp_bytes > 0, limited);
  return machine().verdict(
      kind, [&] { return run_version(bwrap, options_for(grant, bwrap), steps_before_bwrap(grant, limited)); });
}

}  // namespace

BwrapIsolation::BwrapIsolation(const PlayerGrant& grant, fs::path bwrap)
    : grant_(grant), limits_(limits_under_bwrap(grant)), bwrap_(std::move(bwrap)) {}

bool BwrapIsolation::serves_futex_waits() const { return waits_served_behind(bwrap_); }

LaunchSpec BwrapIsolation::wrap(LaunchSpec spec, const PlayerFiles& files) const {
  const auto steps = steps_before_bwrap(grant_, true);
  spec.child_hooks.insert(spec.child_hooks.end(), steps.begin(), steps.end());
  BwrapOptions options = options_for(grant_, bwrap_);
  filter_for(spec, options);
  return wrap_in_bwrap(spec, files, options);
}

std::string bwrap_problem(const PlayerGrant& grant, const fs::path& bwrap) {
  const std::string problem = verdict(grant, bwrap, true);
  if (problem.empty()) return "";
  // Where bubblewrap works without the player's limits, the limits are what broke it.
  if (verdict(grant, bwrap, false).empty()) {
    throw SandboxError(
        fmt::format("bubblewrap cannot start under the sandbox's limits ({}): {}; raise them (--sandbox-memory-mb, "
                    "--sandbox-open-files)",
                    limits_text(limits_under_bwrap(grant)), problem));
  }
  return "bubblewrap does not work here: " + problem;
}

}  // namespace amazes::arbiter
