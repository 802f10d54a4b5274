// How long the whole competition's standings take to say how sure each rank is: one
// Bradley-Terry fit, its covariance and 1,000 draws of the ranks, at 200 and 2,000 players after
// nine rounds of random pairings (a Swiss-like field: each player in nine pairings).
#include <benchmark/benchmark.h>

#include <numeric>
#include <utility>
#include <vector>

#include "amazes/competition/rank_certainty.hpp"
#include "amazes/random.hpp"

namespace AMAZES_FILE_NAMESPACE {

using namespace amazes;
using namespace amazes::competition;

std::vector<PairingOutcome> nine_rounds(int players) {
  Rng rng(77);
  std::vector<PairingOutcome> outcomes;
  std::vector<int> seating(static_cast<std::size_t>(players));
  for (int round = 0; round < 9; ++round) {
    std::iota(seating.begin(), seating.end(), 0);
    for (int i = players - 1; i > 0; --i) std::swap(seating[i], seating[rng.below(i + 1)]);
    for (int i = 0; i + 1 < players; i += 2) {
      // The lower index (the stronger player of a field ordered by strength) wins two in three.
      const int a = std::min(seating[i], seating[i + 1]);
      const int b = std::max(seating[i], seating[i + 1]);
      outcomes.push_back({a, b, rng.below(3) < 2 ? 1.0 : 0.0});
    }
  }
  return outcomes;
}

void BM_RankCertainty(benchmark::State& state) {
  const int players = static_cast<int>(state.range(0));
  const auto outcomes = nine_rounds(players);
  std::vector<int> order(static_cast<std::size_t>(players));
  std::iota(order.begin(), order.end(), 0);
  for (auto _ : state) benchmark::DoNotOptimize(rank_certainty(players, outcomes, order, 1));
}
BENCHMARK(BM_RankCertainty)->Arg(200)->Arg(2000)->Unit(benchmark::kMillisecond);

}  // namespace AMAZES_FILE_NAMESPACE
