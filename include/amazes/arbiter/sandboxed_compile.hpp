#pragma once
// One contestant's source compiled as a hostile program: a compiler reads whatever the source
// names (`#include "/dev/zero"`, another contestant's file, `{$I /etc/shadow}`), may run for ever
// and write without bound. So it runs in the players' sandbox (the same mechanisms, filter, UID
// of its own, cgroup), seeing the system's runtime and one build folder — a copy of its source,
// writable, empty besides — and nothing else; with limits on CPU time, memory, processes and
// threads, open files, what it writes (each file, the build folder, a private /tmp) and the
// entries it makes. What it built is copied out of the build folder by the judge, regular files
// and folders only, before the folder goes. config/sandbox.md says what a compile may see and use.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "amazes/arbiter/private_mounts.hpp"
#include "amazes/arbiter/sandbox_settings.hpp"

namespace amazes::arbiter {

struct CompileLimits {
  double cpu_seconds = 60.0;       // all its processes together; the wall time is 2 × this + 10 s
  std::uint64_t memory_mb = 2048;  // its memory cgroup (its /tmp and build folder count too)
  int processes = 256;             // processes and threads
  std::uint64_t output_mb = 256;   // each of the build folder and /tmp, and so any one file
  std::uint64_t files = 10000;     // entries in the build folder
  std::size_t messages = 10000;    // bytes of its output kept (stdout, then stderr)
  // A compile that uses less than 1 % of one CPU over this long waits without working (on a
  // pipe, its own output, a device) and is ended: no compiler idles for seconds.
  double idle_seconds = 10.0;
  friend bool operator==(const CompileLimits&, const CompileLimits&) = default;
};

struct CompileRequest {
  std::string source;  // the contestant's file, as the judge read it
  std::string file;    // its name in the build folder ("bot.c")
  // The compile command, one shell-style string, its placeholders filled: it must name the
  // source (or the build folder) first, so that its working directory is the build folder.
  std::string command;
  std::filesystem::path build;         // a folder that does not exist yet: the judge makes it
  std::filesystem::path output;        // where what it built goes (does not exist yet); only when it compiled
  std::vector<std::string> toolchain;  // its files outside the runtime, shown read-only
  SandboxSettings sandbox;             // the contest's (mode, UIDs, cgroups); its limits are replaced
  CompileLimits limits;
};

struct CompileResult {
  bool compiled = false;  // exit 0 within every limit, and its files copied to `output`
  std::string limit;      // the limit it hit, "CPU time (60 s)"; empty: none
  std::string refusal;    // the sandbox refused to start it, or a judge-side failure: one line
  std::string exit;       // how it ended ("exit 1", "signal 9 (SIGKILL)", …)
  std::string messages;   // what it wrote (stdout, then stderr), at most limits.messages bytes
  double cpu_seconds = 0.0;
  double wall_seconds = 0.0;
  std::uint64_t output_bytes = 0;  // what was copied out
  std::string sandbox;             // the mechanisms it ran under, as a match log says them
};

// Runs one compile; never throws for what the compile does (a SandboxError for settings the
// machine cannot honour, std::system_error for the judge's own files).
CompileResult run_sandboxed_compile(const CompileRequest& request);

}  // namespace amazes::arbiter
