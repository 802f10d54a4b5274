// Tournament speed: games per second (the items_per_second counter) at -j 1 and -j 2.
//
// BM_TournamentBundledBots plays a round robin of the sample bots through the real match
// driver (BM_TournamentPoliteBots the same with the trivial test bot); the target on the 2-core machine is -j 2 at
// least 1.8 × the games per second of -j 1. Its judge_cpu_share counter is the judge's own CPU time over all CPU time
// spent (judge + bots). BM_TournamentFakeMatch replaces the games by the tests' fake match, so it measures only the
// judge's machinery around them: schedule, log writes, one durable commit per game and the standings files.
#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include "amazes/arbiter/match.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "support/fake_match.hpp"
#include "support/files.hpp"
#include "support/tournament_helpers.hpp"

namespace {

using namespace amazes;

double cpu_seconds(int who) {
  rusage usage{};
  ::getrusage(who, &usage);
  const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

competition::TournamentRequest request_for(const std::filesystem::path& out,
                                           std::vector<competition::PlayerSpec> players, int rounds) {
  competition::TournamentRequest request;
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

// The same with the polite test bot (answers at once, exits after its last turn) playing
// itself four times: the fastest real players there are, so the judge's share is at its largest.
void BM_TournamentPoliteBots(benchmark::State& state) {
  const auto polite = std::filesystem::path(AMAZES_BINARY_DIR) / "tests" / "bots" / "polite";
  if (!std::filesystem::exists(polite)) {
    state.SkipWithError("tests/bots/polite is not built");
    return;
  }
  std::vector<competition::PlayerSpec> players;
  for (const std::string name : {"p1", "p2", "p3", "p4"}) players.push_back({name, polite.string()});
  run_tournaments(state, players, 1, arbiter::run_match);
}
BENCHMARK(BM_TournamentPoliteBots)
    ->Arg(1)
    ->Arg(2)
    ->ArgName("jobs")
    ->UseRealTime()
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

}  // namespace
