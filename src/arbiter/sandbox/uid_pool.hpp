#pragma once
// Leases of the UIDs that players run under when the judge is root (sandbox_settings.hpp).
// RLIMIT_NPROC counts processes per real UID and a process may signal the processes of its own
// UID, so two players that run at the same time must never share one: not in one match, not
// in two matches of a tournament with -j N, not in two judges on one machine. A lease is an
// exclusive flock on a file /run/amazes/uid-<N> (lock_dir.hpp), held while the player may have
// processes and released by the kernel when the judge dies.
#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "amazes/arbiter/sandbox_settings.hpp"

namespace amazes::arbiter {

class UidLease {
 public:
  UidLease() = default;
  UidLease(uid_t uid, int lock_fd) : uid_(uid), fd_(lock_fd) {}
  UidLease(UidLease&& other) noexcept;
  UidLease& operator=(UidLease&& other) noexcept;
  UidLease(const UidLease&) = delete;
  UidLease& operator=(const UidLease&) = delete;
  ~UidLease();  // releases the lock

  uid_t uid() const { return uid_; }
  bool valid() const { return fd_ >= 0; }

 private:
  uid_t uid_ = 0;
  int fd_ = -1;
};

struct UidLeaseResult {
  std::optional<UidLease> lease;
  std::string error;  // one line, when none is free or the lock directory is unusable
};

// A UID of `range` that no one else holds, with the same number as GID.
UidLeaseResult lease_uid(const UidRange& range);

// How many numbers of `range` are free to use for players (as eligible_uids, on this machine's
// files), counting no further than `enough`.
std::size_t count_usable_uids(const UidRange& range, std::size_t enough);

// The numbers of `range` that are free to use for players: no passwd or group entry, and not in
// a range of /etc/subuid or /etc/subgid (the file texts given for testing).
std::vector<uid_t> eligible_uids(const UidRange& range, const std::string& subuid_text, const std::string& subgid_text);

}  // namespace amazes::arbiter
