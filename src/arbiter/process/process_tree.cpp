#include "process/process_tree.hpp"

#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

namespace amazes::arbiter {

std::vector<pid_t> children_of(pid_t pid) {
  std::vector<pid_t> children;
  std::ifstream in("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children");
  pid_t child = 0;
  while (in >> child) children.push_back(child);
  return children;
}

std::optional<pid_t> oldest_descendant(pid_t pid, int depth) {
  for (int level = 0; level < depth; ++level) {
    const auto children = children_of(pid);
    if (children.empty()) return std::nullopt;
    pid = children.front();
  }
  return pid;
}

namespace {

// The /proc fields of a process that decide whether it is the judge's leftover: its parent and
// its real UID.
std::optional<std::pair<pid_t, uid_t>> parent_and_uid(const std::string& pid) {
  std::ifstream in("/proc/" + pid + "/status");
  std::string line;
  std::optional<pid_t> parent;
  std::optional<uid_t> uid;
  while (std::getline(in, line)) {
    if (line.rfind("PPid:", 0) == 0) parent = static_cast<pid_t>(std::atol(line.c_str() + 5));
    if (line.rfind("Uid:", 0) == 0) uid = static_cast<uid_t>(std::atol(line.c_str() + 4));
  }
  if (!parent || !uid) return std::nullopt;
  return std::make_pair(*parent, *uid);
}

}  // namespace

void kill_every_process_of(uid_t uid) {
  const pid_t helper = ::fork();
  if (helper == 0) {
    const gid_t gid = static_cast<gid_t>(uid);
    if (uid == 0 || ::syscall(SYS_setgroups, 0, nullptr) != 0 || ::syscall(SYS_setresgid, gid, gid, gid) != 0 ||
        ::syscall(SYS_setresuid, uid, uid, uid) != 0) {
      ::_exit(1);
    }
    ::kill(-1, SIGKILL);
    ::_exit(0);
  }
  if (helper < 0) return;
  while (::waitpid(helper, nullptr, 0) < 0 && errno == EINTR) {
  }
}

bool reap_orphans_of(uid_t uid, std::chrono::milliseconds limit) {
  const std::string self = std::to_string(::getpid());
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (true) {
    bool left = false;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
      const std::string name = entry.path().filename().string();
      if (name.find_first_not_of("0123456789") != std::string::npos) continue;
      const auto found = parent_and_uid(name);
      if (!found || found->second != uid || std::to_string(found->first) != self) continue;
      const pid_t pid = static_cast<pid_t>(std::atol(name.c_str()));
      if (::waitpid(pid, nullptr, WNOHANG) == 0) left = true;  // not dead yet
    }
    if (!left) return true;
    if (std::chrono::steady_clock::now() > deadline) return false;
    ::usleep(1000);
  }
}

}  // namespace amazes::arbiter
