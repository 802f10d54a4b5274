#include "sandbox/player_access.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;

struct Refusal {
  int index = -1;  // into the needs; -1: the helper could not become the UID
  int error = 0;
};

// Runs in the forked helper: system calls only (the judge may have other threads).
[[noreturn]] void ask_as(uid_t uid, const std::vector<const char*>& paths, const std::vector<int>& modes, int out) {
  const gid_t gid = static_cast<gid_t>(uid);
  Refusal refusal;
  if (::syscall(SYS_setgroups, 0, nullptr) != 0 || ::syscall(SYS_setresgid, gid, gid, gid) != 0 ||
      ::syscall(SYS_setresuid, uid, uid, uid) != 0) {
    refusal.error = errno;
  } else {
    for (std::size_t i = 0; i < paths.size(); ++i) {
      if (::access(paths[i], modes[i]) == 0) continue;
      refusal = Refusal{static_cast<int>(i), errno};
      break;
    }
  }
  if (refusal.error != 0) {
    [[maybe_unused]] const ssize_t n = ::write(out, &refusal, sizeof refusal);
  }
  ::_exit(0);
}

bool in_bin_folder(const fs::path& path) {
  const auto name = path.parent_path().filename();
  return name == "bin" || name == "sbin" || name == "shims";
}

// What keeps others from `path`, and how to open it.
std::string advice(const PlayerFiles::Need& need) {
  std::string fix;
  fs::path walked = need.path.root_path();
  for (const auto& part : need.path.parent_path().relative_path()) {
    walked /= part;
    struct stat st {};
    if (::stat(walked.c_str(), &st) == 0 && (st.st_mode & S_IXOTH) == 0) {
      fix = fmt::format("{} is open to its owner only (move the bot out of it, or open it: chmod o+x {})",
                        walked.string(), walked.string());
      break;
    }
  }
  struct stat st {};
  if (fix.empty() && ::stat(need.path.c_str(), &st) == 0) {
    const bool folder = S_ISDIR(st.st_mode);
    if (need.mode == X_OK && (st.st_mode & S_IXOTH) == 0) {
      fix = fmt::format("its mode {:04o} keeps others out (chmod o+{} {})", st.st_mode & 07777, folder ? "x" : "rx",
                        need.path.string());
    } else if (need.mode == R_OK && (st.st_mode & S_IROTH) == 0) {
      fix = fmt::format("its mode {:04o} keeps others out (chmod o+r {})", st.st_mode & 07777, need.path.string());
    }
  }
  if (fix.empty()) fix = "the kernel refuses it (an ACL or a security module?)";
  // A per-user interpreter (a pyenv shim under /root, say): the system has one for everybody.
  if (std::strcmp(need.what, "its #! interpreter") == 0 || in_bin_folder(need.path)) {
    fix += "; or name the system's interpreter instead (e.g. /usr/bin/python3)";
  }
  return fix;
}

}  // namespace

std::optional<std::string> refused_to_players(uid_t uid, const std::vector<PlayerFiles::Need>& needs) {
  if (needs.empty()) return std::nullopt;
  std::vector<std::string> texts;
  texts.reserve(needs.size());
  for (const auto& need : needs) texts.push_back(need.path.string());
  std::vector<const char*> paths;
  std::vector<int> modes;
  paths.reserve(needs.size());
  modes.reserve(needs.size());
  for (std::size_t i = 0; i < needs.size(); ++i) {
    paths.push_back(texts[i].c_str());
    modes.push_back(needs[i].mode);
  }
  int pipe[2];
  if (::pipe2(pipe, O_CLOEXEC) != 0)
    return fmt::format("cannot check what the players' UIDs may run: pipe: {}", std::strerror(errno));
  const pid_t helper = ::fork();
  if (helper == 0) {
    ::close(pipe[0]);
    ask_as(uid, paths, modes, pipe[1]);
  }
  ::close(pipe[1]);
  Refusal refusal;
  ssize_t n = -1;
  while (helper > 0 && (n = ::read(pipe[0], &refusal, sizeof refusal)) < 0 && errno == EINTR) {
  }
  ::close(pipe[0]);
  int status = 0;
  while (helper > 0 && ::waitpid(helper, &status, 0) < 0 && errno == EINTR) {
  }
  if (helper < 0) return fmt::format("cannot check what the players' UIDs may run: fork: {}", std::strerror(errno));
  if (n == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0) return std::nullopt;
  if (n != static_cast<ssize_t>(sizeof refusal) || refusal.index < 0) {
    return fmt::format("cannot check what the players' UIDs may run: the helper as UID {} failed{}", uid,
                       refusal.error != 0 ? std::string(": ") + std::strerror(refusal.error) : std::string());
  }
  const PlayerFiles::Need& need = needs[static_cast<std::size_t>(refusal.index)];
  const char* verb = need.mode == X_OK ? (std::strstr(need.what, "folder") != nullptr ? "enter" : "run") : "read";
  return fmt::format("the players' UIDs may not {} {} {}: {}", verb, need.what, need.path.string(), advice(need));
}

}  // namespace amazes::arbiter
