// The versus table, JSON and progress lines.
#include "amazes/report/versus_report.hpp"

#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "amazes/competition/versus_question.hpp"
#include "text_table.hpp"

namespace amazes::report {
namespace {

using json = nlohmann::ordered_json;
using competition::OpponentReport;
using competition::VersusVerdict;

double rounded(double x) { return std::round(x * 1e4) / 1e4; }

std::string signed_number(double x, int decimals = 1) {
  // No "-0.0": a value that rounds to zero has no sign.
  if (std::fabs(x) < 0.5 * std::pow(10.0, -decimals)) x = 0.0;
  return fmt::format("{:+.{}f}", x, decimals);
}

std::string faults_cell(const competition::FaultCounts& faults) {
  std::string text;
  for (const auto kind : kAllFaultKinds) {
    const int n = faults[static_cast<std::size_t>(kind)];
    if (n == 0) continue;
    if (!text.empty()) text += ", ";
    text += fmt::format("{} {}", fault_name(kind), n);
  }
  return text.empty() ? "-" : text;
}

json faults_json(const competition::FaultCounts& faults) {
  json out = json::object();
  for (const auto kind : kAllFaultKinds) out[std::string(fault_name(kind))] = faults[static_cast<std::size_t>(kind)];
  return out;
}

json number_or_null(bool present, double x) { return present ? json(rounded(x)) : json(nullptr); }

std::string ci_cell(const OpponentReport& o) {
  if (!o.diff.ci) return "-";
  return fmt::format("[{}, {}]", signed_number(o.diff.ci->first), signed_number(o.diff.ci->second));
}

std::string verdict_words(const OpponentReport& o) {
  if (o.sprt && o.sprt->verdict == competition::stats::SprtVerdict::H0 && o.verdict == VersusVerdict::Undecided) {
    return "not better";
  }
  switch (o.verdict) {
    case VersusVerdict::NotWorse: return "not worse";
    case VersusVerdict::Worse: return "WORSE";
    case VersusVerdict::Undecided: break;
  }
  return "undecided";
}

// How the verdict came about, in one line.
std::string reason(const OpponentReport& o, const competition::VersusRule& rule) {
  if (o.sprt) {
    const auto& s = *o.sprt;
    const std::string test = fmt::format("SPRT H0: mean <= {} vs H1: mean >= {}, alpha {}, beta {}", s.settings.d0,
                                         s.settings.d1, s.settings.alpha, s.settings.beta);
    switch (s.verdict) {
      case competition::stats::SprtVerdict::H1:
        return fmt::format("{}: H1 accepted after {} pairs (LLR {:.2f} >= {:.2f})", test, o.pairs, s.llr,
                           s.bounds.upper);
      case competition::stats::SprtVerdict::H0:
        return fmt::format("{}: H0 accepted after {} pairs (LLR {:.2f} <= {:.2f}){}", test, o.pairs, s.llr,
                           s.bounds.lower,
                           s.settings.d0 < 0 ? "" : ": not better, but not shown worse either (D0 >= 0)");
      case competition::stats::SprtVerdict::Continue: break;
    }
    return fmt::format("{}: no decision after {} pairs (LLR {:.2f}, bounds {:.2f} and {:.2f})", test, o.pairs, s.llr,
                       s.bounds.lower, s.bounds.upper);
  }
  if (!o.diff.ci) return fmt::format("{} pairs: too few for an interval", o.pairs);
  const double m = rule.margin;
  const std::string bound = m == 0.0 ? "0" : fmt::format("-{}", m);
  switch (o.verdict) {
    case VersusVerdict::NotWorse: return fmt::format("the 95% interval lies above {}", bound);
    case VersusVerdict::Worse: return fmt::format("the 95% interval lies below {}", bound);
    case VersusVerdict::Undecided: break;
  }
  return fmt::format("the 95% interval contains {}", bound);
}

// The errors of the overall verdict over k opponents, each from the per-test error that applies
// (competition::FamilyErrors), and the option that bounds the compounding one.
std::string family_wise_line(const competition::VersusRule& rule, int k) {
  const auto errors = competition::family_errors(rule, k);
  if (rule.sprt && rule.sprt->d0 >= 0.0) {
    return fmt::format(
        "family-wise error: with D0 = {} >= 0 no opponent's test calls NEW worse; a NEW at most {} ahead of one of "
        "the {} opponents is called not worse than all with probability up to {:.3g} % (alpha of that one test)\n",
        rule.sprt->d0, rule.sprt->d0, k, 100.0 * errors.false_not_worse);
  }
  const std::string as_good = rule.sprt
                                  ? fmt::format("a mean difference of at least D1 = {} against each", rule.sprt->d1)
                                  : fmt::format("a mean difference of at least {} against each", 0.0 - rule.margin);
  const std::string per_test = rule.sprt ? "beta, the error of each test at D1" : "2.5 %, a 95 % interval's one side";
  std::string line = fmt::format(
      "family-wise error: a NEW as good as all {} opponents ({}) is called worse than one of them with probability up "
      "to {:.1f} % (1 - (1 - {:.3g})^{}, {}), not {:.3g} %",
      k, as_good, 100.0 * errors.false_worse, errors.false_worse_per_test, k, per_test,
      100.0 * errors.false_worse_per_test);
  if (errors.beta_for_family) {
    line += fmt::format("; --beta {:.4f} keeps it at {:.3g} %", *errors.beta_for_family,
                        100.0 * errors.false_worse_per_test);
  }
  if (rule.sprt && rule.sprt->d1 > 0.0) {
    line +=
        "; an unchanged NEW (mean 0, between D0 and D1) is not covered: each test calls it worse with a chance "
        "between beta and 1 - alpha";
  }
  line += fmt::format(
      "\nand a NEW worse than one opponent ({}) is called not worse than all with probability up to {:.3g} % ({} of "
      "that one test: no correction for {} opponents)\n",
      rule.sprt ? fmt::format("a mean difference of at most D0 = {} against it", rule.sprt->d0)
                : fmt::format("a mean difference below {} against it", 0.0 - rule.margin),
      100.0 * errors.false_not_worse, rule.sprt ? "alpha" : "the interval's one side", k);
  return line;
}

}  // namespace

std::string versus_text(const VersusReport& report, bool with_exit_status) {
  std::string out = fmt::format(
      "{} against {} opponent{}: per pair of colour-swapped games, diff = NEW's score - OLD's score over both "
      "games\n\n",
      report.new_player, report.opponents.size(), report.opponents.size() == 1 ? "" : "s");
  using Align = TextTable::Align;
  TextTable table({"opponent", "pairs", "NEW mean", "OLD mean", "diff mean", "sd", "95% CI", "W-D-L", "NEW faults",
                   "OLD faults", "verdict"},
                  {Align::Left, Align::Right, Align::Right, Align::Right, Align::Right, Align::Right, Align::Right,
                   Align::Right, Align::Left, Align::Left, Align::Left});
  for (const auto& o : report.opponents) {
    const bool any = o.pairs > 0;
    table.add_row({o.name, std::to_string(o.pairs), any ? fmt::format("{:.1f}", o.new_mean) : "-",
                   any ? fmt::format("{:.1f}", o.old_mean) : "-", any ? signed_number(o.diff.mean) : "-",
                   o.diff.sd ? fmt::format("{:.1f}", *o.diff.sd) : "-", ci_cell(o),
                   fmt::format("{}-{}-{}", o.wins, o.draws, o.losses), faults_cell(o.new_faults),
                   faults_cell(o.old_faults), verdict_words(o)});
  }
  out += table.render();
  out += "\n";
  for (const auto& o : report.opponents) out += fmt::format("{}: {}\n", o.name, reason(o, report.rule));
  if (const auto k = static_cast<int>(report.opponents.size()); k >= 2) out += family_wise_line(report.rule, k);
  const auto exit_status = [&](int status) { return with_exit_status ? fmt::format(" (exit {})", status) : ""; };
  switch (report.verdict) {
    case VersusVerdict::NotWorse:
      out += fmt::format("\nverdict: {} is not worse than any opponent{}\n", report.new_player, exit_status(0));
      break;
    case VersusVerdict::Worse:
      out += fmt::format("\nverdict: {} is worse than at least one opponent{}\n", report.new_player, exit_status(1));
      break;
    case VersusVerdict::Undecided:
      out +=
          fmt::format("\nverdict: undecided{}: {} is not shown worse than any opponent, nor not worse than every one\n",
                      exit_status(3), report.new_player);
      break;
  }
  return out;
}

std::string versus_json(const VersusReport& report) {
  json opponents = json::array();
  for (const auto& o : report.opponents) {
    const bool any = o.pairs > 0;
    json entry;
    entry["name"] = o.name;
    entry["pairs"] = o.pairs;
    entry["games"] = 2 * o.pairs;
    entry["new_mean"] = number_or_null(any, o.new_mean);
    entry["old_mean"] = number_or_null(any, o.old_mean);
    entry["new_points_mean"] = number_or_null(any, o.new_points_mean);
    entry["old_points_mean"] = number_or_null(any, o.old_points_mean);
    entry["diff_mean"] = number_or_null(any, o.diff.mean);
    entry["diff_sd"] = number_or_null(o.diff.sd.has_value(), o.diff.sd.value_or(0.0));
    entry["ci95"] = o.diff.ci ? json::array({rounded(o.diff.ci->first), rounded(o.diff.ci->second)}) : json(nullptr);
    entry["wins"] = o.wins;
    entry["draws"] = o.draws;
    entry["losses"] = o.losses;
    entry["faults"] = {{"new", faults_json(o.new_faults)}, {"old", faults_json(o.old_faults)}};
    if (o.sprt) {
      const auto& s = *o.sprt;
      entry["sprt"] = {{"d0", s.settings.d0},
                       {"d1", s.settings.d1},
                       {"alpha", s.settings.alpha},
                       {"beta", s.settings.beta},
                       {"llr", rounded(s.llr)},
                       {"lower", rounded(s.bounds.lower)},
                       {"upper", rounded(s.bounds.upper)},
                       {"verdict", std::string(competition::stats::sprt_verdict_name(s.verdict))}};
    } else {
      entry["sprt"] = nullptr;
    }
    entry["verdict"] = std::string(competition::versus_verdict_name(o.verdict));
    opponents.push_back(std::move(entry));
  }
  json root;
  root["format"] = "amazes-versus/1";
  root["new"] = report.new_player;
  root["opponents"] = std::move(opponents);
  root["verdict"] = std::string(competition::versus_verdict_name(report.verdict));
  const auto errors = competition::family_errors(report.rule, static_cast<int>(report.opponents.size()));
  root["family_wise_error"] = rounded(errors.false_worse);
  root["family_wise_error_not_worse"] = rounded(errors.false_not_worse);
  root["max_pairs"] = report.max_pairs;
  root["seed"] = report.seed;
  root["margin"] = report.rule.sprt ? json(nullptr) : json(report.rule.margin);
  root["out"] = report.out;
  return root.dump(2) + "\n";
}

std::string versus_progress_line(const OpponentReport& o) {
  std::string line =
      fmt::format("{}: {} pair{}, diff {}", o.name, o.pairs, o.pairs == 1 ? "" : "s", signed_number(o.diff.mean));
  if (o.diff.ci) line += " " + ci_cell(o);
  if (o.sprt) {
    line += fmt::format(", LLR {:.2f} ({:.2f}, {:.2f})", o.sprt->llr, o.sprt->bounds.lower, o.sprt->bounds.upper);
    if (o.sprt->verdict != competition::stats::SprtVerdict::Continue) {
      line += fmt::format(": {} accepted", competition::stats::sprt_verdict_name(o.sprt->verdict));
    }
  }
  return line;
}

VersusReport stored_versus_report(const competition::ResultsStore& store, const std::string& out) {
  const auto question = competition::stored_versus_question(store);
  auto opponents = competition::answer_from_store(store, question);
  const auto verdict = competition::overall_verdict(opponents);
  return {question.new_player,  question.pairs, store.competition().seed, out, question.rule,
          std::move(opponents), verdict};
}

}  // namespace amazes::report
