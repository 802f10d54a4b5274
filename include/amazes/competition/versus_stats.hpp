#pragma once
// The statistics of `amazes versus` for one opponent, from the rows of the results store:
// what each side scored, the paired differences with their confidence interval or sequential
// test, pairs won/drawn/lost, faults, and the verdict the exit status is made of.
//
// A pair is the two colour-swapped games of pair number p (the row's `round`): NEW red against
// OLD blue, and OLD red against NEW blue, on the same maze from the same starts. Its difference is
//   d_p = (NEW's score − OLD's score in the first game) + (NEW's score − OLD's score in the second),
// with the score of docs/rules.md §11 (0 for a faulted game, else the points clamped to 0..1000),
// the quantity CodeCup ranked by. Points (before the fault and clamp rules) are reported as means
// only. Pairs are counted in pair order, without gaps: pair p counts once pairs 1..p are all
// complete, so the statistics, and a sequential test's decision, depend only on the games of a
// prefix of the schedule, never on which game happened to finish first.
#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/competition/match_row.hpp"
#include "amazes/competition/stats_sample.hpp"
#include "amazes/competition/stats_sprt.hpp"
#include "amazes/game.hpp"

namespace amazes::competition {

// How an opponent's comparison is decided. The question is the one of the exit status: is NEW
// worse than this opponent? "worse" needs evidence that NEW is worse, "not worse" evidence that
// it is not (by more than the tolerance the user chose), anything else is "undecided".
//  - With a sequential test of H0: mean <= D0 against H1: mean >= D1:
//      H1 accepted                  -> "not worse" (NEW's mean difference is at least D1; with
//                                      D1 < 0 that allows NEW to be worse by up to |D1|)
//      H0 accepted and D0 < 0       -> "worse" (the mean difference is at most D0 < 0)
//      H0 accepted and D0 >= 0      -> "undecided": NEW is not better by D1, which says nothing
//                                      about being worse (an unchanged bot ends here with
//                                      --sprt 0 20, and must not be called worse)
//      no decision                  -> "undecided"
//  - Without: with n >= 2 pairs and the 95% interval [lo, hi] of the mean difference,
//      lo > -margin -> "not worse", hi < -margin -> "worse", otherwise (and n < 2) "undecided".
//    With the default margin 0, "not worse" needs NEW to be measurably better.
struct VersusRule {
  std::optional<stats::SprtSettings> sprt;
  double margin = 0.0;  // >= 0, in points per pair; used without a sequential test
};

// The errors of the verdicts over k opponents (config/versus.md, "Several opponents"). Each
// opponent's comparison errs on its own games, so the k comparisons err independently.
//  - A false `worse`: a NEW as good as every opponent (its mean difference at least D1 against
//    each, with a sequential test; at least −margin without) is called worse than one of them.
//    One comparison does so with probability e: β of its sequential test (H0 accepted at a mean
//    of D1, and less often above it), 0 when D0 >= 0 (H0 then never means worse), or 2.5 % without
//    a test (the one-sided error of a 95 % interval). Any of k may: 1 − (1 − e)^k.
//  - A false `not worse`: a NEW worse than one opponent (a mean difference of at most D0 against
//    it) is called not worse than all: that one comparison must err, with probability at most α
//    (2.5 % without a test), whatever k: no correction is needed.
struct FamilyErrors {
  double false_worse_per_test = 0.0;
  double false_worse = 0.0;      // over the k opponents
  double false_not_worse = 0.0;  // over the k opponents: the per-test error itself
  // The per-test error that keeps the false `worse` at the per-test one asked for (Šidák:
  // 1 − (1 − e)^(1/k)), as a value of `--beta`; nothing without a sequential test or with D0 >= 0.
  std::optional<double> beta_for_family;
};
FamilyErrors family_errors(const VersusRule& rule, int opponents);

enum class VersusVerdict { NotWorse, Worse, Undecided };
std::string_view versus_verdict_name(VersusVerdict verdict);  // "not_worse", "worse", "undecided"

using FaultCounts = std::array<int, kAllFaultKinds.size()>;  // games faulted, by FaultKind

struct SprtReport {
  stats::SprtSettings settings;
  stats::SprtBounds bounds;
  double llr = 0.0;  // at the decision, or after the last pair counted
  stats::SprtVerdict verdict = stats::SprtVerdict::Continue;
};

struct OpponentReport {
  std::string name;
  int pairs = 0;          // pairs counted
  double new_mean = 0.0;  // NEW's mean score per game over the counted pairs' games
  double old_mean = 0.0;
  double new_points_mean = 0.0;  // mean points per game
  double old_points_mean = 0.0;
  stats::SampleSummary diff;  // of the pair differences d_p
  int wins = 0;               // pairs with d_p > 0
  int draws = 0;              // d_p = 0
  int losses = 0;             // d_p < 0
  FaultCounts new_faults{};
  FaultCounts old_faults{};
  std::optional<SprtReport> sprt;
  VersusVerdict verdict = VersusVerdict::Undecided;
};

// Counts the games of NEW against one opponent as they arrive, in any order.
class OpponentTally {
 public:
  // `max_pairs`: only pairs 1..max_pairs are counted. Throws std::invalid_argument for bad
  // sequential-test settings or a negative margin.
  OpponentTally(std::string new_player, std::string opponent, int max_pairs, const VersusRule& rule);

