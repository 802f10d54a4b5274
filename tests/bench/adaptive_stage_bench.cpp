// What an adaptive stage buys (adaptive_rule.hpp): on a simulated field of 60 players as tight at
// the top as a recent CodeCup final (the first ten within about 215 Elo, neighbours 2 to 45 Elo
// apart there, 10 to 50 below; draws as Davidson's model gives them, 6 % between equals), 11
// Swiss rounds, then one of: a final of the top 10 over 3 round robins, of the top 16 over 10,
// the adaptive rule for K = 10 up to 2,750 games in all, or round robins of the whole field
// instead of the Swiss. Counters: games, the mean rank error of the true top ten (the mean of
// |place given - true place| over them) and the share of fields whose true winner came first, over
// `fields` simulated fields. Pure simulation: pairings are drawn from the model, no process runs;
// the Swiss rounds are paired by the judge's own pairing.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <vector>

#include "amazes/competition/adaptive_rule.hpp"
#include "amazes/competition/swiss_pairing.hpp"
#include "amazes/random.hpp"

namespace AMAZES_FILE_NAMESPACE {

using namespace amazes;
using namespace amazes::competition;

constexpr int kPlayers = 60;
constexpr int kTop = 10;
constexpr int kFields = 40;
constexpr double kDrawWeight = 0.13;

std::vector<double> tight_field(Rng& rng) {
  std::vector<double> elo{2000};
  while (elo.size() < kPlayers)
    elo.push_back(elo.back() - (elo.size() < kTop ? 2 + 43 * rng.unit() : 10 + 40 * rng.unit()));
  return elo;
}

// One pairing, a's share: Davidson's Bradley-Terry with draws.
double play(const std::vector<double>& elo, int a, int b, Rng& rng) {
  const double pa = std::pow(10.0, elo[a] / 400.0), pb = std::pow(10.0, elo[b] / 400.0);
  const double draw = kDrawWeight * std::sqrt(pa * pb);
  const double u = rng.unit() * (pa + pb + draw);
  return u < pa ? 1.0 : u < pa + draw ? 0.5 : 0.0;
}

struct Field {
  std::vector<double> elo;
  std::vector<PairingOutcome> outcomes;
  std::vector<double> points = std::vector<double>(kPlayers, 0.0);
  std::map<std::pair<int, int>, int> met;
  Rng rng;
  explicit Field(std::uint64_t seed) : rng(seed) { elo = tight_field(rng); }

  void pair(int a, int b) {
    const double share = play(elo, a, b, rng);
    outcomes.push_back({a, b, share});
    points[a] += share;
    points[b] += 1 - share;
    ++met[{std::min(a, b), std::max(a, b)}];
  }
  int games() const { return 2 * static_cast<int>(outcomes.size()); }
};

// Players by points, best first (ties by index: the simulation's own order, no better or worse).
std::vector<int> by_points(const std::vector<double>& points, std::vector<int> players) {
  std::stable_sort(players.begin(), players.end(), [&](int a, int b) { return points[a] > points[b]; });
  return players;
}

std::vector<int> everyone() {
  std::vector<int> all(kPlayers);
  std::iota(all.begin(), all.end(), 0);
  return all;
}

void swiss(Field& field, int rounds) {
  for (int round = 0; round < rounds; ++round) {
    SwissRoundInput input;
    input.order = by_points(field.points, everyone());
    int group = -1;
    double last = -1;
    for (const int p : input.order) {
      if (field.points[p] != last) ++group;
      last = field.points[p];
      input.group.push_back(group);
    }
    input.met = field.met;
    for (const auto& [a, b] : pair_swiss_round(input).pairings) field.pair(a, b);
  }
}

// A final of the first `top` by points over `times` round robins: they are placed by the final's
// points, the rest by the first stage's.
std::vector<int> final_order(Field& field, int top, int times) {
  const auto first = by_points(field.points, everyone());
  const std::vector<int> finalists(first.begin(), first.begin() + top);
  std::vector<double> final_points(kPlayers, 0.0);
  for (int t = 0; t < times; ++t) {
    for (int i = 0; i < top; ++i) {
      for (int j = i + 1; j < top; ++j) {
        field.pair(finalists[i], finalists[j]);
        final_points[finalists[i]] += field.outcomes.back().a_share;
        final_points[finalists[j]] += 1 - field.outcomes.back().a_share;
      }
    }
  }
  auto order = by_points(final_points, finalists);
  order.insert(order.end(), first.begin() + top, first.end());
  return order;
}

std::vector<int> adaptive_order(Field& field, int budget, std::uint64_t seed) {
  AdaptiveRound round = next_adaptive_round(kPlayers, field.outcomes, kTop, seed);
  while (!round.settled && field.games() + 2 * static_cast<int>(round.pairs.size()) <= budget) {
    for (const auto& [a, b] : round.pairs) field.pair(a, b);
    round = next_adaptive_round(kPlayers, field.outcomes, kTop, seed);
  }
  return round.order;
}

std::vector<int> round_robins(Field& field, int times) {
  for (int t = 0; t < times; ++t)
    for (int a = 0; a < kPlayers; ++a)
      for (int b = a + 1; b < kPlayers; ++b) field.pair(a, b);
  return by_points(field.points, everyone());
}

// Player k is truly (k+1)-th: the mean |place - true place| of the true top ten.
double top_error(const std::vector<int>& order) {
  double sum = 0;
  for (std::size_t place = 0; place < order.size(); ++place) {
    if (order[place] < kTop) sum += std::abs(static_cast<double>(place) - order[place]);
  }
  return sum / kTop;
}

enum class Design { FinalTop10x3, FinalTop16x10, Adaptive2750, RoundRobin1, RoundRobin5 };

void BM_RankTheTop(benchmark::State& state) {
  const auto design = static_cast<Design>(state.range(0));
  double error = 0, winner = 0, games = 0;
  for (auto _ : state) {
    for (std::uint64_t seed = 1; seed <= kFields; ++seed) {
      Field field(seed);
      std::vector<int> order;
      switch (design) {
        case Design::FinalTop10x3:
          swiss(field, 11);
          order = final_order(field, 10, 3);
          break;
        case Design::FinalTop16x10:
          swiss(field, 11);
          order = final_order(field, 16, 10);
          break;
        case Design::Adaptive2750:
          swiss(field, 11);
          order = adaptive_order(field, 2750, seed);
          break;
        case Design::RoundRobin1: order = round_robins(field, 1); break;
        case Design::RoundRobin5: order = round_robins(field, 5); break;
      }
      error += top_error(order) / kFields;
      winner += (order.front() == 0 ? 1.0 : 0.0) / kFields;
      games += static_cast<double>(field.games()) / kFields;
    }
  }
  state.counters["games"] = games;
  state.counters["top10_rank_error"] = error;
  state.counters["winner_right"] = winner;
}
BENCHMARK(BM_RankTheTop)->DenseRange(0, 4)->ArgName("design")->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace AMAZES_FILE_NAMESPACE
