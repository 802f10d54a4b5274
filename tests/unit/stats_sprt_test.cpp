// The sequential probability ratio test: bounds and ratio by hand, the decision rule, and its
// error rates on simulated streams of pair differences with a known mean.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <vector>

#include "amazes/competition/stats_sprt.hpp"
#include "amazes/random.hpp"

namespace amazes::competition::stats {
namespace AMAZES_FILE_NAMESPACE {

TEST(Sprt, WaldBounds) {
  // ln(0.05 / 0.95) = -2.944439, ln(0.95 / 0.05) = +2.944439.
  const auto b = sprt_bounds({0, 20, 0.05, 0.05});
  EXPECT_NEAR(b.lower, -2.944439, 1e-6);
  EXPECT_NEAR(b.upper, 2.944439, 1e-6);
  // alpha 0.05, beta 0.10: ln(0.10 / 0.95) = -2.251292, ln(0.90 / 0.05) = 2.890372.
  const auto c = sprt_bounds({0, 20, 0.05, 0.10});
  EXPECT_NEAR(c.lower, -2.251292, 1e-6);
  EXPECT_NEAR(c.upper, 2.890372, 1e-6);
}

TEST(Sprt, RatioByHand) {
  // d = 10, -20, 30, 40, 15: n = 5, mean 15, Σ (d - mean)² = 2100, v = 2100 / (5 - 3) = 1050.
  // d0 = 0, d1 = 20: LLR = 5 · 20 · (2·15 - 0 - 20) / (2 · 1050) = 1000 / 2100 = 0.476190.
  EXPECT_NEAR(sprt_llr(5, 15, 2100, 0, 20), 1000.0 / 2100.0, 1e-12);
  // Mean exactly halfway between d0 and d1: no evidence either way.
  EXPECT_DOUBLE_EQ(sprt_llr(50, 10, 5000, 0, 20), 0.0);
  // Below the midpoint the ratio is negative, symmetric to above.
  EXPECT_NEAR(sprt_llr(5, 5, 2100, 0, 20), -1000.0 / 2100.0, 1e-12);
  // Fewer than 4 observations: no estimate of 1/σ², no evidence.
  EXPECT_DOUBLE_EQ(sprt_llr(3, 100, 10, 0, 20), 0.0);
  // Equal observations: the variance floor 1/12 keeps it finite: 8 · 20 · (0 - 20) / (2/12) = -19200.
  EXPECT_NEAR(sprt_llr(8, 0, 0, 0, 20), -19200.0, 1e-9);

  SequentialTest test({0, 20, 0.05, 0.05});
  for (const double d : {10, -20, 30, 40, 15}) test.add(d);
  EXPECT_EQ(test.moments().count(), 5);
  EXPECT_NEAR(test.llr(), 1000.0 / 2100.0, 1e-12);
  EXPECT_EQ(test.verdict(), SprtVerdict::Continue);
}

TEST(Sprt, RefusesBadSettings) {
  EXPECT_TRUE(sprt_settings_problem({20, 0, 0.05, 0.05}).has_value());  // D0 >= D1
  EXPECT_TRUE(sprt_settings_problem({5, 5, 0.05, 0.05}).has_value());
  EXPECT_TRUE(sprt_settings_problem({0, 20, 0.0, 0.05}).has_value());
  EXPECT_TRUE(sprt_settings_problem({0, 20, 0.05, 1.0}).has_value());
  EXPECT_TRUE(sprt_settings_problem({0, 20, 0.6, 0.5}).has_value());  // alpha + beta >= 1
  EXPECT_FALSE(sprt_settings_problem({-20, 0, 0.01, 0.2}).has_value());
  EXPECT_THROW(SequentialTest({1, 0, 0.05, 0.05}), std::invalid_argument);
}

TEST(Sprt, DecidesAtTheFirstCrossingAndNotBeforeTheMinimum) {
  // Overwhelming evidence for H1 from the first pair on: still no decision before 8 pairs.
  SequentialTest test({0, 20, 0.05, 0.05});
  const std::vector<double> big = {500, 520, 480, 510, 490, 505, 495, 515, 485, 500};
  for (int i = 0; i < kSprtMinPairs - 1; ++i)
    EXPECT_EQ(test.add(big[static_cast<std::size_t>(i)]), SprtVerdict::Continue);
  EXPECT_GT(test.llr(), test.bounds().upper);
  EXPECT_EQ(test.add(big[kSprtMinPairs - 1]), SprtVerdict::H1);
  const double llr_at_decision = test.llr();
  // Decided: later observations are not taken, the ratio stays that of the decision.
  EXPECT_EQ(test.add(-10000), SprtVerdict::H1);
  EXPECT_EQ(test.moments().count(), kSprtMinPairs);
  EXPECT_DOUBLE_EQ(test.llr(), llr_at_decision);
}

TEST(Sprt, IdenticalBotsEveryDifferenceZero) {
  // Identical deterministic bots: every pair difference is exactly 0.
  const auto run = [](double d0, double d1) {
    SequentialTest test({d0, d1, 0.05, 0.05});
    for (int i = 0; i < 100 && !test.decided(); ++i) test.add(0);
    return std::pair(test.verdict(), test.moments().count());
  };
  EXPECT_EQ(run(0, 20), std::pair(SprtVerdict::H0, kSprtMinPairs));   // not better by 20
  EXPECT_EQ(run(-20, 0), std::pair(SprtVerdict::H1, kSprtMinPairs));  // not worse by 20
  EXPECT_EQ(run(-10, 10), std::pair(SprtVerdict::Continue, 100));     // 0 is halfway: no evidence
}

// Runs the test on a stream of pair differences until it decides (or `cap` pairs).
SprtVerdict run_stream(const SprtSettings& settings, const std::function<double()>& next, int cap, int& pairs) {
  SequentialTest test(settings);
  for (pairs = 0; pairs < cap && !test.decided(); ++pairs) test.add(next());
  return test.verdict();
}

// Box-Muller on the project's reproducible generator.
double standard_normal(Rng& rng) {
  const double u1 = 1.0 - rng.unit();  // in (0, 1]
  const double u2 = rng.unit();
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * 3.14159265358979323846 * u2);
}

struct Rates {
  double h1 = 0, h0 = 0, undecided = 0, mean_pairs = 0;
};

Rates simulate(double mean, const std::function<double(Rng&)>& noise, std::uint64_t seed, int runs = 2000) {
  const SprtSettings settings{0, 20, 0.05, 0.05};
  Rng rng(seed);
  Rates rates;
  for (int run = 0; run < runs; ++run) {
    int pairs = 0;
    const auto verdict = run_stream(
        settings, [&] { return mean + noise(rng); }, 100000, pairs);
    (verdict == SprtVerdict::H1 ? rates.h1 : verdict == SprtVerdict::H0 ? rates.h0 : rates.undecided) += 1.0 / runs;
    rates.mean_pairs += static_cast<double>(pairs) / runs;
  }
  return rates;
}

// The error rates over 2,000 simulated tests per case, D0 = 0, D1 = 20, alpha = beta = 0.05.
// Wald's bounds aim at alpha and beta; the overshoot of the bounds makes the true rates a little
// smaller, an estimated variance a little larger (about 0.045-0.06 here; see the table in
// stats_sprt.cpp). Each assertion accepts 0.02..0.085: with 2,000 runs the standard error of a
// rate near 0.05 is √(0.05 · 0.95 / 2000) = 0.005, so a true rate anywhere in 0.045..0.06 falls
// outside the band with probability below 1e-6 whatever the seed (the seeds are fixed anyway).
constexpr double kLowestRate = 0.02;
constexpr double kHighestRate = 0.085;

TEST(SprtSimulation, NormalDifferencesErrorRatesNearAlphaAndBeta) {
  // σ = 80: δ/σ = 0.25, about 85 pairs per test.
  const auto noise = [](Rng& rng) { return 80.0 * standard_normal(rng); };
  const Rates at_d0 = simulate(0.0, noise, 101);
  const Rates at_d1 = simulate(20.0, noise, 202);
  RecordProperty("alpha_observed", std::to_string(at_d0.h1));
  RecordProperty("beta_observed", std::to_string(at_d1.h0));
  RecordProperty("mean_pairs_at_d1", std::to_string(at_d1.mean_pairs));
  // True mean D0: accepting H1 is the type I error (rate alpha).
  EXPECT_GE(at_d0.h1, kLowestRate);
  EXPECT_LE(at_d0.h1, kHighestRate);
  EXPECT_DOUBLE_EQ(at_d0.undecided, 0.0);
  // True mean D1: accepting H0 is the type II error (rate beta).
  EXPECT_GE(at_d1.h0, kLowestRate);
  EXPECT_LE(at_d1.h0, kHighestRate);
  EXPECT_DOUBLE_EQ(at_d1.undecided, 0.0);
  // Wald's approximation of the average sample number at μ = D1:
  // ((1-β) ln((1-β)/α) + β ln(β/(1-α))) / (δ² / 2σ²) = 2.65 / 0.03125 ≈ 85 pairs.
  EXPECT_GT(at_d1.mean_pairs, 60);
  EXPECT_LT(at_d1.mean_pairs, 110);
}

TEST(SprtSimulation, UniformDifferencesErrorRatesNearAlphaAndBeta) {
  // Bounded, flat noise (unlike normal): uniform on ±120, σ = 120/√3 = 69.3, δ/σ = 0.29.
  const auto noise = [](Rng& rng) { return 240.0 * rng.unit() - 120.0; };
  const Rates at_d0 = simulate(0.0, noise, 303);
  const Rates at_d1 = simulate(20.0, noise, 404);
  RecordProperty("alpha_observed", std::to_string(at_d0.h1));
  RecordProperty("beta_observed", std::to_string(at_d1.h0));
  EXPECT_GE(at_d0.h1, kLowestRate);
  EXPECT_LE(at_d0.h1, kHighestRate);
  EXPECT_GE(at_d1.h0, kLowestRate);
  EXPECT_LE(at_d1.h0, kHighestRate);
}

TEST(SprtSimulation, ClearDifferencesAreDecidedFastAndRight) {
  // A much better NEW (mean 500, σ 100, like a real bot against a random one) and a much worse
  // one: decided at once, at the minimum number of pairs, and never the wrong way.
  const auto noise = [](Rng& rng) { return 100.0 * standard_normal(rng); };
  const Rates better = simulate(500.0, noise, 505, 500);
  EXPECT_DOUBLE_EQ(better.h1, 1.0);
  EXPECT_LT(better.mean_pairs, kSprtMinPairs + 0.5);
  const Rates worse = simulate(-300.0, noise, 606, 500);
  EXPECT_DOUBLE_EQ(worse.h0, 1.0);
  EXPECT_LT(worse.mean_pairs, kSprtMinPairs + 2);
  // Halfway between D0 and D1 both answers are fine, and it takes longest.
  const Rates middle = simulate(10.0, noise, 707, 200);
  EXPECT_GT(middle.h1, 0.2);
  EXPECT_GT(middle.h0, 0.2);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::competition::stats
