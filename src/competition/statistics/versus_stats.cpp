// Per-opponent statistics of a versus run over a prefix of complete pairs.
#include "amazes/competition/versus_stats.hpp"

#include <cmath>

#include <stdexcept>

#include <fmt/format.h>

namespace amazes::competition {
namespace {

std::size_t fault_index(FaultKind kind) { return static_cast<std::size_t>(kind); }

VersusVerdict verdict_without_test(const stats::SampleSummary& diff, double margin) {
  if (!diff.ci) return VersusVerdict::Undecided;
  if (diff.ci->first > -margin) return VersusVerdict::NotWorse;
  if (diff.ci->second < -margin) return VersusVerdict::Worse;
  return VersusVerdict::Undecided;
}

}  // namespace

std::string_view versus_verdict_name(VersusVerdict verdict) {
  switch (verdict) {
    case VersusVerdict::NotWorse: return "not_worse";
    case VersusVerdict::Worse: return "worse";
    case VersusVerdict::Undecided: break;
  }
  return "undecided";
}

OpponentTally::OpponentTally(std::string new_player, std::string opponent, int max_pairs, const VersusRule& rule)
    : new_player_(std::move(new_player)),
      opponent_(std::move(opponent)),
      max_pairs_(std::max(max_pairs, 0)),
      rule_(rule) {
  if (!(rule.margin >= 0.0)) throw std::invalid_argument("the margin must not be negative");
  if (rule.sprt) test_.emplace(*rule.sprt);
}

int OpponentTally::add(const MatchRow& row) {
  const auto& red = row.side[0];
  const auto& blue = row.side[1];
  int slot = 0;
  if (red.player == new_player_ && blue.player == opponent_) {
    slot = 0;
  } else if (red.player == opponent_ && blue.player == new_player_) {
    slot = 1;
  } else {
    throw std::invalid_argument(fmt::format("game {} ({} - {}) is not between {} and {}", row.id, red.player,
                                            blue.player, new_player_, opponent_));
  }
  if (row.round < 1) throw std::invalid_argument(fmt::format("game {} has pair number {}", row.id, row.round));
  if (row.round > max_pairs_) return 0;
  // A counted pair had both its games already.
  if (row.round <= counted_) throw std::invalid_argument(fmt::format("game {} counted twice", row.id));
  auto& game = waiting_[row.round][static_cast<std::size_t>(slot)];
  if (game) throw std::invalid_argument(fmt::format("game {} counted twice", row.id));
  const auto& mine = row.side[static_cast<std::size_t>(slot)];
  const auto& theirs = row.side[static_cast<std::size_t>(1 - slot)];
  game = Game{mine.score, theirs.score, mine.points, theirs.points, mine.fault, theirs.fault};

  // Count what is now a complete prefix.
  int counted = 0;
  while (!finished()) {
    const auto next = waiting_.find(counted_ + 1);
    if (next == waiting_.end() || !next->second[0] || !next->second[1]) break;
    count_pair(next->second);
    waiting_.erase(next);
    ++counted;
  }
  return counted;
}

void OpponentTally::count_pair(const std::array<std::optional<Game>, 2>& games) {
  int difference = 0;
  for (const auto& game : games) {
    difference += game->new_score - game->old_score;
    new_score_sum_ += game->new_score;
    old_score_sum_ += game->old_score;
    new_points_sum_ += game->new_points;
    old_points_sum_ += game->old_points;
    if (game->new_fault) ++new_faults_[fault_index(*game->new_fault)];
    if (game->old_fault) ++old_faults_[fault_index(*game->old_fault)];
  }
  (difference > 0 ? wins_ : difference < 0 ? losses_ : draws_) += 1;
  differences_.add(difference);
  if (test_) test_->add(difference);
  ++counted_;
}

OpponentReport OpponentTally::report() const {
  OpponentReport report;
  report.name = opponent_;
  report.pairs = counted_;
  if (counted_ > 0) {
    const double games = 2.0 * counted_;
    report.new_mean = static_cast<double>(new_score_sum_) / games;
    report.old_mean = static_cast<double>(old_score_sum_) / games;
    report.new_points_mean = static_cast<double>(new_points_sum_) / games;
    report.old_points_mean = static_cast<double>(old_points_sum_) / games;
  }
  report.diff = stats::summarize(differences_);
  report.wins = wins_;
  report.draws = draws_;
  report.losses = losses_;
  report.new_faults = new_faults_;
  report.old_faults = old_faults_;
  if (test_) {
    report.sprt = SprtReport{test_->settings(), test_->bounds(), test_->llr(), test_->verdict()};
    switch (test_->verdict()) {
      case stats::SprtVerdict::H1: report.verdict = VersusVerdict::NotWorse; break;
      case stats::SprtVerdict::H0:
        // Only a bound below 0 makes "at most D0" mean worse.
        report.verdict = test_->settings().d0 < 0.0 ? VersusVerdict::Worse : VersusVerdict::Undecided;
        break;
      case stats::SprtVerdict::Continue: report.verdict = VersusVerdict::Undecided; break;
    }
  } else {
    report.verdict = verdict_without_test(report.diff, rule_.margin);
  }
  return report;
}

namespace {
constexpr double kIntervalOneSidedError = 0.025;  // of a 95 % interval

double sidak_per_test(double family, int opponents) {
  return 1.0 - std::pow(1.0 - family, 1.0 / std::max(opponents, 1));
}
}  // namespace

FamilyErrors family_errors(const VersusRule& rule, int opponents) {
  FamilyErrors errors;
  const int k = std::max(opponents, 0);
  if (!rule.sprt) {
    errors.false_worse_per_test = kIntervalOneSidedError;
    errors.false_not_worse = kIntervalOneSidedError;
  } else {
    errors.false_worse_per_test = rule.sprt->d0 < 0.0 ? rule.sprt->beta : 0.0;
    errors.false_not_worse = rule.sprt->alpha;
    if (rule.sprt->d0 < 0.0) errors.beta_for_family = sidak_per_test(rule.sprt->beta, k);
  }
  errors.false_worse = 1.0 - std::pow(1.0 - errors.false_worse_per_test, k);
  return errors;
}

VersusVerdict overall_verdict(const std::vector<OpponentReport>& opponents) {
  if (opponents.empty()) return VersusVerdict::Undecided;
  bool all_not_worse = true;
  for (const auto& opponent : opponents) {
    if (opponent.verdict == VersusVerdict::Worse) return VersusVerdict::Worse;
    all_not_worse = all_not_worse && opponent.verdict == VersusVerdict::NotWorse;
  }
  return all_not_worse ? VersusVerdict::NotWorse : VersusVerdict::Undecided;
}

VersusTallies::VersusTallies(const std::string& new_player, const std::vector<std::string>& opponents, int max_pairs,
                             const VersusRule& rule)
    : new_player_(new_player) {
  tallies_.reserve(opponents.size());
  for (const auto& opponent : opponents) {
    index_.emplace(opponent, tallies_.size());
    tallies_.emplace_back(new_player, opponent, max_pairs, rule);
  }
}

OpponentTally* VersusTallies::tally_for(const MatchRow& row) {
  const auto& other = row.side[0].player == new_player_ ? row.side[1].player : row.side[0].player;
  const auto found = index_.find(other);
  return found == index_.end() ? nullptr : &tallies_[found->second];
}

std::vector<OpponentReport> VersusTallies::reports() const {
  std::vector<OpponentReport> all;
  all.reserve(tallies_.size());
  for (const auto& tally : tallies_) all.push_back(tally.report());
  return all;
}

}  // namespace amazes::competition
