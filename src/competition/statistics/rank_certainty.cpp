// Bradley-Terry ratings with their uncertainty (include/amazes/competition/rank_certainty.hpp).
//
// Three steps, the linear algebra Eigen's:
//  1. Fit θ by Newton's method on the log-likelihood with the prior. Each step solves H δ = g by
//     conjugate gradients on the sparse information H (a pairing touches two players), so the fit
//     of a field of thousands costs little; a backtracking line search keeps every step uphill.
//  2. At the estimate, factor the dense information once, H = L Lᵀ (Cholesky), and invert the
//     factor, M = L⁻¹. Then the covariance is Σ = H⁻¹ = Mᵀ M: a variance is a squared column norm
//     of M, and θ = estimate + Mᵀ z with z standard normal is a draw from N(estimate, Σ).
//  3. Draw, rank, and take each player's rank quantiles.
// Steps 2 and 3 are dense, O(n³) and O(draws · n²): Eigen's blocked kernels (docs/performance.md
// has the figures).
//
// Reproducibility: the same inputs and seed give the same output. The normal deviates come from
// Rng alone, through comparisons, sqrt (exact in IEEE arithmetic) and log. Between C libraries or
// processors, exp, log, fused multiply-adds and Eigen's vector kernels may differ in the last
// bits; such a difference moves a rank of a draw only when two drawn strengths are within
// rounding of each other.
#include "amazes/competition/rank_certainty.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <map>
#include <numbers>
#include <numeric>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>
#include <Eigen/Dense>
#include <Eigen/IterativeLinearSolvers>
#include <Eigen/SparseCore>

#include "amazes/random.hpp"

