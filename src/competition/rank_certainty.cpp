// Bradley-Terry ratings with their uncertainty (include/amazes/competition/rank_certainty.hpp).
//
// Three steps:
//  1. Fit θ by Newton's method on the log-likelihood with the prior. Each step solves H δ = g by
//     conjugate gradients on the sparse information H (a pairing touches two players), so the fit
//     of a field of thousands costs little; a backtracking line search keeps every step uphill.
//  2. At the estimate, factor the dense information once, H = L Lᵀ (Cholesky), and invert the
//     factor, M = L⁻¹. Then the covariance is Σ = H⁻¹ = Mᵀ M: a variance is a squared column norm
//     of M, and θ = estimate + Mᵀ z with z standard normal is a draw from N(estimate, Σ).
//  3. Draw, rank, and take each player's rank quantiles.
// Steps 2 and 3 are dense, O(n³) and O(draws · n²); both read M row by row, so that the inner
// loops run over contiguous memory.
//
// Reproducibility: the same inputs and seed give the same output. The normal deviates come from
// Rng alone, through comparisons, sqrt (exact in IEEE arithmetic) and log. Between C libraries or
// processors, exp, log and fused multiply-adds may differ in the last bits; such a difference
// moves a rank of a draw only when two drawn strengths are within rounding of each other.
#include "amazes/competition/rank_certainty.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <numeric>
#include <stdexcept>

#include <fmt/format.h>

#include "amazes/random.hpp"

namespace amazes::competition {
namespace {

constexpr double kEloPerStrength = 400.0 / std::numbers::ln10;
constexpr double kTwoSided95 = 1.959963984540054;   // the 97.5 % quantile of the standard normal
constexpr double kOneSided95 = 1.6448536269514722;  // its 95 % quantile
constexpr double kPriorShare = 0.5;                 // the virtual pairing against strength 0 is drawn
constexpr double kRankTail = 0.025;
constexpr std::uint64_t kRankDrawStream = 0x52414e4bULL;  // "RANK": apart from any other use of the seed

// Newton converges quadratically; the cap only guards against a pathological input.
constexpr int kMaxNewtonSteps = 100;
constexpr double kScoreTolerance = 1e-9;  // the largest |∂ℓ/∂θᵢ| accepted at the estimate
constexpr double kCgRelativeResidual = 1e-12;
constexpr double kLikelihoodRounding = 1e-10;  // relative: gains of ℓ below this are not trusted

void check_inputs(int players, const std::vector<PairingOutcome>& outcomes, const std::vector<int>& order) {
  if (players < 0) throw std::invalid_argument(fmt::format("rank_certainty: {} players", players));
  for (std::size_t k = 0; k < outcomes.size(); ++k) {
    const auto& o = outcomes[k];
    if (o.a < 0 || o.a >= players || o.b < 0 || o.b >= players || o.a == o.b) {
      throw std::invalid_argument(
          fmt::format("rank_certainty: outcome {} pairs players {} and {} of 0..{}", k, o.a, o.b, players - 1));
    }
    if (!(o.a_share >= 0.0 && o.a_share <= 1.0)) {
      throw std::invalid_argument(fmt::format("rank_certainty: outcome {} has share {}, not in [0, 1]", k, o.a_share));
    }
  }
  std::vector<bool> seen(static_cast<std::size_t>(players), false);
  bool permutation = order.size() == seen.size();
  for (const int p : order) {
    if (!permutation) break;
    permutation = p >= 0 && p < players && !seen[p];
    if (permutation) seen[p] = true;
  }
  if (!permutation)
    throw std::invalid_argument(fmt::format("rank_certainty: order is not a permutation of 0..{}", players - 1));
}

double logistic(double x) {
  if (x >= 0) return 1.0 / (1.0 + std::exp(-x));
  const double e = std::exp(x);
  return e / (1.0 + e);
}

// log σ(x), without overflow for large |x|.
double log_logistic(double x) { return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x)); }

