#pragma once
// The sandbox's steps in the child between fork and exec (LaunchSpec::child_hooks): resource
// limits, no new privileges, and the switch to the player's own UID. All async-signal-safe.
#include <sys/resource.h>
#include <sys/types.h>

#include <optional>
#include <string>

#include "process/launch_spec.hpp"

namespace amazes::arbiter {

struct ProcessLimits {
  std::optional<rlim_t> data_size;    // bytes (RLIMIT_DATA)
  std::optional<rlim_t> processes;    // RLIMIT_NPROC: processes and threads of the real UID
  rlim_t open_files = 64;             // RLIMIT_NOFILE
  rlim_t file_size = 0;               // bytes (RLIMIT_FSIZE); writing past it raises SIGXFSZ
  std::optional<rlim_t> cpu_seconds;  // RLIMIT_CPU (a referee's: players are timed by the judge)
  // RLIMIT_CORE is always 0: no core dumps.
};

// Sets soft and hard limits, never above a hard limit the judge already has (so that an
// unprivileged judge does not fail on a limit it cannot raise).
ChildHook limits_hook(const ProcessLimits& limits);
// The limits in words, for the match log: "rlimits (data 1024 MiB, nproc 256, nofile 64, fsize 0,
// core 0)", the data segment only when it is limited.
std::string limits_text(const ProcessLimits& limits);

// PR_SET_NO_NEW_PRIVS: set-user-ID programs (su, sudo, …) gain nothing. bubblewrap sets it
// itself (and a set-user-ID bwrap would need it unset), so this is for players without it.
ChildHook no_new_privileges_hook();

// Drops every group and switches real, effective and saved UID and GID to `uid` (raw system
// calls: they act on the calling thread alone, which in the forked child is the only one).
// Then SIGKILLs every other process of that UID: the UID is leased to this player alone
// (uid_pool.hpp), so whatever still runs under it was left by a judge that died. Refuses
// UID 0.
ChildHook switch_user_hook(uid_t uid);

// The last word before a player's program (or the bwrap in front of it) is executed: fails with
// EPERM unless no UID or GID of the process is 0 and it holds no capability. Whatever the steps
// before it did, no player runs privileged.
ChildHook unprivileged_hook();

}  // namespace amazes::arbiter
