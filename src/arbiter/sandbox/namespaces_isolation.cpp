#include "sandbox/namespaces_isolation.hpp"

#include <sys/wait.h>

#include <cerrno>

#include <fmt/format.h>

#include "amazes/arbiter/judge_process.hpp"
#include "process/spawn.hpp"
#include "sandbox/futex_wait_server.hpp"
#include "sandbox/machine_probes.hpp"
#include "sandbox/namespaces.hpp"
#include "sandbox/seccomp_filter.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;

constexpr const char* kKindPrefix = "namespaces";

ProcessLimits limits_under_namespaces(const PlayerGrant& grant) {
  ProcessLimits limits = grant.limits;
  limits.file_size = static_cast<rlim_t>(grant.file_bytes());  // only a private /tmp or folder takes writes
  return limits;
}

// The player's own steps after its fork: the capabilities before the UID switch (emptying the
// bounding set needs them), the filter last (it needs no-new-privileges, and denies nothing
// the steps after it make).
// `spec` gets the filter in front, which its child loads first, when this judge can serve the
// shared futex waits (futex_wait_server.hpp).
std::vector<ChildHook> player_steps(const PlayerGrant& grant, LaunchSpec& spec) {
  return {limits_hook(limits_under_namespaces(grant)),
          drop_capabilities_hook(),
          no_new_privileges_hook(),
          switch_user_hook(*grant.uid),
          unprivileged_hook(),
          seccomp_filter_hook(bots_filter_for(spec, futex_waits_can_be_served()))};
}

NamespacesOptions options_of(const PlayerGrant& grant) {
  return {grant.tmp_bytes, *grant.uid, static_cast<gid_t>(*grant.uid)};
}

// The verdicts are kept per kind of player: with or without a /tmp, under which limits.
std::string kind_of(const PlayerGrant& grant) {
  const ProcessLimits limits = limits_under_namespaces(grant);
  return fmt::format("{} tmp={} data={} nofile={}", kKindPrefix, grant.tmp_bytes > 0,
                     limits.data_size ? std::to_string(*limits.data_size) : "-", limits.open_files);
}

std::string run_true(const PlayerGrant& grant) {
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
  spec.child_hooks = player_steps(grant, spec);
  const PlayerFiles files = player_files(spec, "/").files;
  spec.child_sandbox = std::make_shared<NamespacesChild>(make_namespaces_plan(files, options_of(grant)), nullptr);
  SpawnedChild child = spawn_child(spec);
  if (!child.ok()) return child.error;
  int status = 0;
  while (::waitpid(child.pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return "";
  return WIFEXITED(status) ? fmt::format("`true` exited {} in it", WEXITSTATUS(status)) : "`true` was killed in it";
}

}  // namespace

NamespacesIsolation::NamespacesIsolation(const PlayerGrant& grant)
    : grant_(grant), limits_(limits_under_namespaces(grant)), network_(std::make_shared<NetworkLease>()) {}

bool NamespacesIsolation::serves_futex_waits() const { return futex_waits_can_be_served(); }

LaunchSpec NamespacesIsolation::wrap(LaunchSpec spec, const PlayerFiles& files) const {
  const auto steps = player_steps(grant_, spec);
  spec.child_hooks.insert(spec.child_hooks.end(), steps.begin(), steps.end());
  spec.child_sandbox = std::make_shared<NamespacesChild>(make_namespaces_plan(files, options_of(grant_)), network_);
  spec.wrapper = "init";
  spec.wrapper_depth = 1;
  return spec;
}

std::string namespaces_precondition(const PlayerGrant& grant) {
  if (!grant.root_judge) return "the judge is not root";
  if (!grant.uid) return "the player has no UID of its own";
  if (!grant.cgroup) return "the player has no cgroup";
  return "";
}

std::optional<std::string> namespaces_known(const PlayerGrant& grant) { return machine().known(kind_of(grant)); }

std::string test_namespaces(const PlayerGrant& grant) {
  return machine().verdict(kind_of(grant), [&] { return run_true(grant); });
}

std::size_t namespaces_tests_run() { return machine().probes_run(kKindPrefix); }

}  // namespace amazes::arbiter
