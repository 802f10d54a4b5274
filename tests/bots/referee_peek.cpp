// Attack, as a player under a referee (docs/security.md): reads one line, the path of the
// referee's {maze} file (a test referee tells it), and looks for anything of the referee: that
// file and its folder, any amazes-referee-* folder in the temporary folders, a descriptor of its
// own beyond 0, 1 and 2, and any process in /proc whose command line or descriptors name the
// referee's folder. Answers one
// line: "nothing", or "found: WHAT; WHAT; …".
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bot_protocol.hpp"

namespace {

std::vector<std::string> entries(const std::string& dir) {
  std::vector<std::string> names;
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return names;
  while (const dirent* e = ::readdir(d)) {
    const std::string name = e->d_name;
    if (name != "." && name != "..") names.push_back(name);
  }
  ::closedir(d);
  return names;
}

bool readable(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char byte = 0;
  const bool got = ::read(fd, &byte, 1) >= 0;
  ::close(fd);
  return got;
}

void look_at_the_maze(const std::string& maze, std::vector<std::string>& found) {
  if (readable(maze)) found.push_back("read " + maze);
  const std::string folder = maze.substr(0, maze.rfind('/'));
  if (!entries(folder).empty()) found.push_back("listed " + folder);
  const char* tmpdir = std::getenv("TMPDIR");
  for (const char* tmp : {"/tmp", "/var/tmp", tmpdir}) {
    if (tmp == nullptr) continue;
    for (const std::string& name : entries(tmp)) {
      if (name.rfind("amazes-referee-", 0) == 0) found.push_back("saw " + std::string(tmp) + "/" + name);
    }
  }
}

std::optional<std::string> link_of(const std::string& path) {
  char target[4096] = {};
  const ssize_t n = ::readlink(path.c_str(), target, sizeof target - 1);
  if (n <= 0) return std::nullopt;
  return std::string(target, static_cast<std::size_t>(n));
}

void look_at_processes(std::vector<std::string>& found) {
  for (const std::string& fd : entries("/proc/self/fd")) {
    if (fd == "0" || fd == "1" || fd == "2") continue;
    // The listing's own descriptor is closed again by now: no link to read.
    if (const auto to = link_of("/proc/self/fd/" + fd)) found.push_back("fd " + fd + " -> " + *to);
  }
  const std::string self = std::to_string(::getpid());
  for (const std::string& pid : entries("/proc")) {
    if (pid.find_first_not_of("0123456789") != std::string::npos || pid == self) continue;
    std::ifstream cmdline("/proc/" + pid + "/cmdline");
    std::stringstream text;
    text << cmdline.rdbuf();
    if (text.str().find("amazes-referee-") != std::string::npos) found.push_back("cmdline of " + pid);
    // A process it may see (its sandbox's own) holding anything of the referee's.
    for (const std::string& fd : entries("/proc/" + pid + "/fd")) {
      const auto to = link_of("/proc/" + pid + "/fd/" + fd);
      if (to && to->find("amazes-referee-") != std::string::npos) found.push_back("fd " + fd + " of " + pid);
    }
  }
}

}  // namespace

int main() {
  std::string maze;
  if (!std::getline(std::cin, maze)) return 1;
  std::vector<std::string> found;
  look_at_the_maze(maze, found);
  look_at_processes(found);
  std::string answer = found.empty() ? "nothing" : "found:";
  for (const std::string& what : found) answer += " " + what + ";";
  bot::answer(answer);
  return 0;
}
