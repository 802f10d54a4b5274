// Sample mean, standard deviation and t confidence interval.
//
//   mean  x̄ = Σ xᵢ / n
//   sd    s = √( Σ (xᵢ - x̄)² / (n - 1) )
//   CI    x̄ ∓ t(1 - (1 - level)/2; n - 1) · s / √n
//
// e.g. the 95% interval of n = 5 values uses t(0.975; 4) = 2.776 (any table of Student's t,
// e.g. NIST/SEMATECH e-Handbook of Statistical Methods, 1.3.6.7.2).
#include "amazes/competition/stats_sample.hpp"

#include <cmath>
#include <stdexcept>

#include "statistics/stats_t_distribution.hpp"

namespace amazes::competition::stats {

void RunningMoments::add(double x) {
  ++n_;
  const double delta = x - mean_;
  mean_ += delta / n_;
  m2_ += delta * (x - mean_);
}

std::optional<double> RunningMoments::sample_variance() const {
  if (n_ < 2) return std::nullopt;
  return m2_ / (n_ - 1);
}

SampleSummary summarize(const RunningMoments& moments, double level) {
  if (!(level > 0.0 && level < 1.0)) throw std::invalid_argument("a confidence level is between 0 and 1");
  SampleSummary summary;
  summary.n = moments.count();
  summary.mean = moments.mean();
  if (const auto variance = moments.sample_variance()) {
    summary.sd = std::sqrt(*variance);
    summary.t = student_t_quantile(1.0 - (1.0 - level) / 2.0, summary.n - 1);
    const double half_width = *summary.t * *summary.sd / std::sqrt(static_cast<double>(summary.n));
    summary.ci = std::pair{summary.mean - half_width, summary.mean + half_width};
  }
  return summary;
}

SampleSummary summarize(std::span<const double> values, double level) {
  RunningMoments moments;
  for (const double x : values) moments.add(x);
  return summarize(moments, level);
}

}  // namespace amazes::competition::stats
