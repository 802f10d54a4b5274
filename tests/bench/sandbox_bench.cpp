// What the sandbox costs. BM_SandboxedPlayer starts one player, exchanges one turn
// with it and lets it exit: the start-up and tear-down of one player under each set of
// mechanisms, with the mean of each phase as counters (start_ms, answer_ms, end_ms). BM_SandboxedMatch plays a whole
// 150-turn match of two fast bots (the cost of the per-turn pause, resume and CPU reading, plus two start-ups; on one
// CPU or not). Arguments: the mechanisms,
//   0 nothing (process group)        1 cgroup only (--sandbox none)
//   2 rlimits + UID, no bwrap        3 bwrap + rlimits + UID, process group
//   4 bwrap + rlimits + UID + cgroup (--sandbox bwrap)
//   5 the judge's own namespaces + rlimits + UID + cgroup (the default, --sandbox auto, as root)
// Mechanisms the machine lacks fall back as they would in a match (see the label).
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>

#include "amazes/arbiter/match.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/starts.hpp"
#include "arbiter/process/player_process.hpp"
#include "arbiter/sandbox/sandbox.hpp"
#include "support/files.hpp"
#include "support/run.hpp"

namespace AMAZES_FILE_NAMESPACE {

using namespace amazes;

std::string polite() { return (testing::binary_dir() / "tests" / "bots" / "polite").string(); }

arbiter::SandboxSettings settings_for(int kind) {
  arbiter::SandboxSettings s;
  s.mode = kind <= 1                ? arbiter::SandboxMode::None
           : kind == 3 || kind == 4 ? arbiter::SandboxMode::Bwrap
                                    : arbiter::SandboxMode::Auto;
  s.cgroups = kind == 1 || kind >= 4;
  return s;
}

// Kind 2 hides bwrap for the duration of one benchmark (the bots are given by absolute path).
class HiddenBwrap {
 public:
  explicit HiddenBwrap(bool hide) : hide_(hide) {
    if (!hide_) return;
    const char* path = std::getenv("PATH");
    saved_ = path != nullptr ? path : "";
    ::setenv("PATH", "/nonexistent-amazes-bench", 1);
  }
  ~HiddenBwrap() {
    if (hide_) ::setenv("PATH", saved_.c_str(), 1);
  }

 private:
  bool hide_;
  std::string saved_;
};

const std::vector<std::string> kFirstTurn = {"Start", "W", "W", "RW", "W", "505"};

void BM_SandboxedPlayer(benchmark::State& state) {
  const int kind = static_cast<int>(state.range(0));
  const HiddenBwrap hidden(kind == 2);
  const auto settings = settings_for(kind);
  std::string used;
  // Where a player's time goes: the sandbox made and the process started, its first
  // answer (the sandbox's set-up inside, the bot's exec), its end (the judge's Quit, its exit,
  // the sandbox taken down); means in ms.
  using Clock = std::chrono::steady_clock;
  double start_ms = 0;
  double answer_ms = 0;
  double end_ms = 0;
  const auto ms = [](Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); };
  for (auto _ : state) {
    const auto t0 = Clock::now();
    Clock::time_point t1;
    Clock::time_point t2;
    {
      auto launch = arbiter::make_launch_spec("bench", polite());
      arbiter::PlayerSandbox sandbox(settings);
      auto started = arbiter::PlayerProcess::start(sandbox.wrap(std::move(launch.spec)), {}, sandbox.take_control());
      if (!started.ok()) {
        state.SkipWithError(started.error.c_str());
        break;
      }
      t1 = Clock::now();
      started.process->send(std::span(kFirstTurn));
      const auto read = started.process->read_line(arbiter::ReadLimits{});
      benchmark::DoNotOptimize(read.text);
      t2 = Clock::now();
      started.process->finish(std::chrono::seconds(1));
      used = sandbox.mechanisms();
    }  // the process, then the sandbox (cgroup, UID lease) go here: part of the end
    end_ms += ms(Clock::now() - t2);
    start_ms += ms(t1 - t0);
    answer_ms += ms(t2 - t1);
  }
  const auto mean = benchmark::Counter::kAvgIterations;
  state.counters["start_ms"] = benchmark::Counter(start_ms, mean);
  state.counters["answer_ms"] = benchmark::Counter(answer_ms, mean);
  state.counters["end_ms"] = benchmark::Counter(end_ms, mean);
  state.SetLabel(used.substr(0, used.find(" + rlimits")));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SandboxedPlayer)->DenseRange(0, 5)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_SandboxedMatch(benchmark::State& state) {
  const int kind = static_cast<int>(state.range(0));
  const HiddenBwrap hidden(kind == 2);
  arbiter::MatchSpec spec;
  spec.id = "bench";
  const Maze maze = parse_maze(testing::read_file(testing::source_dir() / "mazes" / "maze-0001.maze")).maze;
  spec.setup = arbiter::amazes_setup(maze, *draw_starts_for_seed(maze, 1), std::nullopt);
  spec.players = {arbiter::PlayerSpec{"a", polite()}, arbiter::PlayerSpec{"b", polite()}};
  spec.settings.sandbox = settings_for(kind);
  spec.settings.sandbox.pin_cpu = state.range(1) != 0;
  std::string used;
  for (auto _ : state) {
    const auto record = arbiter::run_match(spec);
    benchmark::DoNotOptimize(record.outcome[0].points);
    used = record.sandbox;
  }
  state.SetLabel(used.substr(0, used.find(" + rlimits")));
  state.SetItemsProcessed(state.iterations());
}
// Second argument: 1 the match on one CPU (the default), 0 placed by the scheduler.
BENCHMARK(BM_SandboxedMatch)->ArgsProduct({{0, 1, 2, 3, 4, 5}, {1, 0}})->Unit(benchmark::kMillisecond)->UseRealTime();

