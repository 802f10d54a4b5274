#pragma once
// The process groups (and cgroups) of the players that are alive right now, for the one place that must
// reach them all without any context: the judge's SIGINT/SIGTERM handler. A fixed table of
// atomics, so that the handler can read it (async-signal-safe) while other threads change it.
// This is process-wide by nature: signal dispositions are.
#include <sys/types.h>

namespace amazes::arbiter::live_groups {

// Returns false when the table is full (the group is then only covered by PR_SET_PDEATHSIG).
bool add(pid_t pgid) noexcept;
void remove(pid_t pgid) noexcept;
// The cgroup.kill files (open for writing) of the players that have a cgroup: the handler
// writes "1" to each, which also reaches processes that left the process group.
bool add_cgroup_kill(int fd) noexcept;
// False when the interrupt handler is running and may still write to `fd`: the caller must then
// not close it (the judge is about to die anyway), lest the number be reused for another file.
[[nodiscard]] bool remove_cgroup_kill(int fd) noexcept;
// Kills every registered cgroup and SIGKILLs every registered group, then reaps what of the
// groups the judge can reap. Async-signal-safe.
void kill_and_reap_all() noexcept;
// kill_and_reap_all has begun: every player killed from then on was killed by it.
bool interrupted() noexcept;

}  // namespace amazes::arbiter::live_groups