double dot(const double* x, const double* y, int length) {
  // Four sums, in a fixed order: the compiler may not reorder floating-point additions, and one
  // chain of dependent additions would leave the processor waiting.
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int k = 0;
  for (; k + 4 <= length; k += 4) {
    s0 += x[k] * y[k];
    s1 += x[k + 1] * y[k + 1];
    s2 += x[k + 2] * y[k + 2];
    s3 += x[k + 3] * y[k + 3];
  }
  for (; k < length; ++k) s0 += x[k] * y[k];
  return (s0 + s1) + (s2 + s3);
}

double dot(const std::vector<double>& x, const std::vector<double>& y) {
  return dot(x.data(), y.data(), static_cast<int>(x.size()));
}

// y[0..length) += factor · x[0..length)
void add_scaled(double factor, const double* x, double* y, int length) {
  for (int k = 0; k < length; ++k) y[k] += factor * x[k];
}

// The dense steps work on four rows at a time, so that the row they all combine with is read from
// memory once for four: memory, not arithmetic, bounds them on a large field.
constexpr int kFour = 4;
using FourRows = std::array<double*, kFour>;

// sums[r] = x · y_r over [0, length), for the four rows y_r.
std::array<double, kFour> dot_four(const double* x, const FourRows& y, int length) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  for (int k = 0; k < length; ++k) {
    const double v = x[k];
    s0 += v * y[0][k];
    s1 += v * y[1][k];
    s2 += v * y[2][k];
    s3 += v * y[3][k];
  }
  return {s0, s1, s2, s3};
}

// y_r[0..length) += factor[r] · x[0..length), for the four rows y_r.
void add_scaled_to_four(const std::array<double, kFour>& factor, const double* x, const FourRows& y, int length) {
  for (int k = 0; k < length; ++k) {
    const double v = x[k];
    y[0][k] += factor[0] * v;
    y[1][k] += factor[1] * v;
    y[2][k] += factor[2] * v;
    y[3][k] += factor[3] * v;
  }
}

// ---- Step 1: the fit -------------------------------------------------------------------------

// ℓ(θ): the log-likelihood of the outcomes and of each player's virtual pairing against 0.
double log_likelihood(const std::vector<double>& strength, const std::vector<PairingOutcome>& outcomes) {
  double sum = 0;
  for (const auto& o : outcomes) {
    const double d = strength[o.a] - strength[o.b];
    sum += o.a_share * log_logistic(d) + (1 - o.a_share) * log_logistic(-d);
  }
  for (const double s : strength) sum += kPriorShare * log_logistic(s) + (1 - kPriorShare) * log_logistic(-s);
  return sum;
}

// ∇ℓ: for each player, the wins it got minus the wins the model expects.
std::vector<double> score(const std::vector<double>& strength, const std::vector<PairingOutcome>& outcomes) {
  std::vector<double> gradient(strength.size());
  for (const auto& o : outcomes) {
    const double surprise = o.a_share - logistic(strength[o.a] - strength[o.b]);
    gradient[o.a] += surprise;
    gradient[o.b] -= surprise;
  }
  for (std::size_t i = 0; i < strength.size(); ++i) gradient[i] += kPriorShare - logistic(strength[i]);
  return gradient;
}

// The observed information H = -∇²ℓ, sparse: a pairing of weight w = p(1 - p) adds w to both
// players' diagonal entries and -w to the entry between them. The prior adds to every diagonal
// entry, which makes H positive definite.
struct SparseInformation {
  std::vector<double> pairing_weight;  // by outcome
  std::vector<double> diagonal;        // by player
};

SparseInformation information_at(const std::vector<double>& strength, const std::vector<PairingOutcome>& outcomes) {
  SparseInformation info{std::vector<double>(outcomes.size()), std::vector<double>(strength.size())};
  for (std::size_t i = 0; i < strength.size(); ++i) {
    const double p = logistic(strength[i]);
    info.diagonal[i] = p * (1 - p);
  }
  for (std::size_t k = 0; k < outcomes.size(); ++k) {
    const double p = logistic(strength[outcomes[k].a] - strength[outcomes[k].b]);
    const double w = p * (1 - p);
    info.pairing_weight[k] = w;
    info.diagonal[outcomes[k].a] += w;
    info.diagonal[outcomes[k].b] += w;
  }
  return info;
}