// The figure of the sandbox's price: the default sandbox (the judge's own namespaces, as root) over --sandbox
// none, side by side in one run, and --sandbox bwrap beside them. Each iteration plays the same
// 300-turn match of two polite bots once under each, in turn, so that the machine's load at the
// moment weighs on all. Counters: the mean of each and the ratios to none (target for the
// default: at most 1.3).
// Argument 0: in this process (run_match, what each game of a tournament costs); 1: a whole
// `amazes match` process each (what a user who types it waits for: the judge's start and its
// bwrap probe included).
double milliseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void BM_SandboxedOverNone(benchmark::State& state) {
  const bool whole_process = state.range(0) != 0;
  arbiter::MatchSpec spec;
  spec.id = "bench";
  const Maze maze = parse_maze(testing::read_file(testing::source_dir() / "mazes" / "maze-0001.maze")).maze;
  spec.setup = arbiter::amazes_setup(maze, *draw_starts_for_seed(maze, 1), std::nullopt);
  spec.players = {arbiter::PlayerSpec{"a", polite()}, arbiter::PlayerSpec{"b", polite()}};
  const auto command = [&](const char* sandbox) {
    return testing::amazes_exe() + " match -q --maze " +
           testing::shell_quote((testing::source_dir() / "mazes" / "maze-0001.maze").string()) +
           " --seed 1 --sandbox " + sandbox + " " + testing::shell_quote(polite()) + " " +
           testing::shell_quote(polite()) + " >/dev/null 2>&1";
  };
  const auto play = [&](arbiter::SandboxMode mode) {
    const auto start = std::chrono::steady_clock::now();
    if (whole_process) {
      if (testing::run_command(command(std::string(arbiter::sandbox_mode_name(mode)).c_str())).exit_code != 0) {
        return -1.0;
      }
    } else {
      arbiter::MatchSpec played = spec;
      played.settings.sandbox.mode = mode;
      benchmark::DoNotOptimize(arbiter::run_match(played).outcome[0].points);
    }
    return milliseconds_since(start);
  };
  double none_ms = 0;
  double sandboxed_ms = 0;
  double bwrap_ms = 0;
  for (auto _ : state) {
    const double none = play(arbiter::SandboxMode::None);
    const double sandboxed = play(arbiter::SandboxMode::Auto);
    const double bwrap = play(arbiter::SandboxMode::Bwrap);
    if (none < 0 || sandboxed < 0 || bwrap < 0) {
      state.SkipWithError("amazes match failed");
      break;
    }
    none_ms += none;
    sandboxed_ms += sandboxed;
    bwrap_ms += bwrap;
    state.SetIterationTime((none + sandboxed + bwrap) / 1000.0);
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["none_ms"] = n > 0 ? none_ms / n : 0.0;
  state.counters["sandboxed_ms"] = n > 0 ? sandboxed_ms / n : 0.0;
  state.counters["ratio"] = none_ms > 0 ? sandboxed_ms / none_ms : 0.0;
  state.counters["bwrap_ms"] = n > 0 ? bwrap_ms / n : 0.0;
  state.counters["bwrap_ratio"] = none_ms > 0 ? bwrap_ms / none_ms : 0.0;
  state.SetLabel(whole_process ? "amazes match processes" : "run_match in one process");
}
BENCHMARK(BM_SandboxedOverNone)->Arg(0)->Arg(1)->ArgName("process")->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace AMAZES_FILE_NAMESPACE
