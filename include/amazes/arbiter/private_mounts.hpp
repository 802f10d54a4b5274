#pragma once
// A mount namespace of the judge's own, for the folders its programs may write (a compile's build
// folder, a per-move player's folder): in it each can be a tmpfs of a bounded size that goes with
// the judge however it ends.
#include <string>

namespace amazes::arbiter {

// For the judge process, as root and before its first thread. Empty on success; else why not
// (the folders are then ordinary ones, whose total size only the per-file limit bounds; said once).
std::string enter_private_mount_namespace();

}  // namespace amazes::arbiter
