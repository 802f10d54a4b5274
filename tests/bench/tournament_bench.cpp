// Tournament speed: games per second (the items_per_second counter) at -j 1 and -j 2.
//
// BM_TournamentBundledBots plays a round robin of the sample bots through the real match
// driver (BM_TournamentPoliteBots the same with the trivial test bot); the target on the 2-core machine is -j 2 at
// least 1.8 × the games per second of -j 1. Its judge_cpu_share counter is the judge's own CPU time over all CPU time
// spent (judge + bots). BM_TournamentFakeMatch replaces the games by the tests' fake match, so it measures only the
// judge's machinery around them: schedule, log writes, one durable commit per game and the standings files.
#include <benchmark/benchmark.h>

#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <string>
#include <utility>

#include "amazes/arbiter/match.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "support/fake_match.hpp"
#include "support/files.hpp"
#include "support/tournament_helpers.hpp"

namespace AMAZES_FILE_NAMESPACE {

using namespace amazes;

double cpu_seconds(int who) {
  rusage usage{};
  ::getrusage(who, &usage);
  const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// CPU time the whole machine spent busy (all CPUs: user, nice, system, interrupts), from the
// first line of /proc/stat: the players, the judge and the kernel's work on their behalf,
// including kernel threads (a namespace's teardown, say) that no process's rusage shows.
double machine_busy_seconds() {
  std::ifstream stat("/proc/stat");
  std::string cpu;
  unsigned long long user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0;
  stat >> cpu >> user >> nice >> system >> idle >> iowait >> irq >> softirq;
  return static_cast<double>(user + nice + system + irq + softirq) / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

competition::TournamentRequest request_for(const std::filesystem::path& out,
                                           std::vector<competition::PlayerSpec> players, int rounds,
                                           const arbiter::SandboxSettings& sandbox = {}) {
  competition::TournamentRequest request;
  request.settings.sandbox = sandbox;
  request.players = std::move(players);
  request.rounds = rounds;
  request.seed = 2010;
  request.out = out;
  return request;
}

// One whole tournament per iteration, in a fresh directory.
void run_tournaments(benchmark::State& state, const std::vector<competition::PlayerSpec>& players, int rounds,
                     const competition::PlayMatch& play) {
  const int jobs = static_cast<int>(state.range(0));
  std::int64_t games = 0;
  double judge_cpu = 0;
  double bots_cpu = 0;
  for (auto _ : state) {
    state.PauseTiming();
    testing::ScratchDir dir("bench-tournament");
    auto tournament = competition::prepare_tournament(request_for(dir.path(), players, rounds));
    const double self0 = cpu_seconds(RUSAGE_SELF);
    const double children0 = cpu_seconds(RUSAGE_CHILDREN);
    state.ResumeTiming();
    const auto outcome = testing::run_with_standings(tournament, play, jobs);
    state.PauseTiming();
    judge_cpu += cpu_seconds(RUSAGE_SELF) - self0;
    bots_cpu += cpu_seconds(RUSAGE_CHILDREN) - children0;
    games += outcome.summary.played;
    state.ResumeTiming();
  }
  state.SetItemsProcessed(games);
  state.counters["judge_cpu_share"] = judge_cpu + bots_cpu > 0 ? judge_cpu / (judge_cpu + bots_cpu) : 0.0;
}

void BM_TournamentBundledBots(benchmark::State& state) {
  const std::filesystem::path bots = std::filesystem::path(AMAZES_BINARY_DIR) / "players";
  std::vector<competition::PlayerSpec> players;
  for (const std::string name : {"random", "wallfollower", "explorer"}) {
    if (std::filesystem::exists(bots / name)) players.push_back({name, (bots / name).string()});
  }
  if (players.size() < 2) {
    state.SkipWithError("fewer than two sample bots are built");
    return;
  }
  run_tournaments(state, players, 2, arbiter::run_match);
}
BENCHMARK(BM_TournamentBundledBots)
    ->Arg(1)
    ->Arg(2)
    ->ArgName("jobs")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->MinTime(3.0);

// The polite test bot (answers at once, exits after its last turn) playing itself four times:
// the fastest real players there are, so the judge's share is at its largest. Empty when it is
// not built.
std::vector<competition::PlayerSpec> polite_players() {
  const auto polite = std::filesystem::path(AMAZES_BINARY_DIR) / "tests" / "bots" / "polite";
  std::vector<competition::PlayerSpec> players;
  if (!std::filesystem::exists(polite)) return players;
  for (const std::string name : {"p1", "p2", "p3", "p4"}) players.push_back({name, polite.string()});
  return players;
}

void BM_TournamentPoliteBots(benchmark::State& state) {
  const auto players = polite_players();
  if (players.empty()) {
    state.SkipWithError("tests/bots/polite is not built");
    return;
  }
  run_tournaments(state, players, 1, arbiter::run_match);
}
BENCHMARK(BM_TournamentPoliteBots)
    ->Arg(1)
    ->Arg(2)
    ->ArgName("jobs")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->MinTime(3.0);

// The figure of the sandbox's price: how -j 2 scales over -j 1, side by side in one run. Each iteration plays
// the same tournament of the polite bots (two rounds, 24 games) at -j 1 and then at -j 2, so that
// the machine's load at the moment weighs on both. Counters: games per second of each and their
// ratio (target on 2 cores with the default sandbox: at least 1.8). Argument: 0 --sandbox none,
// 1 the default sandbox.
void BM_TournamentJobsScaling(benchmark::State& state) {
  const auto players = polite_players();
  if (players.empty()) {
    state.SkipWithError("tests/bots/polite is not built");
    return;
  }
  arbiter::SandboxSettings sandbox;
  if (state.range(0) == 0) sandbox.mode = arbiter::SandboxMode::None;
  if (state.range(0) == 2) sandbox.mode = arbiter::SandboxMode::Bwrap;
  struct Run {
    double games_per_second;
    double seconds;
    double busy_ms_per_game;  // the machine's CPU time per game
  };
  const auto run = [&](int jobs) {
    testing::ScratchDir dir("bench-scaling");
    auto tournament = competition::prepare_tournament(request_for(dir.path(), players, 2, sandbox));
    const double busy_before = machine_busy_seconds();
    const auto start = std::chrono::steady_clock::now();
    const auto outcome = testing::run_with_standings(tournament, arbiter::run_match, jobs);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    const double games = static_cast<double>(outcome.summary.played);
    return Run{games / took.count(), took.count(), 1000.0 * (machine_busy_seconds() - busy_before) / games};
  };
  double one = 0;
  double two = 0;
  double busy_one = 0;
  double busy_two = 0;
  for (auto _ : state) {
    const Run j1 = run(1);
    const Run j2 = run(2);
    one += j1.games_per_second;
    two += j2.games_per_second;
    busy_one += j1.busy_ms_per_game;
    busy_two += j2.busy_ms_per_game;
    state.SetIterationTime(j1.seconds + j2.seconds);
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["games_per_s_j1"] = n > 0 ? one / n : 0.0;
  state.counters["games_per_s_j2"] = n > 0 ? two / n : 0.0;
  state.counters["speedup"] = one > 0 ? two / one : 0.0;
  // What a game costs the machine at each -j (ms of CPU, all CPUs): at -j N on N busy CPUs the
  // games per second are at most N × 1000 / busy_ms; a cost that grows with -j is contention.
  state.counters["busy_ms_per_game_j1"] = n > 0 ? busy_one / n : 0.0;
  state.counters["busy_ms_per_game_j2"] = n > 0 ? busy_two / n : 0.0;
  state.SetLabel(state.range(0) == 0 ? "--sandbox none" : state.range(0) == 1 ? "default sandbox" : "--sandbox bwrap");
}
BENCHMARK(BM_TournamentJobsScaling)
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->ArgName("sandboxed")
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->MinTime(3.0);

void BM_TournamentFakeMatch(benchmark::State& state) {
  const testing::FakeMatch fake;
  const competition::PlayMatch play = [&](const arbiter::MatchSpec& spec) { return fake(spec); };
  std::vector<competition::PlayerSpec> players;
  for (const std::string name : {"a", "b", "c", "d", "e", "f"}) players.push_back({name, "./" + name});
  run_tournaments(state, players, 2, play);
}
BENCHMARK(BM_TournamentFakeMatch)->Arg(1)->Arg(2)->ArgName("jobs")->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace AMAZES_FILE_NAMESPACE
