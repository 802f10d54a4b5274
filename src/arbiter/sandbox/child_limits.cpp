#include "sandbox/child_limits.hpp"

#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>

#include <fmt/format.h>

namespace amazes::arbiter {

namespace {

int set_limit(int resource, rlim_t value) {
  rlimit current{};
  if (::getrlimit(resource, &current) != 0) return errno;
  const rlim_t capped = current.rlim_max == RLIM_INFINITY ? value : std::min(value, current.rlim_max);
  const rlimit wanted{capped, capped};
  return ::setrlimit(resource, &wanted) == 0 ? 0 : errno;
}

}  // namespace

ChildHook limits_hook(const ProcessLimits& limits) {
  return ChildHook{"setrlimit", [limits] {
                     int error = 0;
                     if (limits.data_size && (error = set_limit(RLIMIT_DATA, *limits.data_size)) != 0) return error;
                     if (limits.processes && (error = set_limit(RLIMIT_NPROC, *limits.processes)) != 0) return error;
                     if ((error = set_limit(RLIMIT_NOFILE, limits.open_files)) != 0) return error;
                     if ((error = set_limit(RLIMIT_FSIZE, limits.file_size)) != 0) return error;
                     if (limits.cpu_seconds && (error = set_limit(RLIMIT_CPU, *limits.cpu_seconds)) != 0) return error;
                     return set_limit(RLIMIT_CORE, 0);
                   }};
}

std::string limits_text(const ProcessLimits& limits) {
  constexpr rlim_t kMiB = 1024 * 1024;
  return fmt::format("rlimits ({}nproc {}, nofile {}, fsize {}, core 0)",
                     limits.data_size ? fmt::format("data {} MiB, ", *limits.data_size / kMiB) : "",
                     limits.processes ? std::to_string(*limits.processes) : "unlimited", limits.open_files,
                     limits.file_size == 0     ? std::string("0")
                     : limits.file_size < kMiB ? fmt::format("{} KiB", limits.file_size / 1024)
                                               : fmt::format("{} MiB", limits.file_size / kMiB));
}

ChildHook no_new_privileges_hook() {
  return ChildHook{"prctl(PR_SET_NO_NEW_PRIVS)",
                   [] { return ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 ? 0 : errno; }};
}

ChildHook switch_user_hook(uid_t uid) {
  return ChildHook{"switch to the player's UID", [uid] {
                     if (uid == 0) return EPERM;
                     const gid_t gid = static_cast<gid_t>(uid);
                     if (::syscall(SYS_setgroups, 0, nullptr) != 0) return errno;
                     if (::syscall(SYS_setresgid, gid, gid, gid) != 0) return errno;
                     if (::syscall(SYS_setresuid, uid, uid, uid) != 0) return errno;
                     uid_t r = 0, e = 0, s = 0;
                     if (::syscall(SYS_getresuid, &r, &e, &s) != 0 || r != uid || e != uid || s != uid) return EPERM;
                     // Only processes of `uid` can be signalled now; this one is spared by kill(-1).
                     ::kill(-1, SIGKILL);
                     return 0;
                   }};
}

ChildHook unprivileged_hook() {
  return ChildHook{"make sure the player runs unprivileged", [] {
                     uid_t ids[3] = {0, 0, 0};
                     gid_t groups[3] = {0, 0, 0};
                     if (::syscall(SYS_getresuid, &ids[0], &ids[1], &ids[2]) != 0) return errno;
                     if (::syscall(SYS_getresgid, &groups[0], &groups[1], &groups[2]) != 0) return errno;
                     for (int i = 0; i < 3; ++i) {
                       if (ids[i] == 0 || groups[i] == 0) return EPERM;
                     }
                     __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
                     __user_cap_data_struct caps[2] = {};
                     if (::syscall(SYS_capget, &header, caps) != 0) return errno;
                     for (const auto& set : caps) {
                       if (set.effective != 0 || set.permitted != 0 || set.inheritable != 0) return EPERM;
                     }
                     return 0;
                   }};
}

}  // namespace amazes::arbiter
