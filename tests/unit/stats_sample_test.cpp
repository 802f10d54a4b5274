// Mean, standard deviation and t interval of a sample, against values worked out by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "amazes/competition/stats_sample.hpp"

namespace amazes::competition::stats {
namespace AMAZES_FILE_NAMESPACE {

TEST(SampleSummary, FivePairDifferencesByHand) {
  // d = 10, -20, 30, 40, 15.
  //   mean  = 75 / 5 = 15
  //   Σ (d - mean)² = 25 + 1225 + 225 + 625 + 0 = 2100
  //   sd    = √(2100 / 4) = √525 = 22.91288
  //   se    = sd / √5 = √105 = 10.24695
  //   t(0.975; 4) = 2.776445 (table: 2.776)
  //   CI    = 15 ∓ 2.776445 · 10.24695 = 15 ∓ 28.45010 = [-13.45010, 43.45010]
  const std::vector<double> d = {10, -20, 30, 40, 15};
  const auto s = summarize(d);
  EXPECT_EQ(s.n, 5);
  EXPECT_DOUBLE_EQ(s.mean, 15.0);
  ASSERT_TRUE(s.sd.has_value());
  EXPECT_NEAR(*s.sd, std::sqrt(525.0), 1e-12);
  EXPECT_NEAR(*s.sd, 22.91288, 1e-5);
  ASSERT_TRUE(s.t.has_value());
  EXPECT_NEAR(*s.t, 2.776, 0.0005);
  ASSERT_TRUE(s.ci.has_value());
  EXPECT_NEAR(s.ci->first, -13.45010, 1e-4);
  EXPECT_NEAR(s.ci->second, 43.45010, 1e-4);
}

TEST(SampleSummary, OtherLevelsAndOrderIndependence) {
  // 90%: t(0.95; 4) = 2.131847 → 15 ∓ 21.84469.
  const auto s90 = summarize(std::vector<double>{15, 40, 30, -20, 10}, 0.90);
  ASSERT_TRUE(s90.ci.has_value());
  EXPECT_NEAR(s90.ci->first, 15 - 2.131847 * std::sqrt(105.0), 1e-5);
  EXPECT_NEAR(s90.ci->second, 15 + 2.131847 * std::sqrt(105.0), 1e-5);
}

TEST(SampleSummary, SmallAndConstantSamples) {
  const auto empty = summarize(std::vector<double>{});
  EXPECT_EQ(empty.n, 0);
  EXPECT_FALSE(empty.sd.has_value());
  EXPECT_FALSE(empty.ci.has_value());

  const auto one = summarize(std::vector<double>{42});
  EXPECT_EQ(one.n, 1);
  EXPECT_DOUBLE_EQ(one.mean, 42.0);
  EXPECT_FALSE(one.sd.has_value());  // no spread from one value
  EXPECT_FALSE(one.ci.has_value());

  // Two values: t(0.975; 1) = 12.706, se = |a - b| / 2.
  const auto two = summarize(std::vector<double>{0, 10});
  ASSERT_TRUE(two.ci.has_value());
  EXPECT_NEAR(two.ci->second - two.mean, 12.7062 * 5.0, 1e-3);

  const auto same = summarize(std::vector<double>{7, 7, 7, 7});
  ASSERT_TRUE(same.ci.has_value());
  EXPECT_DOUBLE_EQ(*same.sd, 0.0);
  EXPECT_DOUBLE_EQ(same.ci->first, 7.0);
  EXPECT_DOUBLE_EQ(same.ci->second, 7.0);
}

TEST(RunningMoments, StableForLargeOffsets) {
  // Welford's update keeps the variance of values far from 0 exact where Σx² - n·mean² would not.
  RunningMoments m;
  for (const double x : {1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16}) m.add(x);
  EXPECT_DOUBLE_EQ(m.mean(), 1e9 + 10);
  ASSERT_TRUE(m.sample_variance().has_value());
  EXPECT_DOUBLE_EQ(*m.sample_variance(), 30.0);  // (36 + 9 + 9 + 36) / 3
  EXPECT_DOUBLE_EQ(m.population_variance(), 22.5);
  EXPECT_DOUBLE_EQ(m.squared_deviations(), 90.0);
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::competition::stats
