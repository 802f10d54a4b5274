// Maze generation speed: mazes per second (the items_per_second counter) for a few sizes.
// The target is at least 10,000 mazes per second on one core at 25×25 (Release build).
#include <benchmark/benchmark.h>

#include "amazes/checker.hpp"
#include "amazes/generator.hpp"
#include "amazes/starts.hpp"

namespace AMAZES_FILE_NAMESPACE {

void BM_GenerateMaze(benchmark::State& state) {
  const amazes::GeneratorOptions options{static_cast<int>(state.range(0)), -1};
  std::uint64_t seed = 1;
  for (auto _ : state) {
    amazes::Maze maze = amazes::generate_maze(seed++, options);
    benchmark::DoNotOptimize(maze);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_GenerateMaze)->Arg(10)->Arg(25)->Arg(64);

// What `amazes maze check` and the competition pay per maze on top of generating it.
void BM_CheckMaze(benchmark::State& state) {
  const amazes::Maze maze = amazes::generate_maze(1, {static_cast<int>(state.range(0)), -1});
  for (auto _ : state) {
    auto violations = amazes::check_maze(maze);
    benchmark::DoNotOptimize(violations);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_CheckMaze)->Arg(25);

void BM_DrawStarts(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  const amazes::Maze maze = amazes::generate_maze(1, {size, -1});
  amazes::Rng rng(7);
  for (auto _ : state) {
    auto starts = amazes::draw_starts(maze, rng, amazes::default_min_start_distance2(size));
    benchmark::DoNotOptimize(starts);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_DrawStarts)->Arg(25);

}  // namespace AMAZES_FILE_NAMESPACE
