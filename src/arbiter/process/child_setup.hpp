#pragma once
// What the judge's child does between the clone and the exec (spawn.cpp starts it): the pipes on
// 0, 1 and 2, the judge's descriptors closed, its sandbox entered (child_sandbox.hpp), the
// memory cgroup joined, the working directory, the hooks, the exec, or the launcher that waits
// for the word; a failure reported on the side channel. It follows the rules of a vforked child
// (launch_spec.hpp): system calls only, on values prepared before.
#include <sched.h>
#include <sys/types.h>

#include <cstddef>
#include <string>
#include <vector>

#include "process/launch_spec.hpp"

namespace amazes::arbiter {

// What the child reports on the side channel when it cannot exec the player. The sandbox's
// launcher (sandbox_init/sandbox_init.c) writes it too, as three ints: keep them in step.
struct SetupFailure {
  int step;  // kJudgeStep, kExecStep, kSandboxStep, otherwise the index into spec.child_hooks
  int error;
  int sandbox_step = -1;
};
constexpr int kJudgeStep = -1;  // the judge's own set-up (the pipes, the working directory, …)
constexpr int kExecStep = -2;   // the exec itself: the player's program, not the judge's doing
// A step of the child's sandbox (child_sandbox.hpp): SetupFailure::error is then the errno value,
// and sandbox_step which part failed.
constexpr int kSandboxStep = -3;

// The stack of each process of a start that shares the judge's memory (clone_sharing_memory).
constexpr std::size_t kStackBytes = 256 * 1024;

// Everything the child needs, prepared before the clone: the child only makes system calls on it.
struct ChildPlan {
  const LaunchSpec* spec;
  std::vector<char*> argv;  // pointers into spec->argv, null-terminated
  std::vector<char*> envp;  // pointers into spec->environment, null-terminated; empty: the judge's
  pid_t judge_pid;
  // A cgroup directory the child must join itself (a kernel or a container's seccomp profile
  // without clone3: CLONE_INTO_CGROUP could not be had); -1: none, or born in it.
  int join_cgroup_fd = -1;
  int stdin_read, stdout_write, stderr_write;
  int report_fd;   // the child's end of the side channel
  int go_fd = -1;  // a prepared start (prepare_child): the child's end of the go pipe
  // The CPUs the player runs on (cpu_pin.hpp: player_cpus), set before its filter, which then
  // denies any change: a child made ahead of its turn was cloned on a spare CPU.
  cpu_set_t cpus;
  int listener_socket = -1;  // where the child hands the listener of spec->listened_filter
  // A prepared start: the arguments of the sandbox's launcher (sandbox_init.c: "launch", go_fd,
  // report_fd, the program, its argv), null-terminated, pointing into the strings below.
  std::vector<char*> launch_argv;
  std::string launch_name = "launch", go_text, report_text;
  // A child sandbox, its processes sharing the judge's memory (clone_sharing_memory):
  // the player's stack. Null: the player is a copy of the judge.
  void* player_stack = nullptr;
};

// The child, from its first instruction; never returns. `run_child_entry` is the same for a
// clone on a stack of its own (clone_on_stack.hpp).
[[noreturn]] void run_child(const ChildPlan& plan);
int run_child_entry(void* plan);

}  // namespace amazes::arbiter
