#pragma once
// Runs a shell command line in tests and captures its exit status and output.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace amazes::testing {

struct CommandResult {
  int exit_code = -1;  // the exit status, or 128 + signal
  std::string output;  // stdout, and stderr when merged
};

// `command` goes to /bin/sh; add "2>&1" to capture stderr too.
inline CommandResult run_command(const std::string& command) {
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot run " + command);
  CommandResult result;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) result.output.append(buffer.data(), n);
  const int status = ::pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

// Single-quotes an argument for /bin/sh.
inline std::string shell_quote(const std::string& word) {
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// Starts `args` (args[0] is the program's path) with stdout and stderr going to the files
// `out` and `err` (created or truncated), without waiting: for tests that signal the program
// at some moment.
inline pid_t spawn_with_output(std::vector<std::string> args, const std::string& out, const std::string& err) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), 1);
    ::dup2(::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), 2);
    std::vector<char*> argv;
    for (auto& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  return pid;
}

// The seconds an attack's `sleep` is given, to leave a process behind: unique to this test program
// (its pid), so that a test looking for its own leftover never sees another test's that runs at
// the same time.
inline std::string left_running_marker() { return "9876" + std::to_string(::getpid()); }

// The same with stdout and stderr thrown away.
inline pid_t spawn_silently(std::vector<std::string> args) {
  return spawn_with_output(std::move(args), "/dev/null", "/dev/null");
}

// The judge program the tests run: the one this build made, or the one AMAZES_TEST_JUDGE names.
// scripts/sanitize-suite names the judge it built under AddressSanitizer, so that these tests
// check that judge without being built again.
inline std::string judge_program() {
  const char* given = std::getenv("AMAZES_TEST_JUDGE");
  return given != nullptr && *given != '\0' ? given : AMAZES_EXE;
}

// AddressSanitizer reserves terabytes of address space: a test may cap the judge's only when it
// runs the judge of a build without the sanitizers (AMAZES_TEST_JUDGE is only ever a sanitized one).
inline bool judge_may_be_capped() {
#ifdef AMAZES_JUDGE_UNDER_ASAN
  return false;
#else
  return judge_program() == AMAZES_EXE;
#endif
}

inline std::string amazes_exe() { return shell_quote(judge_program()); }

}  // namespace amazes::testing
