// The contest site's cost (report/site.hpp): the time ContestSite::committed takes per stored
// game, at 20 contestants (a round robin of 2 rounds, 760 games), at 200 (a Swiss stage of
// 5 rounds, 1,000 games) and at 2,000 (the same, 5,000 games), and the site's size per game. The games are one real
// game's log (explorer against hunter, 60 turns, played once by `amazes match`) under each game's id and players, so
// each update reads, replays and renders a real log. Counters: the median update over the first 100 games and over the
// last 100 (flat when the cost does not grow with the games already played), in wall time and in the judge thread's CPU
// time (which the machine's other load hardly moves), the median round-complete update, bytes of site per game, and the
// seconds a resumed run spends writing the whole site again before its first game (`start_s`).
#include <benchmark/benchmark.h>

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/competition/tournament.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "amazes/report/site.hpp"
#include "amazes/report/standings_files.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"

namespace AMAZES_FILE_NAMESPACE {

using namespace amazes;

// This thread's CPU time: what an update costs, whatever else the machine is doing.
double thread_cpu_ms() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

double median_ms(std::vector<double> values) {
  if (values.empty()) return 0.0;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2), values.end());
  return values[values.size() / 2];
}

std::uintmax_t folder_bytes(const std::filesystem::path& dir) {
  std::uintmax_t bytes = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file()) bytes += entry.file_size();
  }
  return bytes;
}

// One real game, with some stderr on each side as a chatty bot writes.
arbiter::MatchRecord template_game(const std::filesystem::path& dir) {
  const auto log = dir / "template.json";
  const auto played = testing::run_command(
      testing::amazes_exe() + " match -q --sandbox none --seed 5 --turns 60 --log " +
      testing::shell_quote(log.string()) + " " + testing::shell_quote(testing::player_path("explorer")) + " " +
      testing::shell_quote(testing::player_path("hunter")) + " 2>&1");
  if (played.exit_code != 0) throw std::runtime_error("amazes match failed: " + played.output);
  auto record = arbiter::read_match_log(log);
  for (auto& outcome : record.outcome) outcome.stderr_text = std::string(2000, 'e');
  return record;
}

void BM_SiteUpdatePerGame(benchmark::State& state) {
  const int players = static_cast<int>(state.range(0));
  testing::ScratchDir scratch("bench-site");
  const auto game = template_game(scratch.path());
  const competition::PlayMatch play = [&game](const arbiter::MatchSpec& spec) {
    arbiter::MatchRecord record = game;
    record.id = spec.id;
    record.players = spec.players;
    return record;
  };
  std::vector<double> updates;
  std::vector<double> update_cpu;
  std::vector<double> rounds;
  std::uintmax_t bytes = 0;
  int games = 0;
  double start_s = 0.0;
  for (auto _ : state) {
    const auto out = scratch.path() / "out";
    std::filesystem::remove_all(out);
    competition::TournamentRequest request;
    for (int k = 0; k < players; ++k) request.players.push_back({fmt::format("p{:03}", k), "./bots/p"});
    request.format = players > 20 ? competition::Format::Swiss : competition::Format::RoundRobin;
    request.rounds = players > 20 ? 5 : 2;
    request.seed = 2010;
    request.size = 9;
    request.out = out;
    auto run = competition::prepare_tournament(request);
    report::ContestSite site(out, run.store, true);
    competition::TournamentHooks hooks;
    hooks.committed = [&](const competition::MatchRow& row, int, int) {
      const auto t0 = std::chrono::steady_clock::now();
      const double cpu0 = thread_cpu_ms();
      site.committed(row);
      update_cpu.push_back(thread_cpu_ms() - cpu0);
      updates.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    };
    hooks.round_complete =
        report::round_standings_writer(out, run.store, [&](const report::StandingsReport& report, bool) {
          const auto t0 = std::chrono::steady_clock::now();
          site.round_complete(report);
          rounds.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
        });
    const auto summary = competition::run_tournament(run, competition::LocalExecutor(play, 1), hooks);
    site.finished(std::nullopt);
    games = summary.played;
    bytes = folder_bytes(out / report::kSiteFolder);
    // What a resume pays before its first game: the whole site from the store and the logs.
    const auto t0 = std::chrono::steady_clock::now();
    report::ContestSite resumed(out, run.store, true);
    start_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  const std::size_t first = std::min<std::size_t>(100, updates.size());
  state.counters["games"] = games;
  state.counters["first100_ms"] = median_ms({updates.begin(), updates.begin() + static_cast<std::ptrdiff_t>(first)});
  state.counters["last100_ms"] = median_ms({updates.end() - static_cast<std::ptrdiff_t>(first), updates.end()});
  state.counters["first100_cpu_ms"] =
      median_ms({update_cpu.begin(), update_cpu.begin() + static_cast<std::ptrdiff_t>(first)});
  state.counters["last100_cpu_ms"] =
      median_ms({update_cpu.end() - static_cast<std::ptrdiff_t>(first), update_cpu.end()});
  state.counters["round_ms"] = median_ms(rounds);
  state.counters["start_s"] = start_s;
  state.counters["bytes_per_game"] = games > 0 ? static_cast<double>(bytes) / games : 0.0;
}
BENCHMARK(BM_SiteUpdatePerGame)
    ->Arg(20)
    ->Arg(200)
    ->Arg(2000)
    ->ArgName("players")
    ->Iterations(1)
    ->Unit(benchmark::kSecond);

}  // namespace AMAZES_FILE_NAMESPACE
