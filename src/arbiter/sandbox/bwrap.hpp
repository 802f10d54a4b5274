#pragma once
// A player behind bubblewrap, as a transformation of its LaunchSpec.
//
// What the player gets:
// - every namespace of its own (user where bwrap is unprivileged, pid, ipc, uts, cgroup, net:
//   the network is a loopback with nobody on it); --die-with-parent; no capabilities;
//   further user namespaces disabled where bwrap made one;
// - a root of its own that holds only what player_files.hpp allows: the system's runtime and
//   its own folders, all read-only; /etc/passwd and /etc/group with one entry, its own; an
//   empty /tmp, or a private writable one of a fixed size; a fresh /proc (its own processes
//   only) and a minimal /dev (null, zero, full, random, urandom, tty), read-only;
// - a seccomp filter (seccomp_filter.hpp);
// - stdin and stdout that bypass bwrap's own processes (see bwrap.cpp);
// - no controlling terminal: the judge's child calls setsid() before it executes bwrap, which
//   is all that bwrap's --new-session does (the terminal-injection guard). --new-session itself
//   is not used: it would put bwrap's pid-1 process in a session of its own, and bwrap's outer
//   process exits without reaping it, so that it would come back to the judge (a subreaper) as
//   a zombie outside the process group by which the judge reaps; and under the process-group
//   control the player must stay in the one group that SIGSTOP reaches.
//
// bwrap's options reach it through a memory file (--args), not its command line: what the
// player can read of its sandbox's pid 1 (/proc/1/cmdline) is then `bwrap --args 5` and the
// organiser's command, nothing more.
#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "process/launch_spec.hpp"
#include "sandbox/player_files.hpp"

namespace amazes::arbiter {

struct BwrapOptions {
  std::filesystem::path bwrap;  // the bwrap program
  bool disable_userns = true;   // only where bwrap makes a user namespace (it runs unprivileged)
  std::uint64_t tmp_bytes = 0;  // a writable /tmp of this size; 0: an empty read-only one
  // The player's stdin and stdout bypass bwrap's own processes (see bwrap.cpp), so that its
  // closing them is seen. Needs /bin/sh inside; without it they go through bwrap as they are.
  bool move_stdio = true;
  uid_t uid = 0;  // who the player is, for its /etc/passwd and /etc/group
  gid_t gid = 0;
  // The seccomp filter's BPF program; empty: none.
  std::vector<std::uint8_t> seccomp;
};

// How many processes bwrap puts in front of the player: its outer process, then its init.
inline constexpr int kBwrapWrapperDepth = 2;

// The descriptors through which the options and files reach bwrap in the child.
inline constexpr int kArgsFd = 5;
inline constexpr int kSeccompFd = 6;
inline constexpr int kPasswdFd = 7;
inline constexpr int kGroupFd = 8;

// bwrap's options for a player whose files are `files` (the contents of --args), in order.
std::vector<std::string> bwrap_arguments(const PlayerFiles& files, const BwrapOptions& options);

// The spec that runs `spec` inside bubblewrap. The working directory becomes --chdir, the
// command line that of `files`; the environment and the child hooks stay as they are (the hooks
// run before bwrap starts). argv[0] of the player becomes its program's path. The spec fails to
// start (judge-side) when the kernel gives no memory file for the options.
LaunchSpec wrap_in_bwrap(const LaunchSpec& spec, const PlayerFiles& files, const BwrapOptions& options);

}  // namespace amazes::arbiter
