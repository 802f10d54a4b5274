// Wald's sequential probability ratio test on normal data with the variance estimated from
// the sample: the "normalized" SPRT of the chess engine testing frameworks, on game pairs.
//
// Observations x1, x2, … are the pair differences (NEW's score minus OLD's, summed over the two
// colour-swapped games of a pair). Model: independent N(μ, σ²), σ unknown. H0: μ = d0 against
// H1: μ = d1 (d0 < d1); by the monotone likelihood ratio the test also serves H0: μ <= d0
// against H1: μ >= d1.
//
// Log-likelihood ratio. With σ known the ratio of n observations of mean x̄ is exactly
//   Σ [(xᵢ - d0)² - (xᵢ - d1)²] / (2σ²) = n (d1 - d0)(2x̄ - d0 - d1) / (2σ²).       (1)
// σ is not known and is estimated from the sample. Fishtest (server/fishtest/stats/LLRcalc.py,
// LLR_alt2; M. Van den Bergh, "A GSPRT approximation",
// http://hardy.uhasselt.be/Fishtest/GSPRT_approximation.pdf) and fastchess use (1) with the
// maximum-likelihood variance Σ (xᵢ - x̄)² / n of the game-pair results: the quadratic
// approximation of the generalized likelihood ratio (GSPRT). In chess a test runs for thousands of
// pairs and the estimate is exact for practical purposes. Here a bot change can be worth several
// standard deviations and a test may end after a handful of pairs, where the plug-in is biased:
// 1/σ̂² overestimates 1/σ² (E[n/Σ(xᵢ - x̄)²] = n / ((n - 3) σ²) for normal data, since
// Σ(xᵢ - x̄)²/σ² is χ² with n - 1 degrees of freedom and E[1/χ²_k] = 1/(k - 2)), so early
// ratios are too large and the test stops too often on noise. This test therefore plugs into (1)
// the unbiased estimate of 1/σ², (n - 3) / Σ (xᵢ - x̄)², i.e. v = Σ (xᵢ - x̄)² / (n - 3), which
// makes the ratio an unbiased estimate of (1) at every n (defined from n = 4).
// The exact generalized likelihood ratio (n/2) ln(r0/r1), r_j = Σ (xᵢ - d_j)² / n (fishtest's
// LLR_alt), is well calibrated too, but when the true mean lies far beyond d1 both hypotheses fit
// about equally badly and it grows slowly: a bot that is 5 standard deviations better would need
// many more pairs than (1) needs.
// Simulated on normal data with α = β = 0.05, d0 = 0, d1 = 20 (6,000 runs per cell, so a rate is
// ±0.006 at two standard errors); "far": mean pairs to the decision when μ = 500, σ = 100:
//                                δ/σ = 0.2         δ/σ = 0.5         δ/σ = 1.0        far
//   (1), v = Σ/n,     from n = 2  α' .181 β' .188   α' .204 β' .207   α' .145 β' .149    2.5
//   (1), v = Σ/n,     from n = 8  α' .069 β' .071   α' .080 β' .074   α' .027 β' .029    8.0
//   ln(r0/r1),        from n = 8  α' .043 β' .050   α' .050 β' .055   α' .015 β' .014   75.4
//   (1), v = Σ/(n-3), from n = 8  α' .058 β' .061   α' .046 β' .047   α' .020 β' .019    8.1
// (δ = d1 - d0, σ the true standard deviation of a pair difference; α' the rate of accepting H1
// when μ = d0, β' of accepting H0 when μ = d1). With α ≠ β (d0 = -20, d1 = 0, σ = 80, integer
// differences, 4,500 runs): α .01 β .2 gives α' .015 β' .184; α .2 β .01 gives α' .203 β' .015:
// from 0.4 to 1.5 times the error asked for in all. Hence: (1) with v = Σ (xᵢ - x̄)² / (n - 3), no
// decision before kSprtMinPairs = 8 pairs; tests/unit/stats_sprt_test.cpp checks the rates.
//
// Stopping (Wald 1945, "Sequential tests of statistical hypotheses", Ann. Math. Statist. 16):
// after each pair, accept H1 when LLR >= ln((1 - β) / α), accept H0 when LLR <= ln(β / (1 - α)),
// otherwise continue. For α = β = 0.05 the bounds are ±2.944.
//
// Degenerate data: when every difference is equal, Σ (xᵢ - x̄)² = 0. v is floored at
// kSprtVarianceFloor = 1/12 (the rounding variance of integer data), which decides such a test
// at kSprtMinPairs with a finite, printable ratio (identical deterministic bots: every
// difference 0, so H0 for 0 <= d0 < d1, H1 for d0 < d1 <= 0, and no decision when d0 < 0 < d1
// with 0 halfway, where the ratio stays 0).
#include "amazes/competition/stats_sprt.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace amazes::competition::stats {

std::optional<std::string> sprt_settings_problem(const SprtSettings& s) {
  if (!std::isfinite(s.d0) || !std::isfinite(s.d1)) return "D0 and D1 must be numbers";
  if (!(s.d0 < s.d1)) return fmt::format("D0 must be less than D1 (got D0 = {}, D1 = {})", s.d0, s.d1);
  if (!(s.alpha > 0.0 && s.alpha < 1.0)) return fmt::format("alpha must be between 0 and 1, not {}", s.alpha);
  if (!(s.beta > 0.0 && s.beta < 1.0)) return fmt::format("beta must be between 0 and 1, not {}", s.beta);
  if (!(s.alpha + s.beta < 1.0)) return fmt::format("alpha + beta must be less than 1 (got {} + {})", s.alpha, s.beta);
  return std::nullopt;
}

SprtBounds sprt_bounds(const SprtSettings& s) {
  return {std::log(s.beta / (1.0 - s.alpha)), std::log((1.0 - s.beta) / s.alpha)};
}

double sprt_llr(int n, double mean, double squared_deviations, double d0, double d1) {
  if (n < 4) return 0.0;
  const double variance = std::max(squared_deviations / (n - 3), kSprtVarianceFloor);
  return n * (d1 - d0) * (2.0 * mean - d0 - d1) / (2.0 * variance);
}

std::string_view sprt_verdict_name(SprtVerdict verdict) {
  switch (verdict) {
    case SprtVerdict::H0: return "H0";
    case SprtVerdict::H1: return "H1";
    case SprtVerdict::Continue: break;
  }
  return "continue";
}

SequentialTest::SequentialTest(const SprtSettings& settings) : settings_(settings) {
  if (const auto problem = sprt_settings_problem(settings)) throw std::invalid_argument("SPRT: " + *problem);
  bounds_ = sprt_bounds(settings);
}

SprtVerdict SequentialTest::add(double x) {
  if (decided()) return verdict_;
  moments_.add(x);
  llr_ = sprt_llr(moments_.count(), moments_.mean(), moments_.squared_deviations(), settings_.d0, settings_.d1);
  if (moments_.count() >= kSprtMinPairs) {
    if (llr_ >= bounds_.upper) {
      verdict_ = SprtVerdict::H1;
    } else if (llr_ <= bounds_.lower) {
      verdict_ = SprtVerdict::H0;
    }
  }
  return verdict_;
}

}  // namespace amazes::competition::stats