std::vector<double> multiply(const SparseInformation& info, const std::vector<PairingOutcome>& outcomes,
                             const std::vector<double>& v) {
  std::vector<double> product(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) product[i] = info.diagonal[i] * v[i];
  for (std::size_t k = 0; k < outcomes.size(); ++k) {
    product[outcomes[k].a] -= info.pairing_weight[k] * v[outcomes[k].b];
    product[outcomes[k].b] -= info.pairing_weight[k] * v[outcomes[k].a];
  }
  return product;
}

// Solves H x = rhs by conjugate gradients, preconditioned by H's diagonal. H is positive definite,
// so even an early stop gives a direction in which ℓ increases: the line search copes.
std::vector<double> solve_conjugate_gradient(const SparseInformation& info, const std::vector<PairingOutcome>& outcomes,
                                             const std::vector<double>& rhs) {
  const std::size_t n = rhs.size();
  std::vector<double> x(n, 0.0), residual = rhs, preconditioned(n), direction(n);
  for (std::size_t i = 0; i < n; ++i) preconditioned[i] = residual[i] / info.diagonal[i];
  direction = preconditioned;
  double rz = dot(residual, preconditioned);
  const double stop = kCgRelativeResidual * kCgRelativeResidual * dot(rhs, rhs);
  const int max_iterations = 2 * static_cast<int>(n) + 100;
  for (int it = 0; it < max_iterations && dot(residual, residual) > stop; ++it) {
    const auto h_direction = multiply(info, outcomes, direction);
    const double alpha = rz / dot(direction, h_direction);
    for (std::size_t i = 0; i < n; ++i) {
      x[i] += alpha * direction[i];
      residual[i] -= alpha * h_direction[i];
      preconditioned[i] = residual[i] / info.diagonal[i];
    }
    const double next_rz = dot(residual, preconditioned);
    const double beta = next_rz / rz;
    rz = next_rz;
    for (std::size_t i = 0; i < n; ++i) direction[i] = preconditioned[i] + beta * direction[i];
  }
  return x;
}

// Backtracking (Armijo's rule): the longest of the steps t·newton, t = 1, 1/2, 1/4, …, by which ℓ
// rises by a fair share of what the slope promises; false when even a tiny step does not.
bool take_uphill_step(std::vector<double>& strength, double& current, const std::vector<double>& newton, double slope,
                      const std::vector<PairingOutcome>& outcomes) {
  std::vector<double> trial(strength.size());
  for (double t = 1.0; t > 1e-10; t /= 2) {
    for (std::size_t i = 0; i < trial.size(); ++i) trial[i] = strength[i] + t * newton[i];
    const double value = log_likelihood(trial, outcomes);
    if (value >= current + 1e-4 * t * slope) {
      strength.swap(trial);
      current = value;
      return true;
    }
  }
  return false;
}

// The maximum of ℓ (concave, and strictly so thanks to the prior), in natural units.
std::vector<double> fit_strengths(int players, const std::vector<PairingOutcome>& outcomes) {
  std::vector<double> strength(static_cast<std::size_t>(players), 0.0);
  double current = log_likelihood(strength, outcomes);
  double largest_before_full_step = std::numeric_limits<double>::infinity();
  for (int step = 0; step < kMaxNewtonSteps; ++step) {
    const auto gradient = score(strength, outcomes);
    double largest = 0;
    for (const double g : gradient) largest = std::max(largest, std::abs(g));
    if (largest < kScoreTolerance) break;
    const auto newton = solve_conjugate_gradient(information_at(strength, outcomes), outcomes, gradient);
    const double slope = dot(gradient, newton);
    if (slope > kLikelihoodRounding * (1 + std::abs(current))) {
      if (!take_uphill_step(strength, current, newton, slope, outcomes)) break;
      continue;
    }
    // Close to the maximum the gain a step promises, slope / 2, is lost in the rounding of ℓ, and
    // the line search can no longer judge a step. There Newton's full step is safe, and the
    // gradient tells when rounding is all that is left.
    if (largest >= largest_before_full_step) break;
    largest_before_full_step = largest;
    for (std::size_t i = 0; i < strength.size(); ++i) strength[i] += newton[i];
    current = log_likelihood(strength, outcomes);
  }
  return strength;
}

