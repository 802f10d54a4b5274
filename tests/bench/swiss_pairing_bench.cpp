// Swiss pairing speed: the time to pair one round (median of the repetitions) at 200 and 2,000
// players, after 5 and 10 rounds of a simulated stage with random results, so that the score
// groups, their floats and the pairs that met look like a real stage's.
// BM_SwissPairing is the judge's pairing (sparse graph, then the bound); BM_SwissPairingCompleteGraph
// the reference matching over all n²/2 pairs, to show what the sparse graph saves.
// BM_MaximumWeightMatching is the matching alone on random graphs of 2,000 vertices with weights
// of the pairing's kind (big − cost, big near 2^62), sparse like its first graph and denser.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <set>
#include <vector>

#include "amazes/competition/swiss_pairing.hpp"
#include "amazes/competition/weighted_matching.hpp"
#include "amazes/random.hpp"

namespace AMAZES_FILE_NAMESPACE {

using namespace amazes;
using namespace amazes::competition;

// The standing after `rounds` rounds paired by pair_swiss_round: 2 points a win or a bye, 1 a draw.
SwissRoundInput stage_after(int players, int rounds) {
  std::vector<int> points(players, 0);
  SwissRoundInput input;
  Rng rng(2024);
  for (int round = 0; round <= rounds; ++round) {
    input.order.resize(players);
    std::iota(input.order.begin(), input.order.end(), 0);
    std::stable_sort(input.order.begin(), input.order.end(), [&](int a, int b) { return points[a] > points[b]; });
    input.group.assign(players, 0);
    for (int k = 1; k < players; ++k)
      input.group[k] = input.group[k - 1] + (points[input.order[k]] == points[input.order[k - 1]] ? 0 : 1);
    if (round == rounds) break;
    const SwissRound pairing = pair_swiss_round(input);
    for (const auto& [a, b] : pairing.pairings) {
      ++input.met[{std::min(a, b), std::max(a, b)}];
      const int result = rng.below(3);
      points[a] += result == 0 ? 2 : result == 1 ? 1 : 0;
      points[b] += result == 2 ? 2 : result == 1 ? 1 : 0;
    }
    if (pairing.bye) {
      points[*pairing.bye] += 2;
      input.had_bye.insert(*pairing.bye);
    }
  }
  return input;
}

void run_pairing(benchmark::State& state, SwissRound (*pair)(const SwissRoundInput&)) {
  try {
    const SwissRoundInput input = stage_after(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
    int repeats = 0;
    for (auto _ : state) {
      const SwissRound round = pair(input);
      repeats = round.repeats;
      benchmark::DoNotOptimize(round);
    }
    state.counters["repeats"] = repeats;
    state.counters["score_groups"] = input.group.back() + 1;
  } catch (const SwissPairingError& error) {  // a field too large for exact weights
    state.SkipWithError(error.what());
  }
}

void BM_SwissPairing(benchmark::State& state) { run_pairing(state, pair_swiss_round); }
BENCHMARK(BM_SwissPairing)->ArgsProduct({{200, 2000}, {5, 10}})->Unit(benchmark::kMillisecond);

void BM_SwissPairingCompleteGraph(benchmark::State& state) { run_pairing(state, pair_swiss_round_on_complete_graph); }
BENCHMARK(BM_SwissPairingCompleteGraph)->Args({200, 5})->Unit(benchmark::kMillisecond);

void BM_MaximumWeightMatching(benchmark::State& state) {
  const int vertices = static_cast<int>(state.range(0));
  const int degree = static_cast<int>(state.range(1));
  Rng rng(7);
  std::vector<WeightedEdge> edges;
  for (int v = 0; v < vertices; ++v)
    for (int k = 0; k < degree / 2; ++k) {
      const int w = rng.below(vertices);
      if (w != v) edges.push_back({v, w, (std::int64_t{1} << 62) - rng.below(1'000'000'000)});
    }
  for (auto _ : state) benchmark::DoNotOptimize(maximum_weight_matching(vertices, edges));
  state.counters["edges"] = static_cast<double>(edges.size());
}
BENCHMARK(BM_MaximumWeightMatching)->Args({2000, 12})->Args({2000, 200})->Unit(benchmark::kMillisecond);

}  // namespace AMAZES_FILE_NAMESPACE
