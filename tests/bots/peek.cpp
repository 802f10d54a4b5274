// Attack: at its first turn tries to read every path listed in `targets.txt` in its
// own folder (one absolute path a line: the round's maze, the config, the results store, earlier
// logs, another bot, /etc/shadow, …) and reports each on stderr:
//   "peek: PATH: read N bytes", "peek: PATH: listed NAME NAME …" or "peek: PATH: <error>".
// Also "peek: own data: ok|<error>" (its targets.txt: a sandbox that hides everything fails
// this), "peek: env NAME=VALUE" for each variable it was given, and "peek: fds: 0 1 2 …" (the
// descriptors it inherited). Then plays on.
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "attack.hpp"

extern char** environ;

namespace {

std::string own_folder() {
  char buffer[4096];
  const ssize_t n = ::readlink("/proc/self/exe", buffer, sizeof buffer - 1);
  if (n <= 0) return ".";
  std::string exe(buffer, static_cast<std::size_t>(n));
  return exe.substr(0, exe.rfind('/'));
}

std::string try_to_read(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::strerror(errno);
  if (S_ISDIR(st.st_mode)) {
    DIR* dir = ::opendir(path.c_str());
    if (dir == nullptr) return std::strerror(errno);
    std::string names = "listed";
    while (const dirent* entry = ::readdir(dir)) {
      const std::string name = entry->d_name;
      if (name != "." && name != "..") names += " " + name;
    }
    ::closedir(dir);
    return names;
  }
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) return std::strerror(errno);
  char buffer[4096];
  const ssize_t n = ::read(fd, buffer, sizeof buffer);
  const int error = errno;
  ::close(fd);
  if (n < 0) return std::strerror(error);
  return "read " + std::to_string(n) + " bytes";
}

}  // namespace

int main(int, char**) {
  return bot::play_and_attack(1, 1000, [] {
    std::vector<std::string> paths;
    {
      std::ifstream targets(own_folder() + "/targets.txt");
      bot::report(std::string("peek: own data: ") + (targets ? "ok" : std::strerror(errno)));
      for (std::string path; std::getline(targets, path);) {
        if (!path.empty()) paths.push_back(path);
      }
    }  // closed: the descriptors listed below are the inherited ones
    for (const auto& path : paths) bot::report("peek: " + path + ": " + try_to_read(path));
    for (char** entry = environ; *entry != nullptr; ++entry) bot::report(std::string("peek: env ") + *entry);
    std::string fds = "peek: fds:";
    if (DIR* dir = ::opendir("/proc/self/fd")) {
      const int own = ::dirfd(dir);
      while (const dirent* entry = ::readdir(dir)) {
        const std::string name = entry->d_name;
        if (name != "." && name != ".." && name != std::to_string(own)) fds += " " + name;
      }
      ::closedir(dir);
    }
    bot::report(fds);
  });
}
