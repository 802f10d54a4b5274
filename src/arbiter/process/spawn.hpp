#pragma once
// Starts one child for a LaunchSpec with three pipes: clone3, the child's set-up and hooks, the
// exec, and a failed set-up or exec reported back through a close-on-exec side channel. clone3,
// because only it gives the child its cgroup at birth (CLONE_INTO_CGROUP): a child that moves
// itself into its cgroup waits for the kernel's global lock (docs/performance.md). Where clone3
// is refused (an old kernel, a container's profile), a fork whose child joins the cgroup itself.
// The child follows the rules of a vforked one (launch_spec.hpp): every signal is blocked in the
// judge's thread around the clone, and the judge reaps the child itself. A sandbox the child
// builds itself (child_sandbox.hpp) is born sharing the judge's memory until it executes its
// small program (clone_sharing_memory in spawn.cpp).
#include <sys/types.h>

#include <string>

#include "amazes/files/unique_fd.hpp"
#include "process/launch_spec.hpp"

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

// A start in two halves, for a player in a sandbox its child builds (LaunchSpec::child_sandbox):
// the sandbox is made ahead of the player's turn while the judge plays on (all of a start but
// the exec: the namespaces, the root, the pid-1 process, and the process that becomes the
// player, in its cgroup, under its UID, limits and filter), and that process waits for the
// word. At the turn, launch() gives it and the player's program is executed; nothing of it runs
// before. For any other spec, preparing does nothing and launch() is spawn_child: a bubblewrap
// sandbox must not be made ahead of its player's turn (match.cpp says why).
class PreparedChild {
 public:
  PreparedChild() = default;
  ~PreparedChild();  // one never launched is killed and reaped, with its namespaces
  PreparedChild(PreparedChild&& other) noexcept;
  PreparedChild& operator=(PreparedChild&& other) noexcept;

  // Starts the player: as spawn_child, for the spec it was prepared with. The player runs on
  // the CPUs this thread may run on now (cpu_pin.hpp). Once.
  SpawnedChild launch(const LaunchSpec& spec) &&;

 private:
  friend PreparedChild prepare_child(const LaunchSpec& spec);
  static PreparedChild clone(const LaunchSpec& spec, bool wait_for_go);

  bool begun_ = false;  // cloned (or failed to): launch() goes on from there
  pid_t pid_ = -1;
  std::string error_;  // the clone failed; judge_side_ says whose failure
  bool judge_side_ = false;
  UniqueFd stdin_fd_, stdout_fd_, stderr_fd_;
  UniqueFd report_;  // the side channel (spawn_child)
  UniqueFd go_;      // the word: written once, the player's CPU mask; closed unwritten: given up
};

// `spec` must stay as it is until the launch (the judge reads its hooks' names and its plan
// for a failure's message); the child has its own copy.
PreparedChild prepare_child(const LaunchSpec& spec);

}  // namespace amazes::arbiter
