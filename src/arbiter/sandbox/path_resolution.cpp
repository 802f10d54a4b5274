#include "sandbox/path_resolution.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <deque>

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;

// The kernel's limit on links followed in one resolution (MAXSYMLINKS).
constexpr int kMaxLinks = 40;

std::deque<std::string> parts_of(const fs::path& path) {
  std::deque<std::string> parts;
  for (const auto& part : path.relative_path()) {
    if (!part.empty()) parts.push_back(part.string());
  }
  return parts;
}

std::string failure(const fs::path& at, const char* why) { return at.string() + ": " + why; }

const char* text_of(int error) {
  switch (error) {
    case ENOENT: return "no such file or folder";
    case ENOTDIR: return "not a folder";
    default: return std::strerror(error);
  }
}

}  // namespace

ResolvedPath resolve_path(const fs::path& path, const fs::path& cwd) {
  ResolvedPath resolved;
  std::deque<std::string> todo = parts_of(path);
  fs::path at = path.is_absolute() ? fs::path("/") : cwd;
  int links = 0;
  while (!todo.empty()) {
    const std::string part = std::move(todo.front());
    todo.pop_front();
    if (part == ".") continue;
    if (part == "..") {
      at = at.parent_path();  // "/" stays "/"
      if (at != at.root_path()) resolved.folders.push_back(at);
      continue;
    }
    const fs::path next = at / part;
    struct stat st {};
    if (::lstat(next.c_str(), &st) != 0) {
      resolved.error = failure(next, text_of(errno));
      return resolved;
    }
    if (S_ISLNK(st.st_mode)) {
      if (++links > kMaxLinks) {
        resolved.error = failure(next, "too many levels of links");
        return resolved;
      }
      std::error_code ec;
      const fs::path target = fs::read_symlink(next, ec);
      if (ec) {
        resolved.error = failure(next, text_of(ec.value()));
        return resolved;
      }
      resolved.links.push_back({next, target});
      std::deque<std::string> more = parts_of(target);
      todo.insert(todo.begin(), more.begin(), more.end());
      if (target.is_absolute()) at = "/";
      continue;  // a relative target goes on from the link's own folder, `at`
    }
    if (!S_ISDIR(st.st_mode) && !todo.empty()) {
      resolved.error = failure(next, text_of(ENOTDIR));
      return resolved;
    }
    at = next;
    if (S_ISDIR(st.st_mode)) resolved.folders.push_back(at);
  }
  resolved.real = at;
  return resolved;
}

}  // namespace amazes::arbiter