// ---- Step 2: the covariance --------------------------------------------------------------------

// A dense n × n matrix, row-major. The factor and its inverse use only the lower triangle; the
// upper one stays 0.
class SquareMatrix {
 public:
  explicit SquareMatrix(int size)
      : size_(size), values_(static_cast<std::size_t>(size) * static_cast<std::size_t>(size), 0.0) {}
  int size() const { return size_; }
  double* row(int i) { return values_.data() + static_cast<std::size_t>(i) * size_; }
  const double* row(int i) const { return values_.data() + static_cast<std::size_t>(i) * size_; }

 private:
  int size_;
  std::vector<double> values_;
};

SquareMatrix dense_lower_information(const SparseInformation& info, const std::vector<PairingOutcome>& outcomes) {
  const int n = static_cast<int>(info.diagonal.size());
  SquareMatrix h(n);
  for (int i = 0; i < n; ++i) h.row(i)[i] = info.diagonal[i];
  for (std::size_t k = 0; k < outcomes.size(); ++k) {
    const int low = std::min(outcomes[k].a, outcomes[k].b), high = std::max(outcomes[k].a, outcomes[k].b);
    h.row(high)[low] -= info.pairing_weight[k];
  }
  return h;
}

// Rows first .. first + 3 of `m`; past its last row, rows of `spare` (4 × size), so that the end
// of the matrix needs no code of its own.
FourRows four_rows(SquareMatrix& m, int first, std::vector<double>& spare) {
  FourRows rows{};
  for (int r = 0; r < kFour; ++r) {
    rows[r] = first + r < m.size() ? m.row(first + r) : spare.data() + static_cast<std::size_t>(r) * m.size();
  }
  return rows;
}

// Row i of L from its entries before column `from` on: L_ij = (H_ij - Σ_{k<j} L_ik L_jk) / L_jj, and
// L_ii = √(H_ii - Σ_{k<i} L_ik²).
void finish_cholesky_row(SquareMatrix& h, int i, int from) {
  double* row_i = h.row(i);
  for (int j = from; j <= i; ++j) {
    const double* row_j = h.row(j);
    const double rest = row_i[j] - dot(row_i, row_j, j);
    if (j < i) {
      row_i[j] = rest / row_j[j];
    } else if (rest > 0) {
      row_i[i] = std::sqrt(rest);
    } else {
      // The prior makes H positive definite; only a broken invariant gets here.
      throw std::logic_error(fmt::format("rank_certainty: information not positive definite at player {}", i));
    }
  }
}

// H = L Lᵀ in place, row by row (Cholesky-Banachiewicz), four rows at a time: their columns
// before the four need only the rows above, each read once for the four.
void factor_cholesky(SquareMatrix& h) {
  std::vector<double> spare(static_cast<std::size_t>(kFour) * h.size(), 0.0);
  for (int first = 0; first < h.size(); first += kFour) {
    const FourRows rows = four_rows(h, first, spare);
    for (int j = 0; j < first; ++j) {
      const double* row_j = h.row(j);
      const auto sums = dot_four(row_j, rows, j);
      for (int r = 0; r < kFour; ++r) rows[r][j] = (rows[r][j] - sums[r]) / row_j[j];
    }
    for (int i = first; i < std::min(first + kFour, h.size()); ++i) finish_cholesky_row(h, i, first);
  }
}

