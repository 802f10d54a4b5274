// Speed of the rules engine: whole games per second (the items_per_second counter) on
// generated 25×25 mazes, 150 turns each, views, discovery, inference, scoring and turn records
// (with their input strings) included. The target is under 1 ms per 300-turn game on one
// core (Release, median).
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "../support/random_maze.hpp"
#include "amazes/game.hpp"
#include "amazes/generator.hpp"
#include "amazes/starts.hpp"
#include "amazes/view.hpp"

namespace AMAZES_FILE_NAMESPACE {

using namespace amazes;

struct Setup {
  Maze maze;
  Starts starts;
};

// A few generated mazes with official starts, so no single maze decides the figure.
std::vector<Setup> setups() {
  std::vector<Setup> out;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    Maze maze = generate_maze(seed);
    const Starts starts = *draw_starts_for_seed(maze, seed);
    out.push_back({std::move(maze), starts});
  }
  return out;
}

// Random legal lines of 1..max_length letters, drawn before timing.
std::vector<std::string> line_pool(int max_length) {
  static constexpr char kLetters[] = {'F', 'T', 'L', 'R'};
  Rng rng(42);
  std::vector<std::string> pool(4096);
  for (auto& line : pool) {
    line.assign(1 + rng.below(max_length), 'F');
    for (char& c : line) c = kLetters[rng.below(4)];
  }
  return pool;
}

// Random lines, mostly stopped early by a wall: the engine's cost per turn at its floor.
void BM_GameRandomLines(benchmark::State& state) {
  const auto all = setups();
  const auto pool = line_pool(static_cast<int>(state.range(0)));
  std::size_t next_line = 0;
  std::size_t next_setup = 0;
  for (auto _ : state) {
    const Setup& setup = all[next_setup++ % all.size()];
    Game game(setup.maze, setup.starts);
    while (!game.over()) game.play(pool[next_line++ % pool.size()]);
    benchmark::DoNotOptimize(game.points(Color::Red));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_GameRandomLines)->Arg(16)->Arg(256);

// Explorers: each line walks through openings only (a random walk that avoids turning
// back), so the players cover much of the maze and the inference rules keep firing.
// The line is made during the timed loop, so its (small) cost is included.
void BM_GameExplorers(benchmark::State& state) {
  const auto all = setups();
  Rng rng(7);
  std::size_t next_setup = 0;
  int discovered = 0;
  for (auto _ : state) {
    const Setup& setup = all[next_setup++ % all.size()];
    Game game(setup.maze, setup.starts);
    while (!game.over()) {
      const Color me = game.to_move();
      game.play(
          testing::walking_line(setup.maze, game.position(me), rng, 1 + rng.below(static_cast<int>(state.range(0)))));
    }
    discovered += game.knowledge(Color::Red).discovered_count();
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["red_discovered"] = benchmark::Counter(discovered, benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_GameExplorers)->Arg(8)->Arg(24);

// One information phase on its own: the view and the knowledge update from a fresh start.
void BM_FirstLook(benchmark::State& state) {
  const auto all = setups();
  std::size_t next_setup = 0;
  for (auto _ : state) {
    const Setup& setup = all[next_setup++ % all.size()];
    Knowledge knowledge(setup.maze.size());
    const View view = compute_view(setup.maze, setup.starts.red, setup.starts.blue.square);
    benchmark::DoNotOptimize(knowledge.observe(setup.starts.red.square, view).size());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_FirstLook);

}  // namespace AMAZES_FILE_NAMESPACE
