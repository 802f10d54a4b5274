#include "process/lock_dir.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <fmt/format.h>

namespace amazes::arbiter {

std::optional<std::string> judge_lock_dir(std::string& why) {
  std::vector<std::string> candidates;
  if (::geteuid() == 0) candidates.emplace_back("/run/amazes");
  if (const char* runtime = std::getenv("XDG_RUNTIME_DIR"); runtime != nullptr && runtime[0] == '/') {
    candidates.push_back(std::string(runtime) + "/amazes");
  }
  candidates.push_back(fmt::format("/tmp/amazes-{}", ::geteuid()));
  for (const std::string& dir : candidates) {
    ::mkdir(dir.c_str(), 0700);
    struct stat st {};
    if (::lstat(dir.c_str(), &st) != 0) {
      why = fmt::format("{}: {}", dir, std::strerror(errno));
      continue;
    }
    if (!S_ISDIR(st.st_mode) || st.st_uid != ::geteuid() || (st.st_mode & 022) != 0) {
      why = fmt::format("{} is not a directory of the judge's user that only it may write to", dir);
      continue;
    }
    return dir;
  }
  return std::nullopt;
}

int try_lock_file(const std::string& dir, const std::string& name) {
  const std::string path = dir + "/" + name;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0600);
  if (fd < 0) return -1;
  if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return fd;
  ::close(fd);
  return -1;
}

}  // namespace amazes::arbiter
