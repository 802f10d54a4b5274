#include "amazes/arbiter/judge_scope.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "amazes/arbiter/player_command.hpp"
#include "process/cgroup_control.hpp"

extern char** environ;

namespace amazes::arbiter {

namespace {

// Set in the judge that runs again inside the scope: it never asks twice.
constexpr const char* kScopeMark = "AMAZES_DELEGATED_SCOPE";

// A systemd manager of this user answers on its private socket or through the session bus.
bool user_manager_reachable() {
  const char* runtime = std::getenv("XDG_RUNTIME_DIR");
  if (runtime == nullptr || *runtime == '\0') return false;
  struct stat st {};
  const std::string socket = std::string(runtime) + "/systemd/private";
  return ::stat(socket.c_str(), &st) == 0 && S_ISSOCK(st.st_mode);
}

std::vector<std::string> scope_command(const std::string& systemd_run) {
  return {systemd_run, "--user", "--scope", "-p", "Delegate=yes", "--quiet", "--collect", "--"};
}

std::vector<char*> pointers(std::vector<std::string>& words) {
  std::vector<char*> out;
  out.reserve(words.size() + 1);
  for (auto& word : words) out.push_back(word.data());
  out.push_back(nullptr);
  return out;
}

// Whether the manager makes such a scope: `true` run in one, its output discarded.
bool scope_works(const std::string& systemd_run) {
  std::vector<std::string> words = scope_command(systemd_run);
  words.emplace_back("/bin/true");
  std::vector<char*> args = pointers(words);
  posix_spawn_file_actions_t actions;
  ::posix_spawn_file_actions_init(&actions);
  for (const int fd : {0, 1, 2}) ::posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_RDWR, 0);
  pid_t pid = -1;
  const int error = ::posix_spawn(&pid, systemd_run.c_str(), &actions, nullptr, args.data(), environ);
  ::posix_spawn_file_actions_destroy(&actions);
  if (error != 0) return false;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return false;
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

void enter_delegated_scope(char** argv) {
  if (::geteuid() == 0 || std::getenv(kScopeMark) != nullptr) return;
  if (cgroup_support().usable || !user_manager_reachable()) return;
  const ProgramLookup systemd_run = find_program("systemd-run");
  if (!systemd_run.ok() || !scope_works(systemd_run.path.string())) return;
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return;
  std::vector<std::string> words = scope_command(systemd_run.path.string());
  words.push_back(self.string());
  for (char** arg = argv + 1; *arg != nullptr; ++arg) words.emplace_back(*arg);
  std::vector<char*> args = pointers(words);
  ::setenv(kScopeMark, "1", 1);
  ::execv(systemd_run.path.c_str(), args.data());
  ::unsetenv(kScopeMark);  // not run again: this judge goes on without a cgroup
}

}  // namespace amazes::arbiter