// M = L⁻¹, lower triangular, row by row from L M = I: M_i = (e_i - Σ_{k<i} L_ik M_k) / L_ii, four
// rows at a time as in factor_cholesky.
SquareMatrix invert_lower(const SquareMatrix& l) {
  const int n = l.size();
  SquareMatrix m(n);
  std::vector<double> spare(static_cast<std::size_t>(kFour) * n, 0.0);
  for (int first = 0; first < n; first += kFour) {
    const FourRows rows = four_rows(m, first, spare);
    const int last = std::min(first + kFour, n);
    for (int i = first; i < last; ++i) m.row(i)[i] = 1.0;
    for (int k = 0; k < first; ++k) {
      std::array<double, kFour> factor{};
      for (int i = first; i < last; ++i) factor[i - first] = -l.row(i)[k];
      // Sparse fields leave zeros in L: skip them.
      if (factor != std::array<double, kFour>{}) add_scaled_to_four(factor, m.row(k), rows, k + 1);
    }
    for (int i = first; i < last; ++i) {
      const double* l_i = l.row(i);
      double* m_i = m.row(i);
      for (int k = first; k < i; ++k) add_scaled(-l_i[k], m.row(k), m_i, k + 1);
      for (int j = 0; j <= i; ++j) m_i[j] /= l_i[i];
    }
  }
  return m;
}

// Var(θᵢ - θ̄) from Σ = Mᵀ M: Σᵢᵢ - 2 (Σ1)ᵢ / n + 1ᵀΣ1 / n², where with w = M 1, Σ1 = Mᵀ w and
// 1ᵀΣ1 = |w|².
std::vector<double> centred_variances(const SquareMatrix& m) {
  const int n = m.size();
  std::vector<double> own(n, 0.0), with_all(n, 0.0);
  double total = 0;
  for (int k = 0; k < n; ++k) {
    const double* m_k = m.row(k);
    double w_k = 0;
    for (int i = 0; i <= k; ++i) w_k += m_k[i];
    total += w_k * w_k;
    for (int i = 0; i <= k; ++i) {
      own[i] += m_k[i] * m_k[i];
      with_all[i] += m_k[i] * w_k;
    }
  }
  std::vector<double> variances(n);
  for (int i = 0; i < n; ++i) variances[i] = std::max(0.0, own[i] - 2 * with_all[i] / n + total / n / n);
  return variances;
}

// Var(θa - θb) = |M (e_a - e_b)|²: the squared norm of column a minus column b of M.
double difference_variance(const SquareMatrix& m, int a, int b) {
  double sum = 0;
  for (int k = std::min(a, b); k < m.size(); ++k) {
    const double d = m.row(k)[a] - m.row(k)[b];
    sum += d * d;
  }
  return sum;
}

// ---- Step 3: the rank intervals ----------------------------------------------------------------

// Standard normal deviates by Marsaglia's polar method: a uniform point of the unit disc gives two.
class NormalDeviates {
 public:
  explicit NormalDeviates(std::uint64_t seed) : rng_(seed) {}

  double next() {
    if (has_spare_) {
      has_spare_ = false;
      return spare_;
    }
    double u = 0, v = 0, s = 0;
    do {
      u = 2 * rng_.unit() - 1;
      v = 2 * rng_.unit() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s == 0);
    const double factor = std::sqrt(-2 * std::log(s) / s);
    spare_ = v * factor;
    has_spare_ = true;
    return u * factor;
  }

 private:
  Rng rng_;
  double spare_ = 0;
  bool has_spare_ = false;
};

// Writes 1 + the number of players ahead into rank[player]; ties, of measure zero, go to the lower index.
void rank_draw(const double* strength, std::vector<int>& by_strength, int* rank, int draws) {
  std::iota(by_strength.begin(), by_strength.end(), 0);
  std::sort(by_strength.begin(), by_strength.end(),
            [strength](int a, int b) { return strength[a] > strength[b] || (strength[a] == strength[b] && a < b); });
  for (std::size_t place = 0; place < by_strength.size(); ++place) {
    rank[static_cast<std::size_t>(by_strength[place]) * draws] = static_cast<int>(place) + 1;
  }
}

