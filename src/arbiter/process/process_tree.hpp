#pragma once
// Walking down from a wrapper (bubblewrap) to the process it runs, through /proc.
#include <sys/types.h>

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

}  // namespace amazes::arbiter
