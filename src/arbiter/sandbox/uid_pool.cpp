#include "sandbox/uid_pool.hpp"

#include <grp.h>
#include <pwd.h>
#include <unistd.h>

#include <cerrno>
#include <map>
#include <mutex>
#include <sstream>
#include <utility>

#include <fmt/format.h>

#include "process/cgroup_hierarchy.hpp"
#include "process/lock_dir.hpp"

namespace amazes::arbiter {

namespace {

// "name:first:count" lines.
bool in_sub_ranges(uid_t id, const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    const std::size_t a = line.find(':');
    const std::size_t b = a == std::string::npos ? a : line.find(':', a + 1);
    if (b == std::string::npos) continue;
    char* end = nullptr;
    const unsigned long long first = std::strtoull(line.c_str() + a + 1, &end, 10);
    const unsigned long long count = std::strtoull(line.c_str() + b + 1, &end, 10);
    if (id >= first && id < first + count) return true;
  }
  return false;
}

bool has_passwd_or_group_entry(uid_t id) {
  passwd pw{};
  passwd* pw_found = nullptr;
  group gr{};
  group* gr_found = nullptr;
  char buffer[16384];
  if (::getpwuid_r(id, &pw, buffer, sizeof buffer, &pw_found) == 0 && pw_found != nullptr) return true;
  if (::getgrgid_r(static_cast<gid_t>(id), &gr, buffer, sizeof buffer, &gr_found) == 0 && gr_found != nullptr)
    return true;
  return false;
}

// Whether each UID is free of entries, looked up once per judge process and only when it is
// first needed (an NSS lookup can take milliseconds: nss-systemd asks userdb over varlink).
std::mutex g_mutex;
std::map<uid_t, bool> g_eligible;
std::optional<std::pair<std::string, std::string>> g_sub_files;  // /etc/subuid, /etc/subgid

bool eligible(uid_t id) {
  std::lock_guard lock(g_mutex);
  if (!g_sub_files) {
    g_sub_files.emplace(cgroup::read_file("/etc/subuid").value_or(""), cgroup::read_file("/etc/subgid").value_or(""));
  }
  const auto found = g_eligible.find(id);
  if (found != g_eligible.end()) return found->second;
  const bool ok = !in_sub_ranges(id, g_sub_files->first) && !in_sub_ranges(id, g_sub_files->second) &&
                  !has_passwd_or_group_entry(id);
  g_eligible.emplace(id, ok);
  return ok;
}

}  // namespace

UidLease::UidLease(UidLease&& other) noexcept : uid_(other.uid_), fd_(std::exchange(other.fd_, -1)) {}

UidLease& UidLease::operator=(UidLease&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    uid_ = other.uid_;
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

UidLease::~UidLease() {
  if (fd_ >= 0) ::close(fd_);  // closing the only descriptor releases the flock
}

std::vector<uid_t> eligible_uids(const UidRange& range, const std::string& subuid_text,
                                 const std::string& subgid_text) {
  std::vector<uid_t> ids;
  for (uid_t id = range.first; id <= range.last && id != 0; ++id) {
    if (in_sub_ranges(id, subuid_text) || in_sub_ranges(id, subgid_text) || has_passwd_or_group_entry(id)) continue;
    ids.push_back(id);
    if (id == range.last) break;  // no wrap-around at the largest uid_t
  }
  return ids;
}

std::size_t count_usable_uids(const UidRange& range, std::size_t enough) {
  std::size_t usable = 0;
  for (uid_t id = range.first; usable < enough; ++id) {
    if (id != 0 && eligible(id)) ++usable;
    if (id == range.last) break;
  }
  return usable;
}

UidLeaseResult lease_uid(const UidRange& range) {
  UidLeaseResult result;
  std::string why;
  const auto dir = judge_lock_dir(why);
  if (!dir) {
    result.error = "no directory for the UID locks: " + why;
    return result;
  }
  // Always from the start of the range: the first free one is taken, so a judge keeps using the
  // same few UIDs (whose lookups are done) and concurrent judges the next ones.
  std::size_t usable = 0;
  for (uid_t id = range.first;; ++id) {
    if (id != 0 && eligible(id)) {
      ++usable;
      const int fd = try_lock_file(*dir, fmt::format("uid-{}", id));
      if (fd >= 0) {
        result.lease.emplace(id, fd);
        return result;
      }
    }
    if (id == range.last) break;
  }
  if (usable == 0) {
    result.error = fmt::format("no UID of {} is free of passwd, group and subuid entries", uid_range_text(range));
    return result;
  }
  result.error = fmt::format("all {} UIDs of {} are in use by running players", usable, uid_range_text(range));
  return result;
}

}  // namespace amazes::arbiter
