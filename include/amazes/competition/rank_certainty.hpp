#pragma once
// How sure each rank of a competition's standings is: a Bradley-Terry rating per player with its
// 95 % interval, the 95 % interval of each player's rank, and which neighbours of the standings
// are told apart. Pure: no I/O, no clocks, no threads.
//
// The model. Player i has a strength θᵢ and wins a pairing against j with probability
// 1 / (1 + e^(θⱼ - θᵢ)); a drawn pairing counts as half a win for each side. θ is fitted by maximum
// likelihood (Newton's method). A weak prior keeps every estimate finite, even for a player who
// won or lost everything, and anchors the scale: each player gets one virtual drawn pairing
// against a fixed reference of strength 0: one pairing's worth of evidence, which pulls a player of
// few games towards the middle and fades as games add up. Ratings are reported on the Elo scale,
// 400·log10(e^θᵢ), shifted so that the players' mean is 0.
//
// The uncertainty. The covariance of θ is the inverse of the observed information (minus the
// Hessian of the log-likelihood with the prior) at the estimate. A rating's interval is its
// estimate ± 1.96 standard errors of θᵢ - mean(θ), the quantity reported: centring removes the
// shared uncertainty of the common level, which only the weak prior pins down and which moves
// no rank. Rank intervals come from kRankDraws draws of θ from the normal approximation
// N(estimate, covariance): each draw ranks the players, and a player's interval runs from the
// 2.5 % to the 97.5 % quantile of its ranks. With no outcomes at all nothing is known, so every
// rank interval is the whole field, 1..n.
//
// Each rank interval holds its own player's rank at 95 %: per player, not for all players at
// once (of 60 players, about 3 may lie outside theirs).
//
// Separation. The one-sided z of the difference of order[k] and order[k+1],
// (θ_a - θ_b) / √Var(θ_a - θ_b) with the variance from the covariance, one-sided because the
// standings already say which way to look. The n - 1 neighbouring pairs are tested together by
// Holm's step-down at 5 %: the chance that any pair called separated is in the wrong order is at
// most 5 % for the whole table, not per pair (each pair alone at 95 % called 1 in 3 wrongly on a
// tight field).
//
// Reproducible: the draws use the project's Rng and normal deviates of our own (Marsaglia's
// polar method: uniform bits, sqrt and log only), never <random>'s distributions
// (rank_certainty.cpp says what may still differ between machines).
#include <cstdint>
#include <vector>

namespace amazes::competition {

// One pairing's outcome between players a and b (indices into the player list): a_share is 1 when a
// won the pairing, 0.5 when it was drawn, 0 when b won. (A pairing is the two colour-swapped games of two
// players in one round; the caller compares the points each got over them.) Any share in [0, 1] is
// taken as that fraction of a win.
struct PairingOutcome {
  int a = 0;
  int b = 0;
  double a_share = 0.5;
};

struct PlayerCertainty {
  double rating = 0;  // Elo scale: 400*log10 of the Bradley-Terry strength, the players' mean is 0
  double low = 0;     // 95 % interval of the rating
  double high = 0;
  int best_rank = 0;  // 95 % interval of the player's rank (1 = best) among all players
  int worst_rank = 0;
  double standard_error = 0;  // of the rating, in Elo
};

struct RankCertainty {
  std::vector<PlayerCertainty> players;  // by player index
  std::vector<int> order;                // the order the neighbours below are of, best first
  // For the ranking order given to rank_certainty: separated[k] is true when order[k] is better
  // than order[k+1], all such claims of the table holding together at 95 % (Holm, above). Size
  // order.size()-1 (none without players).
  std::vector<bool> separated;
  std::vector<double> separation_z;  // the z of each adjacent pair of `order`, same size
  // For each adjacent pair not separated: about how many more pairings between the two would
  // separate them if their ratings stayed as fitted (the information each pairing adds at their
  // fitted difference, until the z reaches the Holm bound of the table's first test, the
  // strictest: so "at most"); 0 for a separated pair, and infinity when the ratings put the pair
  // the other way or level (more games may reverse the standings' order). Same size.
  std::vector<double> more_pairings;
};

// The family error of `separated`: every "ahead of the next" of a table holds at once with
// probability at least 1 - this.
inline constexpr double kSeparationFamilyError = 0.05;

// The draws of the normal approximation behind the rank intervals: the 2.5 % and 97.5 % quantiles
// are then the 26th smallest and the 26th largest rank of a player.
inline constexpr int kRankDraws = 1000;

// `order`: the standings' order (best first), a permutation of 0..players-1.
// `seed`: for the simulation of rank intervals (deterministic: same inputs, same output, any machine).
// Throws std::invalid_argument when players < 0, an outcome names a player outside 0..players-1 or
// the same player twice or has a share outside [0, 1], or `order` is not a permutation.
RankCertainty rank_certainty(int players, const std::vector<PairingOutcome>& outcomes, const std::vector<int>& order,
                             std::uint64_t seed);
// The same in the order of the fitted ratings, best first (equal ratings by index): the order an
// adaptive final ranks by.
RankCertainty rank_certainty_by_rating(int players, const std::vector<PairingOutcome>& outcomes, std::uint64_t seed);

}  // namespace amazes::competition
