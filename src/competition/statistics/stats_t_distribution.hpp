#pragma once
// Student's t and the normal distribution: distribution functions and quantiles, for the
// confidence intervals of `amazes versus`. Computed, not tabulated: the t distribution
// function through the regularized incomplete beta function, quantiles by bisection.
namespace amazes::competition::stats {

// I_x(a, b), the regularized incomplete beta function, for a, b > 0 and 0 <= x <= 1.
double regularized_incomplete_beta(double x, double a, double b);

// P(T <= t) for Student's t with `df` > 0 degrees of freedom.
double student_t_cdf(double t, double df);
// The p-quantile of Student's t (0 < p < 1): the t with student_t_cdf(t, df) = p.
// E.g. student_t_quantile(0.975, 4) = 2.776..., the factor of a two-sided 95% interval
// from 5 observations.
double student_t_quantile(double p, double df);

// P(Z <= z) and the p-quantile of the standard normal distribution.
double normal_cdf(double z);
double normal_quantile(double p);

}  // namespace amazes::competition::stats
