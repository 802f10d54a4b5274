#include "amazes/arbiter/sandboxed_compile.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <deque>
#include <optional>

#include <fmt/format.h>

#include "amazes/printable.hpp"
#include "compile/build_folder.hpp"
#include "sandbox/machine_probes.hpp"
#include "sandbox/sandboxed_player.hpp"
#include "sandbox/writable_folder.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using std::chrono::duration;
using std::chrono::duration_cast;
using std::chrono::nanoseconds;

constexpr std::size_t kLongestLine = 1 << 16;
// A compiler opens more files at once than a bot: a JVM's modules, GHC's interfaces.
constexpr int kCompileOpenFiles = 256;
// What is left of a compile once its output is closed: it has this long to end.
constexpr auto kAfterClose = std::chrono::seconds(1);

SandboxSettings compile_sandbox(const CompileRequest& request) {
  SandboxSettings settings = request.sandbox;
  settings.memory_mb = request.limits.memory_mb;
  settings.processes = request.limits.processes;
  settings.open_files = kCompileOpenFiles;
  settings.tmp_mb = request.limits.output_mb;  // a private /tmp, and the largest file it may write
  settings.build_folder = request.build.string();
  settings.toolchain = request.toolchain;
  settings.drop_caches = false;  // one compile's page cache tells another nothing it may not know
  return settings;
}

void keep(std::string& into, std::string_view text, std::size_t limit) {
  if (into.size() < limit) into.append(text.substr(0, limit - into.size()));
}

struct Waited {
  bool timed_out = false;
  bool idle = false;
  std::string stdout_text;
};

// Whether a compile has used less than 1 % of a CPU over the last `window`: it looks at the
// CPU time it was charged at least `window` ago and now.
class IdleWatch {
 public:
  explicit IdleWatch(nanoseconds window) : window_(window) {}

  bool idle(Clock::time_point now, nanoseconds cpu) {
    samples_.push_back({now, cpu});
    while (samples_.size() > 1 && now - samples_[1].first >= window_) samples_.pop_front();
    const auto& [then, cpu_then] = samples_.front();
    return now - then >= window_ && (cpu - cpu_then) * 100 < window_;
  }

 private:
  nanoseconds window_;
  std::deque<std::pair<Clock::time_point, nanoseconds>> samples_;
};

// How often the judge looks at a compile that writes nothing.
constexpr auto kLookEvery = std::chrono::milliseconds(500);

// Reads what it writes until it ends, its CPU time or wall time runs out, or it idles.
Waited wait_for(PlayerProcess& process, const CompileLimits& limits, Clock::time_point began) {
  const auto cpu_limit = duration_cast<nanoseconds>(duration<double>(limits.cpu_seconds));
  const auto wall_limit = 2 * cpu_limit + std::chrono::seconds(10);
  IdleWatch watch(duration_cast<nanoseconds>(duration<double>(limits.idle_seconds)));
  Waited waited;
  nanoseconds cpu{0};
  while (true) {
    const nanoseconds wall_left = wall_limit - duration_cast<nanoseconds>(Clock::now() - began);
    ReadLimits read_limits;
    read_limits.wall = std::clamp<nanoseconds>(wall_left, nanoseconds(1), kLookEvery);
    read_limits.cpu = std::max(nanoseconds(1), cpu_limit - cpu);
    read_limits.max_line = kLongestLine;
    read_limits.late_line_is_timeout = false;
    const ReadResult read = process.read_line(read_limits);
    cpu += read.cpu;
    const bool out_of_time = cpu >= cpu_limit || Clock::now() - began >= wall_limit;
    if (read.kind == ReadKind::Timeout && !out_of_time) {
      // Only a look: what arrived of a line stays in the process's buffer for the next read.
      if (watch.idle(Clock::now(), cpu)) {
        waited.idle = true;
        keep(waited.stdout_text, read.text, limits.messages);
        process.kill();
        return waited;
      }
      continue;
    }
    keep(waited.stdout_text, read.text, limits.messages);
    if (read.kind == ReadKind::Line) keep(waited.stdout_text, "\n", limits.messages);
    if (read.kind == ReadKind::Timeout) {
      waited.timed_out = true;
      process.kill();
      return waited;
    }
    if (read.kind == ReadKind::Closed) {
      process.finish(kAfterClose);
      return waited;
    }
    if (watch.idle(Clock::now(), cpu)) {
      waited.idle = true;
      process.kill();
      return waited;
    }
  }
}

