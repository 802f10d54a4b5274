#pragma once
// What to start for a player: the program, its argv, where and with which environment, and
// what to do in the child between fork and exec. The sandbox (bubblewrap, rlimits, a UID per
// player, a cgroup per player) is meant to be a transformation of this value: wrap `program`
// and `argv`, add child hooks. Nothing here starts a process; PlayerProcess::start does.
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace amazes::arbiter {

class ChildSandbox;  // child_sandbox.hpp

// Runs in the child just before exec. The child is a copy of a judge that may have other threads
// (whose locks nobody releases in the copy). So a hook only makes system calls (setpgid, setrlimit,
// chdir, prctl, write, open, …; credentials through syscall(SYS_setresuid, …), since glibc's
// setuid() would signal the judge's threads), takes no lock, allocates nothing and writes no
// memory. Returns 0, or an errno value, in which case the child does not exec and the start
// fails with `what` and that error.
struct ChildHook {
  const char* what;  // e.g. "setpgid"; a string literal, used in the start error
  std::function<int()> run;
};

struct LaunchSpec {
  std::filesystem::path program;                        // the file to execute (already resolved)
  std::vector<std::string> argv;                        // argv[0] included
  std::optional<std::filesystem::path> working_dir;     // nothing: the judge's
  std::optional<std::vector<std::string>> environment;  // "NAME=value" entries; nothing: the judge's
  std::vector<ChildHook> child_hooks;                   // in order, after the judge's own child set-up
  // A cgroup v2 directory (an open descriptor, owned by whoever set it) in which the child is
  // born (clone3 CLONE_INTO_CGROUP; spawn.hpp says why not a write to cgroup.procs); -1: the
  // judge's cgroup.
  int cgroup_fd = -1;
  // A memory cgroup of cgroup v1 (memory_cgroup_v1.hpp), its `tasks` open for writing: the child
  // joins it, while it has one thread, before anything of the player runs; -1: none.
  int memory_cgroup_fd = -1;
  // A wrapper in front of the player ("bwrap", or the pid-1 process of the judge's own
  // sandbox: "init"), which reports the player's death by signal N as its own exit status
  // 128 + N; empty when `program` is the player itself. `wrapper_depth`: how many processes
  // stand in front of the player (bwrap: its outer process and its init).
  std::string wrapper;
  int wrapper_depth = 0;
  // A sandbox the child builds itself (the judge's own namespaces): the child is born in its
  // namespaces, enters it, and the player is started from its pid-1 process. Null: none.
  std::shared_ptr<const ChildSandbox> child_sandbox;
  // Not empty: nothing is started, and the start fails with this reason as the player's own
  // (its files no longer pass the sandbox's checks, say).
  std::string refusal;
  // A seccomp filter (struct sock_filter[]) the child loads first, before its hooks and its
  // sandbox, with a listener (SECCOMP_FILTER_FLAG_NEW_LISTENER) that it hands over a socket to
  // the judge: `serve_listener` gets the judge's end once the child is started, and owns it
  // (futex_wait_server.hpp: a player's shared futex waits). A child that cannot load it or hand
  // it over does not start. Empty: none. The judge's own bytes, which live as long as it.
  std::span<const unsigned char> listened_filter;
  std::function<void(int socket)> serve_listener;
};

struct LaunchSpecResult {
  LaunchSpec spec;
  std::string error;  // one line: "player 'x': ./bot: no such file"
  bool ok() const { return error.empty(); }
};

// The launch spec for a player given as one shell-style command string or a path.
// If the whole command is the path of an existing file it is taken as that path (so a path
// with blanks works unquoted); otherwise it is split (split_command) and argv[0] is found
// like execvp (find_program). Nothing is started: a missing or non-executable program is an
// error here, before the match.
LaunchSpecResult make_launch_spec(std::string_view player_name, std::string_view command);

}  // namespace amazes::arbiter
