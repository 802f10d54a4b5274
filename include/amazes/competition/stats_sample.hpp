#pragma once
// The mean of a sample, its standard deviation and a confidence interval for the mean: what
// `amazes versus` reports about the paired differences of NEW and an opponent.
#include <optional>
#include <span>
#include <utility>

namespace amazes::competition::stats {

// Count, mean and sum of squared deviations of a stream of values, updated one value at a
// time with Welford's algorithm (Welford 1962; Knuth, TAOCP vol. 2, 4.2.2), which does not lose
// precision to cancellation the way sum(x²) - n·mean² does.
class RunningMoments {
 public:
  void add(double x);
  int count() const { return n_; }
  double mean() const { return mean_; }
  // Σ (x - mean)².
  double squared_deviations() const { return m2_; }
  // Σ (x - mean)² / n: the maximum-likelihood variance (0 for fewer than one value).
  double population_variance() const { return n_ > 0 ? m2_ / n_ : 0.0; }
  // Σ (x - mean)² / (n - 1): the unbiased sample variance; nothing for fewer than 2 values.
  std::optional<double> sample_variance() const;

 private:
  int n_ = 0;
  double mean_ = 0.0;
  double m2_ = 0.0;
};

struct SampleSummary {
  int n = 0;
  double mean = 0.0;                            // 0 for an empty sample
  std::optional<double> sd;                     // sample standard deviation, n - 1 in the denominator; n >= 2
  std::optional<double> t;                      // the t quantile used: t(1 - (1 - level)/2, n - 1); n >= 2
  std::optional<std::pair<double, double>> ci;  // mean ∓ t · sd / √n; n >= 2
};

// The two-sided confidence interval for the mean at `level` (0.95: 95%), from Student's t
// with n - 1 degrees of freedom (the exact interval for normal data with unknown variance,
// and the normal-approximation interval as n grows, since t tends to the normal quantile).
SampleSummary summarize(const RunningMoments& moments, double level = 0.95);
SampleSummary summarize(std::span<const double> values, double level = 0.95);

}  // namespace amazes::competition::stats
