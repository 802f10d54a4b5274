#pragma once
// The sequential probability ratio test of `amazes versus --sprt D0 D1`: on a stream of pair
// differences (NEW minus OLD), H0: mean <= D0 against H1: mean >= D1, stopping as soon as the
// evidence is strong enough either way. The formulas and the reasons for them are in
// src/competition/stats_sprt.cpp.
#include <optional>
#include <string>
#include <string_view>

#include "amazes/competition/stats_sample.hpp"

namespace amazes::competition::stats {

struct SprtSettings {
  double d0 = 0.0;
  double d1 = 0.0;
  double alpha = 0.05;  // the chance of accepting H1 when the mean is D0
  double beta = 0.05;   // the chance of accepting H0 when the mean is D1
  friend bool operator==(const SprtSettings&, const SprtSettings&) = default;
};

// Why the settings cannot be used (D0 >= D1, alpha or beta outside (0, 1), alpha + beta >= 1),
// or nothing.
std::optional<std::string> sprt_settings_problem(const SprtSettings& settings);

// Wald's stopping bounds of the log-likelihood ratio: accept H0 at or below
// lower = ln(beta / (1 - alpha)), accept H1 at or above upper = ln((1 - beta) / alpha).
struct SprtBounds {
  double lower = 0.0;
  double upper = 0.0;
};
SprtBounds sprt_bounds(const SprtSettings& settings);

// No decision is taken on fewer pairs than this: the variance of a few pairs is too unreliable
// (stats_sprt.cpp shows the error rates).
inline constexpr int kSprtMinPairs = 8;

// The smallest variance the test assumes, in points²: the pair differences are integers, so
// they carry at least the rounding variance 1/12 of a unit (Sheppard). Keeps the ratio finite
// when every difference is the same (identical deterministic bots).
inline constexpr double kSprtVarianceFloor = 1.0 / 12.0;

// The log-likelihood ratio of H1: mean = d1 against H0: mean = d0 for n normal observations
// with sample mean `mean` and Σ (x - mean)² = `squared_deviations`:
//   n (d1 - d0)(2·mean - d0 - d1) / (2 v),  v = max(Σ (x - mean)² / (n - 3), kSprtVarianceFloor),
// 0 for n < 4 (see stats_sprt.cpp).
double sprt_llr(int n, double mean, double squared_deviations, double d0, double d1);

enum class SprtVerdict { Continue, H0, H1 };
std::string_view sprt_verdict_name(SprtVerdict verdict);  // "continue", "H0", "H1"

// The test over a stream of observations taken in order. The verdict is the first crossing
// of a bound at kSprtMinPairs observations or more; once decided, the test takes no more.
class SequentialTest {
 public:
  explicit SequentialTest(const SprtSettings& settings);  // throws std::invalid_argument for bad settings

  // Adds one observation unless the test is decided already; returns the verdict.
  SprtVerdict add(double x);

  const SprtSettings& settings() const { return settings_; }
  SprtBounds bounds() const { return bounds_; }
  SprtVerdict verdict() const { return verdict_; }
  bool decided() const { return verdict_ != SprtVerdict::Continue; }
  // The ratio after the last observation taken (0 before any): at the decision once decided.
  double llr() const { return llr_; }
  const RunningMoments& moments() const { return moments_; }

 private:
  SprtSettings settings_;
  SprtBounds bounds_;
  RunningMoments moments_;
  SprtVerdict verdict_ = SprtVerdict::Continue;
  double llr_ = 0.0;
};

}  // namespace amazes::competition::stats
