#pragma once
// A player behind bubblewrap (issue 7, item 2), as a transformation of its LaunchSpec.
//
// What the player gets:
// - every namespace of its own (user where bwrap is unprivileged, pid, ipc, uts, cgroup, net:
//   the network is a loopback with nobody on it); --die-with-parent; no capabilities;
//   further user namespaces disabled where bwrap made one;
// - the whole file system read-only (--ro-bind / /), with the directories where sockets,
//   FIFOs and shared scratch files live (/tmp, /var/tmp, /run, /dev/shm) replaced by empty
//   read-only tmpfs: a read-only mount still lets one connect to a Unix socket or open a FIFO,
//   and a bot must not talk to the system's daemons or to another bot. The player's own
//   directory, its program, the program's interpreter, every file its command line names and
//   its working directory are bound again read-only on top when they lie in one of those
//   (rebound_paths);
// - /proc of its own pid namespace (it sees its own processes only), a minimal /dev (null,
//   zero, full, random, urandom, tty), remounted read-only;
// - stdin and stdout that bypass bwrap's own processes (see bwrap.cpp);
// - optionally a private writable /tmp of a fixed size;
// - no controlling terminal: the judge's child calls setsid() before it executes bwrap, which
//   is all that bwrap's --new-session does (the terminal-injection guard). --new-session itself
//   is not used: it would put bwrap's pid-1 process in a session of its own, and bwrap's outer
//   process exits without reaping it, so that it would come back to the judge (a subreaper) as
//   a zombie outside the process group by which the judge reaps; and under the process-group
//   control the player must stay in the one group that SIGSTOP reaches.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "amazes/arbiter/launch_spec.hpp"

namespace amazes::arbiter {

struct BwrapOptions {
  std::filesystem::path bwrap;  // the bwrap program
  bool disable_userns = true;   // only where bwrap makes a user namespace (it runs unprivileged)
  std::uint64_t tmp_bytes = 0;  // a writable /tmp of this size; 0: none
  // The player's stdin and stdout bypass bwrap's own processes (see bwrap.cpp), so that its
  // closing them is seen. Needs /bin/sh inside; without it they go through bwrap as they are.
  bool move_stdio = true;
  // The directories hidden behind an empty tmpfs (those of them that exist as directories).
  std::vector<std::filesystem::path> hidden = {"/tmp", "/var/tmp", "/run"};
};

// The spec that runs `spec` inside bubblewrap. The working directory becomes --chdir (the
// judge's when the spec has none); the environment and the child hooks stay as they are (the
// hooks run before bwrap starts). argv[0] of the player becomes its program's path.
LaunchSpec wrap_in_bwrap(const LaunchSpec& spec, const BwrapOptions& options);

// The paths a player needs to see: its program, its interpreter (from a "#!" line), every
// argument that names an existing file or directory, and its working directory. Symbolic links
// are followed and both the link and its target kept. `is_directory` tells which are.
struct NamedPath {
  std::filesystem::path path;
  bool is_directory = false;
  friend bool operator==(const NamedPath&, const NamedPath&) = default;
};
std::vector<NamedPath> paths_named_by(const LaunchSpec& spec, const std::filesystem::path& cwd);

// What is bound again, read-only, over the hidden directories: for each named path inside one,
// its directory (the player's own directory), or the file alone when its directory is a hidden
// directory itself (a bot in /tmp does not bring all of /tmp back); a working directory that is
// a hidden directory stays empty. Outermost paths only.
std::vector<std::filesystem::path> rebound_paths(const std::vector<NamedPath>& named,
                                                 const std::vector<std::filesystem::path>& hidden);

}  // namespace amazes::arbiter
