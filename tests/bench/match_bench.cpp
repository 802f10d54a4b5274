// The judge's cost per match against the floor of this machine (docs/rules.md §4, issue "arbiter"):
// BM_JudgeMatch plays whole matches with `amazes match`'s driver (processes, pauses, clocks,
// rules, records); BM_BareHarness spawns the same two bots and exchanges the same lines over
// pipes with nothing else: no rules, no log. Counters: judge_cpu_ms is the CPU the judge
// process itself used per match (its players not included). BM_JudgeOverBare gives the ratio.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <string>
#include <vector>

#include "amazes/arbiter/match.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/starts.hpp"
#include "arbiter/process/cpu_pin.hpp"
#include "support/files.hpp"

extern char** environ;

namespace AMAZES_FILE_NAMESPACE {

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

// Argument 0: the polite bot or random (above); argument 1: 0 pauses and times the players by
// their process group (SIGSTOP, CPU clock of the process), 1 by their cgroup (cgroup.freeze,
// cpu.stat) where this machine has one — and only then runs the match on one CPU
// (arbiter/cpu_pin.hpp), as `amazes match` does by default.
arbiter::MatchSpec bench_spec(std::int64_t which, std::int64_t cgroup = 0) {
  arbiter::MatchSpec spec;
  spec.id = "bench";
  const Maze maze = parse_maze(testing::read_file(testing::source_dir() / "mazes" / "maze-0001.maze")).maze;
  spec.setup = arbiter::amazes_setup(maze, *draw_starts_for_seed(maze, 1), std::nullopt);
  spec.players = {arbiter::PlayerSpec{"a", fast_bot(which)}, arbiter::PlayerSpec{"b", fast_bot(which)}};
  // Against a bare harness that isolates nothing; the sandbox's own cost is sandbox_bench's.
  spec.settings.sandbox.mode = arbiter::SandboxMode::None;
  spec.settings.sandbox.cgroups = cgroup != 0;
  return spec;
}

void BM_JudgeMatch(benchmark::State& state) {
  const auto spec = bench_spec(state.range(0), state.range(1));
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
BENCHMARK(BM_JudgeMatch)->ArgsProduct({{0, 1}, {0, 1}})->Unit(benchmark::kMillisecond)->UseRealTime();

// A bot with its stdin and stdout pipes, spawned with posix_spawn (in a process group of its
// own, for the floor that pauses).
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
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  std::string program = path;
  char* argv[] = {program.data(), nullptr};
  BareBot bot;
  ::posix_spawn(&bot.pid, program.c_str(), &actions, &attributes, argv, environ);
  posix_spawnattr_destroy(&attributes);
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

// The lines of a real match between the same bots, for the bare harness to replay.
std::vector<std::string> match_inputs(const arbiter::MatchSpec& spec) {
  const auto record = arbiter::run_match(spec);
  std::vector<std::string> inputs;
  for (const auto& turn : record.amazes()->turns) {
    std::string text;
    for (const auto& line : turn.input) text += line + "\n";
    inputs.push_back(text);
  }
  return inputs;
}

// Which floor the bare harness measures:
//   0  as the issue words it: the bots placed by the scheduler, no pausing;
//   1  the same, on one CPU as the judge runs a match (arbiter/cpu_pin.hpp): the floor this
//      machine allows for exchanging the lines;
//   2  on one CPU and pausing like docs/rules.md §10 (SIGSTOP to the bot's group after its line,
//      SIGCONT after writing its input): the floor for a judge that obeys §10.
enum Floor : std::int64_t { kScheduled = 0, kOneCpu = 1, kOneCpuPausing = 2 };

// One match of the bare harness: both bots started at once, the lines exchanged, both waited for.
void bare_match(const std::string& bot_path, const std::vector<std::string>& inputs, std::int64_t floor) {
  const arbiter::CpuPin pin(floor != kScheduled);
  const bool pausing = floor == kOneCpuPausing;
  BareBot bots[2] = {spawn_bot(bot_path), spawn_bot(bot_path)};
  if (pausing) {
    for (const auto& bot : bots) ::kill(-bot.pid, SIGSTOP);
  }
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const BareBot& bot = bots[i % 2];
    benchmark::DoNotOptimize(::write(bot.to, inputs[i].data(), inputs[i].size()));
    if (pausing) ::kill(-bot.pid, SIGCONT);
    benchmark::DoNotOptimize(read_line(bot.from));
    if (pausing) ::kill(-bot.pid, SIGSTOP);
  }
  for (auto& bot : bots) {
    ::close(bot.to);
    ::close(bot.from);
    if (pausing) ::kill(-bot.pid, SIGCONT);
    int status = 0;
    ::waitpid(bot.pid, &status, 0);
  }
}

// Arguments: the bot (as BM_JudgeMatch), the floor.
void BM_BareHarness(benchmark::State& state) {
  const auto inputs = match_inputs(bench_spec(state.range(0)));
  for (auto _ : state) bare_match(fast_bot(state.range(0)), inputs, state.range(1));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_BareHarness)->ArgsProduct({{0, 1}, {0, 1, 2}})->Unit(benchmark::kMillisecond)->UseRealTime();

double now_ms() {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// The target's figure itself: a judge match and a bare match taken in turns, so that both see
// the same machine (the load of a shared VM drifts between two separate benchmarks by more
// than the difference measured). Reported: the median of each and their ratio, the
// `judge_over_bare` counter (target <= 1.3). The iteration time is the judge's match.
// Arguments: the bot and the judge's control (as BM_JudgeMatch), the floor (bare_match).
void BM_JudgeOverBare(benchmark::State& state) {
  const auto spec = bench_spec(state.range(0), state.range(1));
  const auto inputs = match_inputs(spec);
  const std::string bot = fast_bot(state.range(0));
  std::vector<double> judge_ms;
  std::vector<double> bare_ms;
  for (auto _ : state) {
    double start = now_ms();
    bare_match(bot, inputs, state.range(2));
    bare_ms.push_back(now_ms() - start);
    start = now_ms();
    benchmark::DoNotOptimize(arbiter::run_match(spec).outcome[0].points);
    judge_ms.push_back(now_ms() - start);
    state.SetIterationTime(judge_ms.back() / 1e3);
  }
  const double judge = median(judge_ms);
  const double bare = median(bare_ms);
  state.counters["judge_ms"] = judge;
  state.counters["bare_ms"] = bare;
  state.counters["judge_over_bare"] = judge / bare;
}
BENCHMARK(BM_JudgeOverBare)->ArgsProduct({{0, 1}, {0, 1}, {0, 1, 2}})->Unit(benchmark::kMillisecond)->UseManualTime();

}  // namespace AMAZES_FILE_NAMESPACE
