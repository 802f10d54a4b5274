// Student's t and the normal distribution against printed tables and closed forms.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "statistics/stats_t_distribution.hpp"

namespace amazes::competition::stats {
namespace AMAZES_FILE_NAMESPACE {

// Two-sided 95% (p = 0.975), 90% (0.95) and 99% (0.995) critical values as printed in the t
// table of the NIST/SEMATECH e-Handbook of Statistical Methods, 1.3.6.7.2 (3 decimals).
struct TableValue {
  double p;
  int df;
  double t;
};
constexpr TableValue kTable[] = {
    {0.975, 1, 12.706}, {0.975, 2, 4.303},  {0.975, 3, 3.182},  {0.975, 4, 2.776},  {0.975, 5, 2.571},
    {0.975, 6, 2.447},  {0.975, 7, 2.365},  {0.975, 8, 2.306},  {0.975, 9, 2.262},  {0.975, 10, 2.228},
    {0.975, 15, 2.131}, {0.975, 20, 2.086}, {0.975, 30, 2.042}, {0.975, 60, 2.000}, {0.975, 100, 1.984},
    {0.95, 1, 6.314},   {0.95, 4, 2.132},   {0.95, 10, 1.812},  {0.95, 30, 1.697},  {0.995, 1, 63.657},
    {0.995, 4, 4.604},  {0.995, 10, 3.169}, {0.995, 30, 2.750}, {0.9995, 4, 8.610}, {0.9995, 10, 4.587},
};

TEST(StudentT, QuantilesMatchTheTable) {
  for (const auto& row : kTable) {
    EXPECT_NEAR(student_t_quantile(row.p, row.df), row.t, 0.0006) << "p " << row.p << " df " << row.df;
    // Symmetry: the lower quantile is the negative of the upper one.
    EXPECT_NEAR(student_t_quantile(1.0 - row.p, row.df), -row.t, 0.0006) << "p " << 1 - row.p << " df " << row.df;
  }
}

TEST(StudentT, ClosedFormsForOneAndTwoDegreesOfFreedom) {
  // df = 1 is the Cauchy distribution: quantile tan(π(p - 1/2)); df = 2: (2p - 1) / √(2p(1 - p)).
  for (const double p : {0.6, 0.75, 0.9, 0.975, 0.999, 0.01, 0.3}) {
    EXPECT_NEAR(student_t_quantile(p, 1), std::tan(std::numbers::pi * (p - 0.5)), 1e-9) << p;
    EXPECT_NEAR(student_t_quantile(p, 2), (2 * p - 1) / std::sqrt(2 * p * (1 - p)), 1e-9) << p;
    EXPECT_NEAR(student_t_cdf(std::tan(std::numbers::pi * (p - 0.5)), 1), p, 1e-12) << p;
  }
  EXPECT_DOUBLE_EQ(student_t_quantile(0.5, 7), 0.0);
  EXPECT_DOUBLE_EQ(student_t_cdf(0.0, 7), 0.5);
}

TEST(StudentT, TendsToTheNormalDistribution) {
  EXPECT_NEAR(normal_quantile(0.975), 1.959964, 1e-6);
  EXPECT_NEAR(normal_quantile(0.95), 1.644854, 1e-6);
  EXPECT_NEAR(normal_quantile(0.025), -1.959964, 1e-6);
  EXPECT_NEAR(normal_cdf(1.959964), 0.975, 1e-6);
  EXPECT_NEAR(student_t_quantile(0.975, 1e6), normal_quantile(0.975), 1e-5);
  EXPECT_NEAR(student_t_quantile(0.975, 1000), 1.962, 0.0005);
  // The t quantile decreases towards the normal one as df grows.
  double previous = student_t_quantile(0.975, 1);
  for (const int df : {2, 3, 5, 10, 30, 100, 1000, 100000}) {
    const double t = student_t_quantile(0.975, df);
    EXPECT_LT(t, previous);
    EXPECT_GT(t, normal_quantile(0.975));
    previous = t;
  }
}

TEST(StudentT, CdfAndQuantileAreInverse) {
  for (const double df : {1.0, 2.5, 4.0, 17.0, 250.0}) {
    for (const double p : {0.001, 0.05, 0.3, 0.5, 0.8, 0.975, 0.9999}) {
      EXPECT_NEAR(student_t_cdf(student_t_quantile(p, df), df), p, 1e-10) << "df " << df << " p " << p;
    }
  }
}

TEST(IncompleteBeta, KnownValues) {
  // I_x(1, 1) = x; I_x(a, 1) = x^a; I_x(1, b) = 1 - (1 - x)^b; I_x(a, b) = 1 - I_(1-x)(b, a).
  for (const double x : {0.0, 0.1, 0.5, 0.9, 1.0}) {
    EXPECT_NEAR(regularized_incomplete_beta(x, 1, 1), x, 1e-14);
    EXPECT_NEAR(regularized_incomplete_beta(x, 3, 1), std::pow(x, 3), 1e-14);
    EXPECT_NEAR(regularized_incomplete_beta(x, 1, 4), 1 - std::pow(1 - x, 4), 1e-14);
    EXPECT_NEAR(regularized_incomplete_beta(x, 2.5, 7) + regularized_incomplete_beta(1 - x, 7, 2.5), 1.0, 1e-13);
  }
  EXPECT_THROW(regularized_incomplete_beta(0.5, 0, 1), std::invalid_argument);
  EXPECT_THROW(student_t_quantile(1.0, 3), std::invalid_argument);
  EXPECT_THROW(student_t_quantile(0.5, 0), std::invalid_argument);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::competition::stats
