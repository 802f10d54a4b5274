// The sample bots of players/: how long their turns take and how strong they are.
//
// BM_SampleBotTurn: the explorer's and the hunter's per-turn logic (information phase into the
// map, planning, walk), in-process against the rules engine on generated mazes. Time per turn;
// counters us_per_turn (mean) and max_turn_ms (the slowest turn seen).
//
// BM_SampleBotsVersus: paired matches (same maze and starts, colours swapped) played by the
// judge's own match driver with the bots as processes. Counters: mean final score of each side,
// the share of games and of pairs A won, and A's CPU time per turn as the judge charged it.
// They take a while, so the number of pairs comes from AMAZES_BENCH_PAIRS (default 10); run e.g.
//   AMAZES_BENCH_PAIRS=200 build/tests/amazes_bench --benchmark_filter=Versus
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include "../../players/common/explorer_bot.hpp"
#include "../../players/common/hunter_bot.hpp"
#include "amazes/arbiter/match.hpp"
#include "amazes/game.hpp"
#include "amazes/generator.hpp"
#include "amazes/starts.hpp"
#include "support/files.hpp"

namespace AMAZES_FILE_NAMESPACE {

// The judge's input lines as the bots' protocol helper would read them.
amazes_bot::TurnInput to_turn_input(const std::vector<std::string>& lines) {
  amazes_bot::TurnInput input;
  std::size_t i = 0;
  if (lines[0] == "Start") input.first_player = true, ++i;
  for (int k = 0; k < 4; ++k) input.corridors[k] = lines[i + k];
  input.distance2 = std::stol(lines[i + 4]);
  return input;
}

// One in-process game of Bot (red) against an explorer (blue) per iteration; only Bot's turns
// are timed.
template <class Bot>
void BM_SampleBotTurn(benchmark::State& state) {
  std::uint64_t seed = 1;
  double slowest = 0.0, total = 0.0;
  std::int64_t turns = 0;
  for (auto _ : state) {
    const amazes::Maze maze = amazes::generate_maze(seed);
    amazes::Game game(maze, *amazes::draw_starts_for_seed(maze, seed));
    ++seed;
    Bot bot;
    amazes_bot::ExplorerBot opponent;
    std::array<int, 2> turn{0, 0};
    double timed = 0.0;
    while (!game.over()) {
      const int c = amazes::index_of(game.to_move());
      const auto input = to_turn_input(game.input());
      std::string line;
      if (c == 0) {
        const auto start = std::chrono::steady_clock::now();
        line = bot.play(input, ++turn[c]);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        timed += seconds;
        slowest = std::max(slowest, seconds);
        ++turns;
      } else {
        line = opponent.play(input, ++turn[c]);
      }
      game.play(line);
    }
    state.SetIterationTime(timed);
    total += timed;
  }
  state.SetItemsProcessed(turns);
  state.counters["max_turn_ms"] = slowest * 1e3;
  state.counters["us_per_turn"] = total / static_cast<double>(std::max<std::int64_t>(1, turns)) * 1e6;
}
BENCHMARK_TEMPLATE(BM_SampleBotTurn, amazes_bot::ExplorerBot)
    ->Name("BM_SampleBotTurn/explorer")
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_SampleBotTurn, amazes_bot::HunterBot)
    ->Name("BM_SampleBotTurn/hunter")
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

std::string bot_command(const std::string& name) {
  if (name == "amazes_bot.py") return (amazes::testing::source_dir() / "players" / "python" / name).string();
  return (amazes::testing::binary_dir() / "players" / name).string();
}

int bench_pairs() {
  const char* text = std::getenv("AMAZES_BENCH_PAIRS");
  const int pairs = text ? std::atoi(text) : 10;
  return std::max(1, pairs);
}

void BM_SampleBotsVersus(benchmark::State& state, const std::string& a, const std::string& b) {
  const int pairs = bench_pairs();
  double a_total = 0, b_total = 0, a_cpu_ms = 0;
  int games = 0, a_wins = 0, pair_wins = 0, a_turns = 0;
  for (auto _ : state) {
    for (int i = 0; i < pairs; ++i) {
      const std::uint64_t seed = 1000 + static_cast<std::uint64_t>(i);
      int pair_diff = 0;
      for (int colour = 0; colour < 2; ++colour) {
        amazes::arbiter::MatchSpec spec;
        spec.id = "bench";
        const amazes::Maze maze = amazes::generate_maze(seed);
        spec.setup = amazes::arbiter::amazes_setup(maze, *amazes::draw_starts_for_seed(maze, seed), seed);
        spec.players = {amazes::arbiter::PlayerSpec{"red", bot_command(colour == 0 ? a : b)},
                        amazes::arbiter::PlayerSpec{"blue", bot_command(colour == 0 ? b : a)}};
        const auto record = amazes::arbiter::run_match(spec);
        const auto& mine = record.outcome[colour];
        const auto& theirs = record.outcome[1 - colour];
        a_total += mine.score;
        b_total += theirs.score;
        a_wins += mine.score > theirs.score;
        pair_diff += mine.score - theirs.score;
        a_cpu_ms += mine.time_ms;
        for (const auto& t : record.amazes()->turns) a_turns += amazes::index_of(t.player) == colour;
        ++games;
      }
      pair_wins += pair_diff > 0;
    }
  }
  state.counters["a_mean"] = a_total / games;
  state.counters["b_mean"] = b_total / games;
  state.counters["a_win_rate"] = static_cast<double>(a_wins) / games;
  state.counters["a_pair_win_rate"] = static_cast<double>(pair_wins) / (games / 2);
  state.counters["a_cpu_ms_per_turn"] = a_cpu_ms / std::max(1, a_turns);
  state.counters["games"] = games;
}
BENCHMARK_CAPTURE(BM_SampleBotsVersus, explorer_vs_random, "explorer", "random")
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(BM_SampleBotsVersus, explorer_vs_wallfollower, "explorer", "wallfollower")
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(BM_SampleBotsVersus, explorer_vs_explorer, "explorer", "explorer")
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(BM_SampleBotsVersus, hunter_vs_explorer, "hunter", "explorer")
    ->Iterations(1)
    ->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(BM_SampleBotsVersus, hunter_vs_random, "hunter", "random")->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace AMAZES_FILE_NAMESPACE
