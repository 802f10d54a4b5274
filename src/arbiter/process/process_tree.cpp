#include "process/process_tree.hpp"

#include <fstream>
#include <string>

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

}  // namespace amazes::arbiter
