// Points systems, tie-breaks and presets: their arithmetic per game and their text forms.
#include "amazes/competition/ranking.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "amazes/competition/player_policy.hpp"

namespace amazes::competition {
namespace {

struct TieBreakName {
  TieBreakKind kind;
  std::string_view name;    // in a config file
  std::string_view column;  // in the standings
};
constexpr std::array kTieBreakNames = {
    TieBreakName{TieBreakKind::Faults, "faults", "faults"},
    TieBreakName{TieBreakKind::Buchholz, "buchholz", "buchholz"},
    TieBreakName{TieBreakKind::SonnebornBerger, "sonneborn-berger", "sonneborn_berger"},
    TieBreakName{TieBreakKind::HeadToHead, "head-to-head", "head_to_head"},
    TieBreakName{TieBreakKind::Wins, "wins", "wins"},
};
constexpr std::string_view kValuePrefix = "value:";

std::string_view trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

std::optional<int> whole_number(std::string_view text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

double game_result(const MatchRow& row, int side) {
  // A forfeit: the absent side lost it, whatever the other side (absent too, or there).
  if (absent_side(row, side)) return 0.0;
  if (absent_side(row, 1 - side)) return 1.0;
  const int mine = row.side[static_cast<std::size_t>(side)].score;
  const int theirs = row.side[static_cast<std::size_t>(1 - side)].score;
  return mine > theirs ? 1.0 : mine == theirs ? 0.5 : 0.0;
}

int game_points(const RankingRules& rules, const MatchRow& row, int side) {
  if (rules.points == PointsSystem::Score) return row.side[static_cast<std::size_t>(side)].score;
  const double result = game_result(row, side);
  return result == 1.0 ? rules.match_points.win : result == 0.5 ? rules.match_points.draw : rules.match_points.loss;
}

std::string points_text(const RankingRules& rules) {
  if (rules.points == PointsSystem::Score) return "score";
  const auto& m = rules.match_points;
  return fmt::format("match {}/{}/{}", m.win, m.draw, m.loss);
}

void parse_points(std::string_view text, RankingRules& rules) {
  const std::string_view words = trimmed(text);
  if (words == "score") {
    rules.points = PointsSystem::Score;
    return;
  }
  if (words.substr(0, 5) != "match") {
    throw RankingError(fmt::format("points '{}': expected score, match or match W/D/L (e.g. match 2/1/0)", text));
  }
  rules.points = PointsSystem::Match;
  rules.match_points = {};
  const std::string_view table = trimmed(words.substr(5));
  if (table.empty()) return;
  std::array<int, 3> points{};  // win, draw, loss
  std::string_view rest = table;
  for (std::size_t k = 0; k < points.size(); ++k) {
    const auto slash = rest.find('/');
    const auto number = whole_number(rest.substr(0, slash));
    const bool last = k + 1 == points.size();
    if (!number || (slash == std::string_view::npos) != last || (k > 0 && *number > points[k - 1])) {
      throw RankingError(fmt::format(
          "points '{}': expected match W/D/L, whole numbers with a win worth at least a draw and a draw at least a "
          "loss",
          text));
    }
    points[k] = *number;
    if (!last) rest.remove_prefix(slash + 1);
  }
  rules.match_points = {points[0], points[1], points[2]};
}

std::string tie_break_column(const TieBreak& tie_break) {
  if (tie_break.kind == TieBreakKind::Value) return tie_break.value_name;
  for (const auto& known : kTieBreakNames) {
    if (known.kind == tie_break.kind) return std::string(known.column);
  }
  return {};
}

bool lower_is_better(const TieBreak& tie_break) { return tie_break.kind == TieBreakKind::Faults; }

std::string tie_breaks_text(const std::vector<TieBreak>& tie_breaks) {
  if (tie_breaks.empty()) return "none";
  std::vector<std::string> names;
  for (const auto& tie_break : tie_breaks) {
    if (tie_break.kind == TieBreakKind::Value) {
      names.push_back(std::string(kValuePrefix) + tie_break.value_name);
      continue;
    }
    for (const auto& known : kTieBreakNames) {
      if (known.kind == tie_break.kind) names.emplace_back(known.name);
    }
  }
  return fmt::format("{}", fmt::join(names, ","));
}

std::vector<TieBreak> parse_tie_breaks(std::string_view text) {
  std::vector<TieBreak> tie_breaks;
  if (trimmed(text) == "none") return tie_breaks;
  std::string_view rest = text;
  while (true) {
    const auto comma = rest.find(',');
    const std::string_view word = trimmed(rest.substr(0, comma));
    std::optional<TieBreak> tie_break;
    for (const auto& known : kTieBreakNames) {
      if (known.name == word) tie_break = TieBreak{known.kind, {}};
    }
    if (word.substr(0, kValuePrefix.size()) == kValuePrefix &&
        arbiter::is_value_name(word.substr(kValuePrefix.size()))) {
      tie_break = TieBreak{TieBreakKind::Value, std::string(word.substr(kValuePrefix.size()))};
    }
    if (!tie_break) {
      throw RankingError(fmt::format(
          "tie-breaks '{}': '{}' is none of faults, buchholz, sonneborn-berger, head-to-head, wins, value:NAME", text,
          word));
    }
    if (std::find(tie_breaks.begin(), tie_breaks.end(), *tie_break) != tie_breaks.end()) {
      throw RankingError(fmt::format("tie-breaks '{}': '{}' is given twice", text, word));
    }
    tie_breaks.push_back(std::move(*tie_break));
    if (comma == std::string_view::npos) return tie_breaks;
    rest.remove_prefix(comma + 1);
  }
}

std::vector<std::string_view> ranking_preset_names() { return {"codecup", "nio-2005", "nio-2001"}; }

RankingRules ranking_preset(std::string_view name) {
  RankingRules rules;
  if (name == "codecup") return rules;  // the sum of scores; equal totals share a place
  if (name == "nio-2005") {
    // Lamistra (NIO 2005, CodeCup 2005): the referee reports the match points as the scores (a win
    // 12-0, at the cut-off 3-1 or 2-2); ties by the fewest irregular ends, then resistance points.
    rules.tie_breaks = {{TieBreakKind::Faults, {}}, {TieBreakKind::Buchholz, {}}};
    return rules;
  }
  if (name == "nio-2001") {
    // Susan (NIO 2001): 2/1/0 match points; ties by move points (the referee's `move_points`),
    // then by the fewest irregular ends.
    rules.points = PointsSystem::Match;
    rules.match_points = {2, 1, 0};
    rules.tie_breaks = {{TieBreakKind::Value, "move_points"}, {TieBreakKind::Faults, {}}};
    return rules;
  }
  throw RankingError(fmt::format("ranking '{}': expected one of {}", name, fmt::join(ranking_preset_names(), ", ")));
}

}  // namespace amazes::competition
