// The judge's cost per match against the floor of this machine (RULES.md §4, issue "arbiter"):
// BM_JudgeMatch plays whole matches with `amazes match`'s driver (processes, pauses, clocks,
// rules, records); BM_BareHarness spawns the same two bots and exchanges the same lines over
// pipes with nothing else: no rules, no pausing, no log. Counters: judge_cpu_ms is the CPU the
// judge process itself used per match (its players not included).
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "amazes/arbiter/match.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/starts.hpp"
#include "support/files.hpp"

extern char** environ;

namespace {

using namespace amazes;

double process_cpu_ms() {
  timespec ts{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

// Argument 0: the polite test bot (answers F/T at once); 1: the sample bot `random`.
std::string fast_bot(std::int64_t which) {
  if (which == 1) return (testing::binary_dir() / "players" / "random").string();
  return (testing::binary_dir() / "tests" / "bots" / "polite").string();
}

arbiter::MatchSpec bench_spec(std::int64_t which) {
  arbiter::MatchSpec spec;
  spec.id = "bench";
  spec.maze = parse_maze(testing::read_file(testing::source_dir() / "mazes" / "maze-0001.maze")).maze;
  spec.starts = *draw_starts_for_seed(spec.maze, 1);
  spec.players = {arbiter::PlayerSpec{"a", fast_bot(which)}, arbiter::PlayerSpec{"b", fast_bot(which)}};
  // Against a bare harness that isolates nothing; the sandbox's own cost is sandbox_bench's.
  spec.settings.sandbox.mode = arbiter::SandboxMode::None;
  return spec;
}

void BM_JudgeMatch(benchmark::State& state) {
  const auto spec = bench_spec(state.range(0));
  double cpu = 0;
  for (auto _ : state) {
    const double before = process_cpu_ms();
    const auto record = arbiter::run_match(spec);
    cpu += process_cpu_ms() - before;
    benchmark::DoNotOptimize(record.outcome[0].points);
  }
  state.counters["judge_cpu_ms"] = benchmark::Counter(cpu / static_cast<double>(state.iterations()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_JudgeMatch)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// A bot with its stdin and stdout pipes, spawned with posix_spawn.
struct BareBot {
  pid_t pid = -1;
  int to = -1;
  int from = -1;
};

BareBot spawn_bot(const std::string& path) {
  int in[2];
  int out[2];
  ::pipe2(in, O_CLOEXEC);
  ::pipe2(out, O_CLOEXEC);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  std::string program = path;
  char* argv[] = {program.data(), nullptr};
  BareBot bot;
  ::posix_spawn(&bot.pid, program.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(in[0]);
  ::close(out[1]);
  bot.to = in[1];
  bot.from = out[0];
  return bot;
}

std::string read_line(int fd) {
  std::string line;
  char c = 0;
  while (::read(fd, &c, 1) == 1 && c != '\n') line += c;
  return line;
}

void BM_BareHarness(benchmark::State& state) {
  // The lines of a real match between the same bots, replayed without any judging.
  const auto record = arbiter::run_match(bench_spec(state.range(0)));
  std::vector<std::string> inputs;
  for (const auto& turn : record.turns) {
    std::string text;
    for (const auto& line : turn.input) text += line + "\n";
    inputs.push_back(text);
  }
  for (auto _ : state) {
    BareBot bots[2] = {spawn_bot(fast_bot(state.range(0))), spawn_bot(fast_bot(state.range(0)))};
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      const BareBot& bot = bots[i % 2];
      benchmark::DoNotOptimize(::write(bot.to, inputs[i].data(), inputs[i].size()));
      benchmark::DoNotOptimize(read_line(bot.from));
    }
    for (auto& bot : bots) {
      ::close(bot.to);
      ::close(bot.from);
      int status = 0;
      ::waitpid(bot.pid, &status, 0);
    }
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_BareHarness)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
