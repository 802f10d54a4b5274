#pragma once
// How one player is isolated from the machine, the judge and the other players: one
// implementation per mechanism — the judge's own namespaces (namespaces_isolation.hpp),
// bubblewrap (bwrap_isolation.hpp), limits alone, nothing (plain_isolation.hpp) — chosen by
// choose_isolation (isolation_factory.hpp). PlayerSandbox (sandbox.hpp) adds what every
// mechanism shares: a UID, a cgroup, limits, the record. A new mechanism is one more
// implementation and one more choice in the factory.
#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string_view>

#include "process/launch_spec.hpp"
#include "sandbox/child_limits.hpp"
#include "sandbox/player_files.hpp"

namespace amazes::arbiter {

// What the sandbox has for its player before a mechanism is chosen.
struct PlayerGrant {
  std::optional<uid_t> uid;     // a UID of its own (a root judge), else the judge's
  bool root_judge = false;      // the judge runs as root
  bool cgroup = false;          // a cgroup of its own pauses, times and kills it
  ProcessLimits limits;         // every limit but the file size, which the mechanism decides
  std::uint64_t tmp_bytes = 0;  // a private writable /tmp of this size; 0: none
  // A folder of its own that it may write (a per-move player's, a compile's): of this size, the
  // largest file it may write; 0: none.
  std::uint64_t folder_bytes = 0;
  // The largest file the player may write: nothing is writable without /tmp or a folder.
  std::uint64_t file_bytes() const { return tmp_bytes > folder_bytes ? tmp_bytes : folder_bytes; }
};

class Isolation {
 public:
  virtual ~Isolation() = default;

  // The record's word for it: "namespaces", "bwrap", "no bwrap" (limits only), "no sandbox".
  virtual std::string_view name() const = 0;
  // Whether the player sees only its own files and the runtime (player_files.hpp), and the
  // bots' seccomp filter is loaded.
  virtual bool hides_the_machine() const = 0;
  // The player's limits under it (the file size is the mechanism's).
  virtual const ProcessLimits& limits() const = 0;
  // How many processes stand in front of the player (bubblewrap's two), for the process-group
  // control that times the player's own.
  virtual int wrapper_depth() const { return 0; }
  // Whether the sandbox is worth making ahead of the player's turn (PlayerProcess::prepare).
  virtual bool made_ahead() const { return false; }
  // Whether the judge serves the player's shared futex waits (futex_wait_server.hpp); where the
  // machine is hidden and it does not, they spin.
  virtual bool serves_futex_waits() const { return false; }
  // The spec that starts the player in it. `files`: what the player's command may see, its
  // paths resolved (for a mechanism that hides the machine); `spec` is already in the player's
  // folder, with its environment.
  virtual LaunchSpec wrap(LaunchSpec spec, const PlayerFiles& files) const = 0;
};

}  // namespace amazes::arbiter
