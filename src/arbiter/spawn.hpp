#pragma once
// Starts one child for a LaunchSpec with three pipes, through Boost.Process v1.
// Boost.Process is used for what it does well: vfork, the dup2 of the pipes, exec, and the
// report of an exec failure back to the parent. vfork rather than fork: the judge's page
// tables are not copied and no copy-on-write faults follow, which saves about 0.15 ms per
// player start on the 2-core VM (a tenth of a match of two fast bots). The price is that the
// child runs on the judge's memory until it execs: everything it does there (the child hooks,
// the signal reset, the report of a failed set-up) is system calls on values prepared before,
// no allocation, no write to memory the judge reads; and every signal is blocked in the
// judge's thread while the child borrows it, so no handler of the judge can run in the child. Its `child` object is
// detached at once and never waited on: child::running()/wait() reap the pid on their own schedule (racing the judge's
// own reaping of the process group), terminate() kills only the pid and not the group, and exit_code() folds "exit 9"
// and "signal 9" together. The judge reaps itself.
#include <sys/types.h>

#include <string>

#include "files/unique_fd.hpp"
#include "launch_spec.hpp"

namespace amazes::arbiter {

struct SpawnedChild {
  pid_t pid = -1;
  UniqueFd stdin_fd;  // the judge's ends, non-blocking and close-on-exec
  UniqueFd stdout_fd;
  UniqueFd stderr_fd;
  std::string error;  // why nothing runs, e.g. "exec ./bot: Exec format error"; empty on success
  // The failure was the judge's own (the pipes, a child hook, the working directory), not the
  // exec of the player's program: out of descriptors, a cgroup or UID that cannot be joined.
  // Nothing the player did, so it must not be scored as the player's crash.
  bool judge_side = false;
  bool ok() const { return error.empty(); }
};

// In the child, before the hooks of `spec`: every signal back to its default disposition and
// unblocked (the judge ignores SIGPIPE and may block signals), every inherited descriptor
// above 2 closed on exec (so no player holds another player's pipes), the working directory.
// After the hooks, just before exec: PR_SET_PDEATHSIG = SIGKILL, a backstop for a judge that
// dies without cleaning up (SIGKILL, a crash). Its limits: it only covers the direct child
// (its own children are covered by the process-group kill, or by nothing if the judge dies
// outright); it is cleared by setuid/setgid (hence after the hooks) and by exec of a
// set-user-ID program (a setuid bwrap needs its own --die-with-parent); and it fires when the
// *thread* that spawned exits, so spawn from a thread that outlives the match.
SpawnedChild spawn_child(const LaunchSpec& spec);

}  // namespace amazes::arbiter