namespace amazes::competition {
namespace {

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;
using SparseInformation = Eigen::SparseMatrix<double>;

constexpr double kEloPerStrength = 400.0 / std::numbers::ln10;
constexpr double kTwoSided95 = 1.959963984540054;  // the 97.5 % quantile of the standard normal
constexpr double kPriorShare = 0.5;                // the virtual pairing against strength 0 is drawn
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

// The pairings of one pair of players, a < b, taken together: the likelihood depends on them only
// through their number and a's wins, so a field whose pairs meet many times (a round robin of many
// rounds) costs the fit as if each met once.
struct PairRecord {
  int a = 0;
  int b = 0;
  double pairings = 0;
  double a_wins = 0;  // the sum of a's shares
};

std::vector<PairRecord> by_pair(const std::vector<PairingOutcome>& outcomes) {
  std::map<std::pair<int, int>, PairRecord> pairs;
  for (const auto& o : outcomes) {
    const bool in_order = o.a < o.b;
    auto& record = pairs[{std::min(o.a, o.b), std::max(o.a, o.b)}];
    record.a = std::min(o.a, o.b);
    record.b = std::max(o.a, o.b);
    record.pairings += 1;
    record.a_wins += in_order ? o.a_share : 1 - o.a_share;
  }
  std::vector<PairRecord> records;
  records.reserve(pairs.size());
  for (const auto& [key, record] : pairs) records.push_back(record);
  return records;
}

double logistic(double x) {
  if (x >= 0) return 1.0 / (1.0 + std::exp(-x));
  const double e = std::exp(x);
  return e / (1.0 + e);
}

// log σ(x), without overflow for large |x|.
double log_logistic(double x) { return x >= 0 ? -std::log1p(std::exp(-x)) : x - std::log1p(std::exp(x)); }

// ---- Step 1: the fit -------------------------------------------------------------------------

// ℓ(θ): the log-likelihood of the outcomes and of each player's virtual pairing against 0.
double log_likelihood(const VectorXd& strength, const std::vector<PairRecord>& pairs) {
  double sum = 0;
  for (const auto& p : pairs) {
    const double d = strength[p.a] - strength[p.b];
    sum += p.a_wins * log_logistic(d) + (p.pairings - p.a_wins) * log_logistic(-d);
  }
  for (const double s : strength) sum += kPriorShare * log_logistic(s) + (1 - kPriorShare) * log_logistic(-s);
  return sum;
}

// ∇ℓ: for each player, the wins it got minus the wins the model expects.
VectorXd score(const VectorXd& strength, const std::vector<PairRecord>& pairs) {
  VectorXd gradient = VectorXd::Zero(strength.size());
  for (const auto& p : pairs) {
    const double surprise = p.a_wins - p.pairings * logistic(strength[p.a] - strength[p.b]);
    gradient[p.a] += surprise;
    gradient[p.b] -= surprise;
  }
  for (Index i = 0; i < strength.size(); ++i) gradient[i] += kPriorShare - logistic(strength[i]);
  return gradient;
}

// The observed information H = -∇²ℓ, sparse: a pairing of weight w = p(1 - p) adds w to both
// players' diagonal entries and -w to the entries between them. The prior adds to every diagonal
// entry, which makes H positive definite.
SparseInformation information_at(const VectorXd& strength, const std::vector<PairRecord>& pairs) {
  std::vector<Eigen::Triplet<double>> entries;
  entries.reserve(static_cast<std::size_t>(strength.size()) + 4 * pairs.size());
  for (Index i = 0; i < strength.size(); ++i) {
    const double p = logistic(strength[i]);
    entries.emplace_back(i, i, p * (1 - p));
  }
  for (const auto& pair : pairs) {
    const double p = logistic(strength[pair.a] - strength[pair.b]);
    const double w = pair.pairings * p * (1 - p);
    entries.emplace_back(pair.a, pair.a, w);
    entries.emplace_back(pair.b, pair.b, w);
    entries.emplace_back(pair.a, pair.b, -w);
    entries.emplace_back(pair.b, pair.a, -w);
  }
  SparseInformation h(strength.size(), strength.size());
  h.setFromTriplets(entries.begin(), entries.end());  // sums the entries of a place
  return h;
}

// Solves H x = g by conjugate gradients, preconditioned by H's diagonal. H is positive definite,
// so even an early stop gives a direction in which ℓ increases: the line search copes.
VectorXd newton_direction(const SparseInformation& h, const VectorXd& gradient) {
  Eigen::ConjugateGradient<SparseInformation, Eigen::Lower | Eigen::Upper> solver;
  solver.setTolerance(kCgRelativeResidual);
  solver.setMaxIterations(2 * static_cast<Index>(gradient.size()) + 100);
  solver.compute(h);
  return solver.solve(gradient);
}

// Backtracking (Armijo's rule): the longest of the steps t·newton, t = 1, 1/2, 1/4, …, by which ℓ
// rises by a fair share of what the slope promises; false when even a tiny step does not.
bool take_uphill_step(VectorXd& strength, double& current, const VectorXd& newton, double slope,
                      const std::vector<PairRecord>& pairs) {
  for (double t = 1.0; t > 1e-10; t /= 2) {
    VectorXd trial = strength + t * newton;
    const double value = log_likelihood(trial, pairs);
    if (value >= current + 1e-4 * t * slope) {
      strength.swap(trial);
      current = value;
      return true;
    }
  }
  return false;
}

// The maximum of ℓ (concave, and strictly so thanks to the prior), in natural units.
VectorXd fit_strengths(int players, const std::vector<PairRecord>& pairs) {
  VectorXd strength = VectorXd::Zero(players);
  double current = log_likelihood(strength, pairs);
  double largest_before_full_step = std::numeric_limits<double>::infinity();
  for (int step = 0; step < kMaxNewtonSteps; ++step) {
    const VectorXd gradient = score(strength, pairs);
    const double largest = gradient.cwiseAbs().maxCoeff();
    if (largest < kScoreTolerance) break;
    const VectorXd newton = newton_direction(information_at(strength, pairs), gradient);
    const double slope = gradient.dot(newton);
    if (slope > kLikelihoodRounding * (1 + std::abs(current))) {
      if (!take_uphill_step(strength, current, newton, slope, pairs)) break;
      continue;
    }
    // Close to the maximum the gain a step promises, slope / 2, is lost in the rounding of ℓ, and
    // the line search can no longer judge a step. There Newton's full step is safe, and the
    // gradient tells when rounding is all that is left.
    if (largest >= largest_before_full_step) break;
    largest_before_full_step = largest;
    strength += newton;
    current = log_likelihood(strength, pairs);
  }
  return strength;
}

// ---- Step 2: the covariance --------------------------------------------------------------------

// Below this size a block of L is inverted by a triangular solve against the identity.
constexpr Index kSmallTriangle = 64;

// L⁻¹ in place, L lower triangular, by halves: [A 0; B C]⁻¹ = [A⁻¹ 0; -C⁻¹ B A⁻¹ C⁻¹]. A triangular
// solve against the whole identity would not know that the inverse is triangular too: three times
// the work.
void invert_lower_triangle(Eigen::Ref<MatrixXd> l) {
  const Index n = l.rows();
  if (n <= kSmallTriangle) {
    MatrixXd inverse = MatrixXd::Identity(n, n);
    l.triangularView<Eigen::Lower>().solveInPlace(inverse);
    l = inverse;
    return;
  }
  const Index half = n / 2;
  auto a = l.topLeftCorner(half, half);
  auto b = l.bottomLeftCorner(n - half, half);
  auto c = l.bottomRightCorner(n - half, n - half);
  invert_lower_triangle(a);
  MatrixXd c_inverse_b_a_inverse = b * a.triangularView<Eigen::Lower>();
  c.triangularView<Eigen::Lower>().solveInPlace(c_inverse_b_a_inverse);
  b = -c_inverse_b_a_inverse;
  invert_lower_triangle(c);
}

// M = L⁻¹ for H = L Lᵀ, lower triangular (its upper triangle 0).
MatrixXd inverse_cholesky_factor(const SparseInformation& h) {
  const Eigen::LLT<MatrixXd> cholesky(MatrixXd{h});
  // The prior makes H positive definite; only a broken invariant gets here.
  if (cholesky.info() != Eigen::Success) throw std::logic_error("rank_certainty: information not positive definite");
  MatrixXd m = cholesky.matrixL();
  invert_lower_triangle(m);
  return m;
}

// Var(θᵢ - θ̄) from Σ = Mᵀ M: Σᵢᵢ - 2 (Σ1)ᵢ / n + 1ᵀΣ1 / n², where with w = M 1, Σ1 = Mᵀ w and
// 1ᵀΣ1 = |w|².
VectorXd centred_variances(const MatrixXd& m) {
  const auto n = static_cast<double>(m.rows());
  const auto lower = m.triangularView<Eigen::Lower>();
  const VectorXd w = lower * VectorXd::Ones(m.rows());
  const VectorXd with_all = lower.transpose() * w;
  const VectorXd own = m.colwise().squaredNorm().transpose();
  return (own - (2 / n) * with_all + VectorXd::Constant(m.rows(), w.squaredNorm() / n / n)).cwiseMax(0.0);
}

// Var(θa - θb) = |M (e_a - e_b)|²: the squared norm of column a minus column b of M.
double difference_variance(const MatrixXd& m, int a, int b) { return (m.col(a) - m.col(b)).squaredNorm(); }

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

// Draws go in blocks of this many, so that the deviates and the drawn strengths of a block stay
// small (they would be megabytes for all draws at once, and a fresh allocation each time).
constexpr Index kDrawBlock = 32;

// The rank of each player in each draw: ranks[player * draws + draw]. A block of draws at once:
// Θ = estimate + Mᵀ Z, column d of Z the deviates of draw d in the order drawn.
std::vector<int> simulated_ranks(const VectorXd& estimate, const MatrixXd& m, int draws, std::uint64_t seed) {
  const Index n = m.rows();
  NormalDeviates normal(derive_seed(seed, {kRankDrawStream}));
  std::vector<int> ranks(static_cast<std::size_t>(n) * draws), by_strength(n);
  MatrixXd z(n, kDrawBlock), theta(n, kDrawBlock);
  for (Index first = 0; first < draws; first += kDrawBlock) {
    const Index count = std::min<Index>(kDrawBlock, draws - first);
    for (Index d = 0; d < count; ++d)
      for (Index i = 0; i < n; ++i) z(i, d) = normal.next();
    theta.leftCols(count).noalias() = m.triangularView<Eigen::Lower>().transpose() * z.leftCols(count);
    for (Index d = 0; d < count; ++d) {
      theta.col(d) += estimate;
      rank_draw(theta.col(d).data(), by_strength, &ranks[first + d], draws);
    }
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

// ---- Separation --------------------------------------------------------------------------------

// One-sided p of z: P(Z > z) for Z standard normal.
double upper_tail(double z) { return 0.5 * std::erfc(z / std::numbers::sqrt2); }

// Holm's step-down over the m neighbouring pairs at family level kSeparationFamilyError: the
// pair of the i-th smallest p (from 0) is separated when every smaller p passed and
// p ≤ level / (m - i). The chance that any "separated" of the table is wrong stays at most the
// level, whatever m and whichever pairs are truly apart (Holm 1979, Scand. J. Statist. 6).
std::vector<bool> holm_separated(const std::vector<double>& z) {
  const std::size_t m = z.size();
  std::vector<std::size_t> by_p(m);
  std::iota(by_p.begin(), by_p.end(), std::size_t{0});
  std::stable_sort(by_p.begin(), by_p.end(), [&z](std::size_t a, std::size_t b) { return z[a] > z[b]; });
  std::vector<bool> separated(m, false);
  for (std::size_t i = 0; i < m; ++i) {
    if (upper_tail(z[by_p[i]]) > kSeparationFamilyError / static_cast<double>(m - i)) break;
    separated[by_p[i]] = true;
  }
  return separated;
}

// The z whose upper tail is p, by bisection on upper_tail (monotone): 60 halvings of [0, 40].
double upper_quantile(double p) {
  double low = 0.0, high = 40.0;
  for (int step = 0; step < 60; ++step) {
    const double middle = (low + high) / 2;
    (upper_tail(middle) > p ? low : high) = middle;
  }
  return high;
}

// Pairings between a and b, d = θa − θb apart with Var(θa − θb) = v, that bring d / √v' to `z`:
// each adds p(1 − p) to the information of the difference, so 1/v' = 1/v + m p(1 − p).
double pairings_to_separate(double d, double v, double z) {
  if (!(d > 0)) return std::numeric_limits<double>::infinity();
  const double p = logistic(d);
  return std::ceil(std::max(0.0, (z * z / (d * d) - 1 / v) / (p * (1 - p))));
}

}  // namespace

namespace {

// `given`: the order to test neighbours in; nothing: the fitted ratings' own.
RankCertainty certainty_in_order(int players, const std::vector<PairingOutcome>& outcomes,
                                 const std::optional<std::vector<int>>& given, std::uint64_t seed) {
  RankCertainty result;
  if (players == 0) return result;

  const auto pairs = by_pair(outcomes);
  const VectorXd strength = fit_strengths(players, pairs);
  std::vector<int> order;
  if (given) {
    order = *given;
  } else {
    order.resize(static_cast<std::size_t>(players));
    std::iota(order.begin(), order.end(), 0);
    // Equal ratings (players with the same results) go by index: deterministic.
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return strength[a] > strength[b]; });
  }
  result.order = order;
  const MatrixXd inverse_factor = inverse_cholesky_factor(information_at(strength, pairs));
  const VectorXd variances = centred_variances(inverse_factor);
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
  }
  result.separated = holm_separated(result.separation_z);
  const double bound = upper_quantile(kSeparationFamilyError /
                                      static_cast<double>(std::max<std::size_t>(1, result.separation_z.size())));
  for (std::size_t k = 0; k < result.separation_z.size(); ++k) {
    const int a = order[k], b = order[k + 1];
    result.more_pairings.push_back(
        result.separated[k]
            ? 0.0
            : pairings_to_separate(strength[a] - strength[b], difference_variance(inverse_factor, a, b), bound));
  }
  return result;
}

}  // namespace

RankCertainty rank_certainty(int players, const std::vector<PairingOutcome>& outcomes, const std::vector<int>& order,
                             std::uint64_t seed) {
  check_inputs(players, outcomes, order);
  return certainty_in_order(players, outcomes, order, seed);
}

RankCertainty rank_certainty_by_rating(int players, const std::vector<PairingOutcome>& outcomes, std::uint64_t seed) {
  std::vector<int> identity(static_cast<std::size_t>(std::max(players, 0)));
  std::iota(identity.begin(), identity.end(), 0);
  check_inputs(players, outcomes, identity);
  return certainty_in_order(players, outcomes, std::nullopt, seed);
}

}  // namespace amazes::competition
