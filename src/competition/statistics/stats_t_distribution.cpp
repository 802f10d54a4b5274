// Student's t distribution and the normal distribution.
//
// The t distribution function (Abramowitz & Stegun 26.7.1, DLMF 8.17.2 / 26.5.27):
//   for t >= 0   P(T <= t) = 1 - I_x(df/2, 1/2) / 2,   x = df / (df + t²),
// and P(T <= -t) = 1 - P(T <= t). I_x(a, b) is the regularized incomplete beta function,
// evaluated by its continued fraction (DLMF 8.17.22)
//   I_x(a, b) = x^a (1-x)^b / (a B(a, b)) · 1 / (1 + d1 / (1 + d2 / (1 + …)))
//   d(2m)   =  m (b - m) x / ((a + 2m - 1)(a + 2m))
//   d(2m+1) = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1))
// with the modified Lentz algorithm (Lentz 1976; Thompson & Barnett 1986, as in Press et al.,
// Numerical Recipes, §5.2 and §6.4). The fraction converges fast for x < (a+1)/(a+b+2); above
// that the symmetry I_x(a, b) = 1 - I_{1-x}(b, a) is used, with 1 - x passed in exactly
// (t² / (df + t²)) rather than computed by a cancelling subtraction.
//
// Quantiles are found by bisection on the distribution function: monotone, so bisection
// cannot fail, and 200 halvings of a bracket reach the resolution of a double. Cost is a few
// microseconds, irrelevant next to playing a game.
#include "statistics/stats_t_distribution.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace amazes::competition::stats {
namespace {

constexpr double kTiny = 1e-300;
constexpr double kEpsilon = 1e-15;
constexpr int kMaxTerms = 10000;

// 1 / (1 + d1 / (1 + d2 / (1 + …))) for I_x(a, b), by the modified Lentz algorithm.
double beta_continued_fraction(double x, double a, double b) {
  // f = 1 + d1 / (1 + d2 / …): b_j = 1, a_j = d_j.
  double f = 1.0;
  double c = f;
  double d = 0.0;
  for (int j = 1; j <= kMaxTerms; ++j) {
    const int m = j / 2;
    const double dj = (j % 2 == 0) ? m * (b - m) * x / ((a + 2.0 * m - 1.0) * (a + 2.0 * m))
                                   : -(a + m) * (a + b + m) * x / ((a + 2.0 * m) * (a + 2.0 * m + 1.0));
    d = 1.0 + dj * d;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = 1.0 + dj / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1.0 / d;
    const double delta = c * d;
    f *= delta;
    if (std::fabs(delta - 1.0) < kEpsilon) break;
  }
  return 1.0 / f;
}

// I_x(a, b) with y = 1 - x given exactly.
double incomplete_beta(double x, double y, double a, double b) {
  if (x <= 0.0) return 0.0;
  if (y <= 0.0) return 1.0;
  const double log_front = a * std::log(x) + b * std::log(y) - (std::lgamma(a) + std::lgamma(b) - std::lgamma(a + b));
  if (x < (a + 1.0) / (a + b + 2.0)) return std::exp(log_front) / a * beta_continued_fraction(x, a, b);
  return 1.0 - std::exp(log_front) / b * beta_continued_fraction(y, b, a);
}

// The x with cdf(x) = p for an increasing cdf symmetric about 0, by bisection.
template <class Cdf>
double symmetric_quantile(double p, const Cdf& cdf) {
  if (!(p > 0.0 && p < 1.0)) throw std::invalid_argument("a quantile needs 0 < p < 1");
  if (p == 0.5) return 0.0;
  const bool upper = p > 0.5;
  const double target = upper ? p : 1.0 - p;  // solve in the upper half, mirror for the lower
  double lo = 0.0;
  double hi = 1.0;
  while (cdf(hi) < target) {
    lo = hi;
    hi *= 2.0;
    if (hi > 1e300) break;  // p so close to 1 that the quantile is beyond a double
  }
  for (int i = 0; i < 200 && hi - lo > std::numeric_limits<double>::epsilon() * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (cdf(mid) < target) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  const double q = 0.5 * (lo + hi);
  return upper ? q : -q;
}

}  // namespace

double regularized_incomplete_beta(double x, double a, double b) {
  if (!(a > 0.0 && b > 0.0) || !(x >= 0.0 && x <= 1.0)) {
    throw std::invalid_argument("regularized_incomplete_beta needs a, b > 0 and 0 <= x <= 1");
  }
  return incomplete_beta(x, 1.0 - x, a, b);
}

double student_t_cdf(double t, double df) {
  if (!(df > 0.0)) throw std::invalid_argument("Student's t needs df > 0");
  if (std::isinf(t)) return t > 0 ? 1.0 : 0.0;
  const double t2 = t * t;
  const double tail = 0.5 * incomplete_beta(df / (df + t2), t2 / (df + t2), df / 2.0, 0.5);  // P(T > |t|)
  return t >= 0.0 ? 1.0 - tail : tail;
}

double student_t_quantile(double p, double df) {
  if (!(df > 0.0)) throw std::invalid_argument("Student's t needs df > 0");
  return symmetric_quantile(p, [df](double t) { return student_t_cdf(t, df); });
}

double normal_cdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

double normal_quantile(double p) { return symmetric_quantile(p, normal_cdf); }

}  // namespace amazes::competition::stats
