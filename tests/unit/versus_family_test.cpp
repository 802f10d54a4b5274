// The family-wise errors `amazes versus` states for several opponents, against simulated
// sequential tests with α ≠ β both ways round: a false `worse` compounds β over the opponents, a
// false `not worse` is α whatever their number.
#include <gtest/gtest.h>

#include <cmath>

#include <nlohmann/json.hpp>

#include "amazes/competition/stats_sprt.hpp"
#include "amazes/competition/versus_stats.hpp"
#include "amazes/random.hpp"
#include "amazes/report/versus_report.hpp"

namespace amazes::competition {
namespace AMAZES_FILE_NAMESPACE {

constexpr int kOpponents = 3;
constexpr int kFamilies = 1500;

double standard_normal(Rng& rng) {
  const double u1 = 1.0 - rng.unit();  // in (0, 1]
  const double u2 = rng.unit();
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * 3.14159265358979323846 * u2);
}

// One opponent's test on integer pair differences of mean `mean`, σ 80, as real ones are.
stats::SprtVerdict one_test(const stats::SprtSettings& settings, double mean, Rng& rng) {
  stats::SequentialTest test(settings);
  for (int pair = 0; pair < 100000 && !test.decided(); ++pair) test.add(std::round(mean + 80.0 * standard_normal(rng)));
  return test.verdict();
}

struct Simulated {
  double false_worse = 0;      // NEW as good as D1 against all: called worse than one
  double false_not_worse = 0;  // NEW at D0 against the first, at D1 against the others: not worse than all
};

Simulated simulate(const stats::SprtSettings& settings, std::uint64_t seed) {
  Rng rng(seed);
  Simulated simulated;
  for (int family = 0; family < kFamilies; ++family) {
    bool any_worse = false;
    for (int k = 0; k < kOpponents; ++k) any_worse |= one_test(settings, settings.d1, rng) == stats::SprtVerdict::H0;
    bool all_not_worse = true;
    for (int k = 0; k < kOpponents; ++k) {
      all_not_worse &= one_test(settings, k == 0 ? settings.d0 : settings.d1, rng) == stats::SprtVerdict::H1;
    }
    simulated.false_worse += any_worse ? 1.0 / kFamilies : 0.0;
    simulated.false_not_worse += all_not_worse ? 1.0 / kFamilies : 0.0;
  }
  return simulated;
}

// Wald's bounds are approximate: one test's simulated error is 0.4 to 1.5 times the one asked
// for (stats_sprt.cpp has the rates), so a stated error e must agree with the simulated one within
// [0.5 e, 1.6 e] widened by three standard errors of the simulation. The errors the judge stated
// before (α compounded for a false `worse`) miss that band by far in each case below.
void expect_agrees(double simulated, double stated, const char* what) {
  const double noise = 3.0 * std::sqrt(std::max(stated * (1 - stated), 0.01 * 0.99) / kFamilies);
  EXPECT_GE(simulated, 0.5 * stated - noise) << what << ": stated " << stated;
  EXPECT_LE(simulated, 1.6 * stated + noise) << what << ": stated " << stated;
}

// Simulates the settings' families of tests and checks both stated errors against them.
Simulated expect_stated_errors_hold(const stats::SprtSettings& settings, std::uint64_t seed) {
  const auto stated = family_errors(VersusRule{settings, 0.0}, kOpponents);
  const auto simulated = simulate(settings, seed);
  ::testing::Test::RecordProperty("false_worse", std::to_string(simulated.false_worse));
  ::testing::Test::RecordProperty("false_not_worse", std::to_string(simulated.false_not_worse));
  expect_agrees(simulated.false_worse, stated.false_worse, "false worse");
  expect_agrees(simulated.false_not_worse, stated.false_not_worse, "false not worse");
  return simulated;
}

TEST(VersusFamilyErrors, ASmallAlphaAndALargeBetaCompoundBetaForAFalseWorse) {
  const stats::SprtSettings settings{-20, 0, 0.01, 0.2};
  const auto stated = family_errors(VersusRule{settings, 0.0}, kOpponents);
  EXPECT_NEAR(stated.false_worse, 1 - std::pow(0.8, 3), 1e-12);
  EXPECT_DOUBLE_EQ(stated.false_not_worse, 0.01);
  const auto simulated = expect_stated_errors_hold(settings, 11);
  EXPECT_GT(simulated.false_worse, 0.2) << "the error compounded from alpha, 3 %, is far below";
}

TEST(VersusFamilyErrors, ALargeAlphaAndASmallBetaCompoundBetaForAFalseWorse) {
  const stats::SprtSettings settings{-20, 0, 0.2, 0.01};
  const auto stated = family_errors(VersusRule{settings, 0.0}, kOpponents);
  EXPECT_NEAR(stated.false_worse, 1 - std::pow(0.99, 3), 1e-12);
  EXPECT_DOUBLE_EQ(stated.false_not_worse, 0.2);
  ASSERT_TRUE(stated.beta_for_family.has_value());
  EXPECT_NEAR(*stated.beta_for_family, 1 - std::pow(0.99, 1.0 / 3), 1e-12);
  const auto simulated = expect_stated_errors_hold(settings, 12);
  EXPECT_LT(simulated.false_worse, 0.2) << "the error compounded from alpha, 49 %, is far above";
}

TEST(VersusFamilyErrors, NoFalseWorseWhenH0DoesNotMeanWorse) {
  const auto stated = family_errors(VersusRule{stats::SprtSettings{0, 20, 0.05, 0.05}, 0.0}, 5);
  EXPECT_DOUBLE_EQ(stated.false_worse, 0.0);
  EXPECT_FALSE(stated.beta_for_family.has_value());
  const auto without_test = family_errors(VersusRule{std::nullopt, 0.0}, 2);
  EXPECT_NEAR(without_test.false_worse, 1 - 0.975 * 0.975, 1e-12);
  EXPECT_DOUBLE_EQ(without_test.false_not_worse, 0.025);
}

// The report names the error that compounds and the option that bounds it.
TEST(VersusFamilyErrors, TheReportNamesBetaAndAdvisesTheBetaOption) {
  report::VersusReport versus;
  versus.new_player = "new";
  versus.rule = VersusRule{stats::SprtSettings{-20, 0, 0.2, 0.01}, 0.0};
  versus.opponents.resize(3);
  for (int k = 0; k < 3; ++k) versus.opponents[k].name = "old" + std::to_string(k);
  const auto text = report::versus_text(versus);
  EXPECT_NE(text.find("probability up to 3.0 % (1 - (1 - 0.01)^3, beta, the error of each test at D1)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("--beta 0.0033 keeps it at 1 %"), std::string::npos) << text;
  EXPECT_NE(text.find("called not worse than all with probability up to 20 % (alpha"), std::string::npos) << text;
  EXPECT_EQ(text.find("--alpha"), std::string::npos) << text;
  const auto json = nlohmann::json::parse(report::versus_json(versus));
  EXPECT_DOUBLE_EQ(json["family_wise_error"].get<double>(), 0.0297);
  EXPECT_DOUBLE_EQ(json["family_wise_error_not_worse"].get<double>(), 0.2);
  // Without a sequential test, at the default margin 0: "at least 0", never "-0".
  versus.rule = VersusRule{std::nullopt, 0.0};
  const auto interval = report::versus_text(versus);
  EXPECT_NE(interval.find("(a mean difference of at least 0 against each)"), std::string::npos) << interval;
  EXPECT_EQ(interval.find("-0 against"), std::string::npos) << interval;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::competition
