#pragma once
// The process groups of the players that are alive right now, for the one place that must
// reach them all without any context: the judge's SIGINT/SIGTERM handler. A fixed table of
// atomics, so that the handler can read it (async-signal-safe) while other threads change it.
// This is process-wide by nature: signal dispositions are.
#include <sys/types.h>

namespace amazes::arbiter::live_groups {

// Returns false when the table is full (the group is then only covered by PR_SET_PDEATHSIG).
bool add(pid_t pgid) noexcept;
void remove(pid_t pgid) noexcept;
// SIGKILLs every registered group, then reaps what of them the judge can reap.
// Async-signal-safe.
void kill_and_reap_all() noexcept;

}  // namespace amazes::arbiter::live_groups
