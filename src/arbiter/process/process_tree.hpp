#pragma once
// Walking down from a wrapper (bubblewrap) to the process it runs, through /proc; and every
// process of a player's UID.
#include <sys/types.h>

#include <chrono>
#include <optional>
#include <vector>

namespace amazes::arbiter {

// The children of `pid`'s main thread, oldest first (/proc/PID/task/PID/children); empty when
// it is gone or has none.
std::vector<pid_t> children_of(pid_t pid);

// The process `depth` generations below `pid`, following the oldest child at each step (a
// wrapper's first child is the one it started; orphans handed to it come later), or nothing
// while that process does not exist (yet).
std::optional<pid_t> oldest_descendant(pid_t pid, int depth);

// For a player's leased UID (sandbox/uid_pool.hpp), whose every process is the player's:
// SIGKILLs every process of `uid` (a helper that becomes `uid` and calls kill(-1)); then, once
// the player's main process is reaped, reaps those of them that were handed to the judge (a
// child subreaper) as their parents died, waiting at most `limit`. False when some are left.
void kill_every_process_of(uid_t uid);
bool reap_orphans_of(uid_t uid, std::chrono::milliseconds limit);

}  // namespace amazes::arbiter
