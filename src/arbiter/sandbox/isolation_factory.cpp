#include "sandbox/isolation_factory.hpp"

#include "amazes/arbiter/player_command.hpp"
#include "sandbox/bwrap_isolation.hpp"
#include "sandbox/machine_probes.hpp"
#include "sandbox/namespaces_isolation.hpp"
#include "sandbox/plain_isolation.hpp"
#include "sandbox/sandbox.hpp"

namespace amazes::arbiter {

namespace {

std::string namespaces_fallback_text(const std::string& problem) {
  return "sandbox: the namespaces sandbox does not work here (" + problem + "): bubblewrap instead";
}

// The judge's own namespaces, or why not (said once where they were expected).
std::optional<IsolationChoice> namespaces_for(const SandboxSettings& settings, const PlayerGrant& grant) {
  std::string problem = namespaces_precondition(grant);
  bool untested = false;
  if (problem.empty() && settings.mode == SandboxMode::Namespaces) {
    problem = test_namespaces(grant);  // asked for by name: proven before the first game
  } else if (problem.empty()) {
    const auto known = namespaces_known(grant);
    untested = !known.has_value();
    problem = known.value_or("");
  }
  if (problem.empty()) return IsolationChoice{std::make_unique<NamespacesIsolation>(grant), untested};
  if (settings.mode == SandboxMode::Namespaces) {
    throw SandboxError("the namespaces sandbox cannot be used: " + problem);
  }
  if (grant.root_judge && grant.uid && grant.cgroup) machine().note_once(namespaces_fallback_text(problem));
  return std::nullopt;
}

}  // namespace

IsolationChoice choose_isolation(const SandboxSettings& settings, const PlayerGrant& grant) {
  if (settings.mode == SandboxMode::None) return {std::make_unique<NoIsolation>(grant), false};
  if (settings.mode != SandboxMode::Bwrap) {
    if (auto chosen = namespaces_for(settings, grant)) return std::move(*chosen);
  }
  const ProgramLookup found = find_program("bwrap");
  const std::string problem =
      found.ok() ? bwrap_problem(grant, found.path) : "bubblewrap (bwrap) is not installed: " + found.error;
  if (problem.empty()) return {std::make_unique<BwrapIsolation>(grant, found.path), false};
  if (settings.mode == SandboxMode::Bwrap) throw SandboxError(problem);
  machine().warn_once("sandbox: " + problem + "; players run with rlimits" +
                      (grant.uid ? " and a UID of their own" : "") +
                      " only (the file system and the network are open to them)");
  return {std::make_unique<LimitsOnly>(grant), false};
}

std::string test_untested_namespaces(const PlayerGrant& grant) {
  std::string problem = test_namespaces(grant);
  if (!problem.empty()) machine().note_once(namespaces_fallback_text(problem));
  return problem;
}

}  // namespace amazes::arbiter