std::string limit_hit(PlayerProcess& process, const Waited& waited, const WritableFolder& folder,
                      const CompileLimits& limits) {
  if (waited.idle) {
    return fmt::format("idle time ({:g} s using less than 1 % of a CPU: it waited without working)",
                       limits.idle_seconds);
  }
  if (waited.timed_out) {
    const double cpu = duration<double>(process.cpu_time()).count();
    if (cpu >= limits.cpu_seconds) return fmt::format("CPU time ({:g} s)", limits.cpu_seconds);
    return fmt::format("wall time ({:g} s)", 2 * limits.cpu_seconds + 10);
  }
  if (process.control().out_of_memory()) return fmt::format("memory ({} MiB)", limits.memory_mb);
  if (folder.full()) {
    return fmt::format("output ({} MiB or {} entries in its build folder)", limits.output_mb, limits.files);
  }
  if (process.termination_signal() == SIGXFSZ) return fmt::format("output (a file of {} MiB)", limits.output_mb);
  return "";
}

bool says_nothing(const Waited& waited, PlayerProcess& process) {
  return waited.stdout_text.empty() && process.stderr_capture().kept.empty();
}

}  // namespace

CompileResult run_sandboxed_compile(const CompileRequest& request) {
  CompileResult result;
  const CompileLimits& limits = request.limits;
  const SandboxSettings settings = compile_sandbox(request);
  LaunchSpecResult launch = make_launch_spec("compile", request.command);
  if (!launch.ok()) {
    result.refusal = launch.error;
    return result;
  }
  launch.spec.working_dir = request.build.parent_path();
  std::optional<SandboxedPlayer> compiler(std::in_place, settings, launch.spec);
  const PlayerSandbox& sandbox = compiler->sandbox();
  if (settings.mode != SandboxMode::None && !sandbox.uses_namespaces() && !sandbox.uses_bwrap()) {
    result.refusal =
        "no sandbox here hides the machine from a compile (neither the judge's namespaces nor bubblewrap work: "
        "`amazes doctor` says why); --sandbox none compiles trusted sources";
    return result;
  }
  WritableFolder folder(request.build, sandbox.uid().value_or(::geteuid()), limits.output_mb << 20, limits.files);
  if (!folder.bounded()) {
    machine().note_once(fmt::format(
        "compile: build folders are not a tmpfs of their own here (that needs root and a mount namespace of the "
        "judge's own): a compile's writes are bounded per file ({} MiB), not in total",
        limits.output_mb));
  }
  folder.write_in(request.source, request.file);

  const auto began = Clock::now();
  PlayerOptions options;
  options.stderr_limit = limits.messages;
  for (int attempt = 0;; ++attempt) {
    if (auto judge_side = compiler->start(options)) {
      result.refusal = *judge_side;
      return result;
    }
    PlayerProcess* process = compiler->process();
    if (process == nullptr) {
      result.refusal = compiler->start_error();
      return result;
    }
    const Waited waited = wait_for(*process, limits, began);
    result.exit = process->exit_description();
    // An untested sandbox of the judge's own namespaces that failed silently is tried once
    // more behind bubblewrap, under another UID: its failure is not the compile's.
    if (attempt == 0 && result.exit != "exit 0" && says_nothing(waited, *process) &&
        compiler->sandbox_to_blame_for_first_turn()) {
      folder.give_to(compiler->sandbox().uid().value_or(::geteuid()));
      continue;
    }
    result.limit = limit_hit(*process, waited, folder, limits);
    result.cpu_seconds = duration<double>(process->cpu_time()).count();
    result.messages = waited.stdout_text;
    keep(result.messages, process->stderr_capture().kept, limits.messages);
    result.sandbox = compiler->sandbox().mechanisms();
    break;
  }
  compiler.reset();  // every process of it gone before its files are read
  result.wall_seconds = duration<double>(Clock::now() - began).count();
  if (result.exit != "exit 0" || !result.limit.empty()) return result;
  try {
    const BuildOutput copied = copy_build_output(folder.path(), request.output, limits.output_mb << 20, limits.files);
    result.output_bytes = copied.bytes;
    result.compiled = true;
  } catch (const std::system_error& e) {
    // What it built could not be copied (a name, a file the copy cannot open): its output's
    // fault. The judge's own trouble (an output folder it cannot write) shows at its next write.
    std::error_code ec;
    fs::remove_all(request.output, ec);
    result.refusal = fmt::format("its output could not be copied: {}", printable(e.what()));
  } catch (const std::runtime_error& e) {
    std::error_code ec;
    fs::remove_all(request.output, ec);
    result.limit = fmt::format("output ({})", e.what());
  }
  return result;
}

}  // namespace amazes::arbiter
