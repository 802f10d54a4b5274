#pragma once
// The judge's own namespaces: what bubblewrap does for a player, made by the judge's child
// itself with a few dozen system calls, without a program in front of the player (bwrap's own
// start is several times dearer: docs/sandbox-speed.md). The judge is root here, so it needs no
// user namespace to mount. The child is born in a new pid namespace, makes its mount, IPC, UTS
// and network namespaces (a used, empty one where there is one: network_namespaces.hpp), builds
// the player's root on a tmpfs from a plan made before the clone, pivots into it, and forks the
// player from its pid-1 process into the player's cgroup.
//
// What the player gets is what bwrap gives (bwrap.hpp): the allow-list root of player_files.hpp,
// read-only, nosuid and nodev; its own passwd and group entry; a /proc of its own processes
// (hidepid); six device nodes; an empty /tmp or a private one; a loopback; a cgroup namespace
// rooted at its cgroup; its own UID, no capability, no new privileges and the seccomp filter,
// loaded last (drop_capabilities_hook, seccomp_filter_hook).
//
// The pid-1 process forks the player, drops every capability and becomes the sandbox's init
// program (sandbox_init_program.hpp: a few kilobytes, so that no copy of the judge lives through
// the game), which exits with the player's status (128 + N for signal N, as bwrap does); the
// kernel then ends what was left in the namespace. It stays in the judge's cgroup, so that the
// player's freeze does not wake it. So, as with bwrap, the judge's child is a wrapper one
// process in front of the player (LaunchSpec::wrapper_depth = 1).
#include <sys/types.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "process/child_sandbox.hpp"
#include "process/launch_spec.hpp"
#include "sandbox/network_namespaces.hpp"
#include "sandbox/player_files.hpp"

namespace amazes::arbiter {

// The namespaces the judge's child is born in (clone3 flags): a pid namespace only. It makes
// the others itself (enter_namespaces), out of the judge's thread's time when the sandbox is
// made ahead of its turn (spawn.hpp: PreparedChild). The cgroup namespace is the player's own,
// made from inside its cgroup, so that it sees that cgroup as its root.
unsigned long long namespaces_clone_flags();

// One step of building the root, relative to the new root (a path without its leading '/').
struct PlanStep {
  enum class Kind : std::uint8_t {
    Dir,      // mkdir `target` with `mode` (an existing one is fine)
    File,     // an empty file `target` with `mode`, a mount point for a file
    Write,    // a file `target` with `mode` holding `source`
    Bind,     // bind `source` (absolute, the host's) on `target`, recursively
    Symlink,  // a symbolic link `target` to `source`
    Device,   // a character device `target` with `mode`, number `device`
    Mount,    // a fresh file system of type `source` on `target`, with the options `data`
    Flags,    // mount_setattr on `target`: `set` and `clear` (MOUNT_ATTR_*), `recursive` or that mount alone
  };
  Kind kind = Kind::Dir;
  std::string target;
  std::string source;
  std::string data;
  mode_t mode = 0755;
  unsigned long flags = 0;  // Mount: MS_* flags
  dev_t device = 0;
  std::uint64_t set = 0;  // Flags
  std::uint64_t clear = 0;
  bool recursive = false;
  // Made for the player's own files (a bind of its folder, a folder or link on the way): where
  // it fails because the file is gone or cannot be reached, the start fails as the player's own
  // (its crash), not the judge's.
  bool players = false;
};

struct NamespacesPlan {
  std::vector<PlanStep> steps;  // in order
  int init_program = -1;        // what the pid-1 process becomes (sandbox_init_program.hpp), or -1
};

struct NamespacesOptions {
  std::uint64_t tmp_bytes = 0;  // a writable /tmp of this size; 0: an empty read-only one
  uid_t uid = 0;                // who the player is, for its /etc/passwd and /etc/group
  gid_t gid = 0;
};

// The plan for a player whose files are `files`: the runtime, its passwd and group, /proc, /dev,
// /tmp, its own folders (and, empty and only traversable, the folders on the way to them).
NamespacesPlan make_namespaces_plan(const PlayerFiles& files, const NamespacesOptions& options);

// In the judge's child right after the clone (rules of launch_spec.hpp: system calls only, on
// the plan prepared before): makes its new namespaces, joins `network_fd` if it is an empty
// namespace (else, or for -1, makes a new one and brings its loopback up), builds the root, pivots into
// it, starts the player into `cgroup_fd` (the player's cgroup, -1: none; the pid-1 process stays
// in the judge's), which goes on as `player` says. In the pid-1 process it returns only on a
// failure, also when the plan's init program cannot be executed (the player is killed with it:
// it leaves the namespace): the errno value, and `failed_step` the index of the step (-1: the
// set-up around the steps; the number of steps: the init program).
int enter_namespaces(const NamespacesPlan& plan, int network_fd, int cgroup_fd, const PlayerContinuation& player,
                     int& failed_step);
// "mount proc on /proc", for the start error of a failed step.
std::string namespaces_step_text(const NamespacesPlan& plan, int step);

// The judge's own namespaces as the child builds them (child_sandbox.hpp): a plan, and the
// player's network namespace (null: a new one).
class NamespacesChild final : public ChildSandbox {
 public:
  NamespacesChild(NamespacesPlan plan, std::shared_ptr<NetworkLease> network);
  unsigned long long clone_flags() const override;
  std::array<int, 2> kept_fds() const override;
  int small_program() const override { return plan_.init_program; }
  int enter(int cgroup_fd, const PlayerContinuation& player, int& step) const override;
  std::string step_text(int step) const override { return namespaces_step_text(plan_, step); }
  bool players_own_failure(int step, int error) const override;
  void started(pid_t pid) const override;

 private:
  NamespacesPlan plan_;
  std::shared_ptr<NetworkLease> network_;
};
// The player's own steps after the fork, around the sandbox's other hooks: `drop` before the
// UID switch (emptying the bounding set needs the capabilities the switch takes away), `filter`
// last (the seccomp filter, after no-new-privileges).
ChildHook drop_capabilities_hook();
ChildHook seccomp_filter_hook(const std::vector<std::uint8_t>& program);

}  // namespace amazes::arbiter