  // Takes one game between NEW and this opponent (either colour); returns how many pairs this
  // completed and counted (0 when the game belongs to a pair beyond max_pairs, or its pair is
  // still incomplete, or an earlier pair is, or the test is decided). Throws
  // std::invalid_argument for a game of other players, a pair number below 1 or the same game
  // twice.
  int add(const MatchRow& row);

  // The sequential test has decided: no more pairs are counted.
  bool decided() const { return test_ && test_->decided(); }
  // Nothing more to count: decided, or all max_pairs pairs counted.
  bool finished() const { return decided() || counted_ == max_pairs_; }
  int counted_pairs() const { return counted_; }
  const std::string& opponent() const { return opponent_; }

  OpponentReport report() const;

 private:
  struct Game {
    int new_score = 0;
    int old_score = 0;
    int new_points = 0;
    int old_points = 0;
    std::optional<FaultKind> new_fault;
    std::optional<FaultKind> old_fault;
  };
  void count_pair(const std::array<std::optional<Game>, 2>& games);

  std::string new_player_;
  std::string opponent_;
  int max_pairs_;
  VersusRule rule_;
  // Games of pairs not counted yet, by pair: [0] NEW red, [1] NEW blue.
  std::map<int, std::array<std::optional<Game>, 2>> waiting_;
  int counted_ = 0;
  stats::RunningMoments differences_;
  std::optional<stats::SequentialTest> test_;
  long long new_score_sum_ = 0;
  long long old_score_sum_ = 0;
  long long new_points_sum_ = 0;
  long long old_points_sum_ = 0;
  int wins_ = 0;
  int draws_ = 0;
  int losses_ = 0;
  FaultCounts new_faults_{};
  FaultCounts old_faults_{};
};

// The tallies of NEW against each of several opponents, in their order.
class VersusTallies {
 public:
  VersusTallies(const std::string& new_player, const std::vector<std::string>& opponents, int max_pairs,
                const VersusRule& rule);
  // The tally of the opponent in a game of NEW's; nothing for a game of other players.
  OpponentTally* tally_for(const MatchRow& row);
  std::size_t size() const { return tallies_.size(); }
  const OpponentTally& operator[](std::size_t k) const { return tallies_[k]; }
  std::vector<OpponentReport> reports() const;

 private:
  std::string new_player_;
  std::vector<OpponentTally> tallies_;
  std::map<std::string, std::size_t> index_;  // by opponent name
};

// The verdict against all opponents: worse when NEW is worse than any, not worse when it is not
// worse than every one, undecided otherwise (and for no opponents).
VersusVerdict overall_verdict(const std::vector<OpponentReport>& opponents);

}  // namespace amazes::competition
