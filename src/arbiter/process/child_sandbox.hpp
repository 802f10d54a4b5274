#pragma once
// A sandbox that the judge's child builds itself before the player runs (the judge's own
// namespaces: sandbox/namespaces_isolation.hpp). spawn.cpp knows it only through this: the
// child is born in new namespaces, enters the sandbox, and the player is started from the
// sandbox's own pid-1 process, which goes on as PlayerContinuation says.
#include <sys/types.h>

#include <array>
#include <cstddef>
#include <string>

namespace amazes::arbiter {

// How the sandbox's pid-1 process starts its player, and what the player does then.
struct PlayerContinuation {
  // Runs in the player, born in its cgroup, with the judge's umask back; never returns. It makes
  // the player's cgroup namespace itself, once it has joined every cgroup (child_setup.cpp).
  int (*run)(void* arg) = nullptr;
  void* arg = nullptr;
  // A stack of its own: the player then shares the pid-1 process's memory (the judge's) until
  // it executes a program or exits, and the pid-1 process waits for that (CLONE_VM |
  // CLONE_VFORK; clone_on_stack.hpp). Null: the player is a copy (fork semantics).
  void* stack = nullptr;
  std::size_t stack_bytes = 0;
};

class ChildSandbox {
 public:
  virtual ~ChildSandbox() = default;

  // The namespaces the child is born in (clone3 flags).
  virtual unsigned long long clone_flags() const = 0;
  // The judge's descriptors the child needs in it (-1 entries are none); every other is closed.
  virtual std::array<int, 2> kept_fds() const = 0;
  // A small program, as a descriptor to execute, that the pid-1 process becomes and that also
  // waits in the player's place when the sandbox is made ahead of its turn ("launch"); -1: none.
  virtual int small_program() const = 0;
  // In the child (system calls only, launch_spec.hpp): builds the sandbox and starts the player
  // born into `cgroup_fd` (-1: none). Returns only on a failure: the errno value, and `step`
  // which part failed (for step_text).
  virtual int enter(int cgroup_fd, const PlayerContinuation& player, int& step) const = 0;
  // The failed part in words ("bind /x into the sandbox"), and whether such a failure is the
  // player's own (its files gone since they were checked) rather than the judge's.
  virtual std::string step_text(int step) const = 0;
  virtual bool players_own_failure(int step, int error) const = 0;
  // The player runs; `pid` is the sandbox's pid-1 process.
  virtual void started(pid_t pid) const = 0;
};

}  // namespace amazes::arbiter
