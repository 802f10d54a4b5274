#include "sandbox/plain_isolation.hpp"

namespace amazes::arbiter {

namespace {

// As root, the player's own UID, and nothing gained from a set-user-ID program or a file's
// capabilities.
void add_unprivileged_steps(LaunchSpec& spec, const PlayerGrant& grant) {
  if (!grant.uid) return;
  spec.child_hooks.push_back(no_new_privileges_hook());
  spec.child_hooks.push_back(switch_user_hook(*grant.uid));
  spec.child_hooks.push_back(unprivileged_hook());
}

}  // namespace

LimitsOnly::LimitsOnly(const PlayerGrant& grant) : grant_(grant), limits_(grant.limits) {
  // No /tmp without a root of its own; a per-move player writes its answer into its folder.
  limits_.file_size = static_cast<rlim_t>(grant.folder_bytes);
}

LaunchSpec LimitsOnly::wrap(LaunchSpec spec, const PlayerFiles&) const {
  spec.child_hooks.push_back(limits_hook(limits_));
  if (!grant_.uid) spec.child_hooks.push_back(no_new_privileges_hook());
  add_unprivileged_steps(spec, grant_);
  return spec;
}

LaunchSpec NoIsolation::wrap(LaunchSpec spec, const PlayerFiles&) const {
  add_unprivileged_steps(spec, grant_);
  return spec;
}

}  // namespace amazes::arbiter