// The rank of each player in each draw: ranks[player * draws + draw]. Draws go in fours, so that
// each row of M is read once for four draws; a last, incomplete four draws zeros for the rest.
std::vector<int> simulated_ranks(const std::vector<double>& estimate, const SquareMatrix& m, int draws,
                                 std::uint64_t seed) {
  const int n = m.size();
  NormalDeviates normal(derive_seed(seed, {kRankDrawStream}));
  std::vector<int> ranks(static_cast<std::size_t>(n) * draws), by_strength(n);
  std::vector<double> z(static_cast<std::size_t>(kFour) * n), theta(z.size());
  FourRows theta_rows{};
  for (int d = 0; d < kFour; ++d) theta_rows[d] = theta.data() + static_cast<std::size_t>(d) * n;
  for (int first = 0; first < draws; first += kFour) {
    const int count = std::min(kFour, draws - first);
    for (int d = 0; d < kFour; ++d) {
      for (int i = 0; i < n; ++i) z[d * n + i] = d < count ? normal.next() : 0.0;
      std::copy(estimate.begin(), estimate.end(), theta_rows[d]);
    }
    for (int k = 0; k < n; ++k) {  // θ += Mᵀ z: row k of M, scaled by z_k
      add_scaled_to_four({z[k], z[n + k], z[2 * n + k], z[3 * n + k]}, m.row(k), theta_rows, k + 1);
    }
    for (int d = 0; d < count; ++d) rank_draw(theta_rows[d], by_strength, &ranks[first + d], draws);
  }
  return ranks;
}

struct RankInterval {
  int best = 0;
  int worst = 0;
};

// The 2.5 % and 97.5 % quantiles of one player's ranks: as many draws lie below the first as above the second.
RankInterval rank_interval(std::vector<int>::iterator first, std::vector<int>::iterator last) {
  const auto tail = static_cast<std::ptrdiff_t>(kRankTail * static_cast<double>(last - first));
  std::nth_element(first, first + tail, last);
  const int best = first[tail];
  std::nth_element(first, last - 1 - tail, last);
  return {best, *(last - 1 - tail)};
}

}  // namespace

RankCertainty rank_certainty(int players, const std::vector<PairingOutcome>& outcomes, const std::vector<int>& order,
                             std::uint64_t seed) {
  check_inputs(players, outcomes, order);
  RankCertainty result;
  if (players == 0) return result;

  const auto strength = fit_strengths(players, outcomes);
  const SquareMatrix inverse_factor = [&] {
    auto factor = dense_lower_information(information_at(strength, outcomes), outcomes);
    factor_cholesky(factor);
    return invert_lower(factor);
  }();
  const auto variances = centred_variances(inverse_factor);
  const double mean = std::accumulate(strength.begin(), strength.end(), 0.0) / players;

  result.players.resize(players);
  for (int i = 0; i < players; ++i) {
    auto& p = result.players[i];
    p.rating = kEloPerStrength * (strength[i] - mean);
    p.standard_error = kEloPerStrength * std::sqrt(variances[i]);
    p.low = p.rating - kTwoSided95 * p.standard_error;
    p.high = p.rating + kTwoSided95 * p.standard_error;
  }

  if (outcomes.empty()) {  // nothing is known of the order: no rank is excluded
    for (auto& p : result.players) {
      p.best_rank = 1;
      p.worst_rank = players;
    }
  } else {
    auto ranks = simulated_ranks(strength, inverse_factor, kRankDraws, seed);
    for (int i = 0; i < players; ++i) {
      const auto first = ranks.begin() + static_cast<std::ptrdiff_t>(i) * kRankDraws;
      const auto interval = rank_interval(first, first + kRankDraws);
      result.players[i].best_rank = interval.best;
      result.players[i].worst_rank = interval.worst;
    }
  }

  for (std::size_t k = 0; k + 1 < order.size(); ++k) {
    const int a = order[k], b = order[k + 1];
    const double z = (strength[a] - strength[b]) / std::sqrt(difference_variance(inverse_factor, a, b));
    result.separation_z.push_back(z);
    result.separated.push_back(z > kOneSided95);
  }
  return result;
}

}  // namespace amazes::competition
