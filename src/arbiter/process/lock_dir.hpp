#pragma once
// The directory of the judge's lock files (UID leases, CPU leases): judges running at the same
// time share these leases through exclusive flocks on files in it, released by the kernel when
// a judge dies. Only a directory that the judge's user owns and nobody else may write to is
// trusted (one made by someone else in /tmp is refused): as root /run/amazes, otherwise
// $XDG_RUNTIME_DIR/amazes, else /tmp/amazes-<uid>. Judges of different users do not see each
// other's leases; only root leases UIDs.
#include <optional>
#include <string>

namespace amazes::arbiter {

// The directory (created when missing), or nothing with the reason in `why`.
std::optional<std::string> judge_lock_dir(std::string& why);

// An exclusive, non-blocking flock on `dir`/`name` (created when missing). The descriptor
// (close it to release the lease), or -1 when another holder has it or it cannot be opened.
int try_lock_file(const std::string& dir, const std::string& name);

}  // namespace amazes::arbiter
