// A versus run's question in its store's meta, and its answer from the stored games.
#include "amazes/competition/versus_question.hpp"

#include <charconv>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace amazes::competition {
namespace {

constexpr const char* kOpponentsKey = "versus.opponents";
constexpr const char* kGamesKey = "versus.games";
constexpr const char* kRuleKey = "versus.rule";

// fmt's shortest form reads back to the same double.
std::string rule_text(const VersusRule& rule) {
  if (!rule.sprt) return fmt::format("margin {}", rule.margin);
  return fmt::format("sprt {} {} {} {}", rule.sprt->d0, rule.sprt->d1, rule.sprt->alpha, rule.sprt->beta);
}

std::vector<double> numbers_of(std::istringstream& words) {
  std::vector<double> numbers;
  std::string word;
  while (words >> word) {
    double value = 0.0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (error != std::errc{} || end != word.data() + word.size()) return {};
    numbers.push_back(value);
  }
  return numbers;
}

std::optional<VersusRule> rule_from_text(const std::string& text) {
  std::istringstream words(text);
  std::string kind;
  words >> kind;
  const auto numbers = numbers_of(words);
  VersusRule rule;
  if (kind == "margin" && numbers.size() == 1 && numbers[0] >= 0.0) {
    rule.margin = numbers[0];
    return rule;
  }
  if (kind == "sprt" && numbers.size() == 4) {
    rule.sprt = stats::SprtSettings{numbers[0], numbers[1], numbers[2], numbers[3]};
    if (!stats::sprt_settings_problem(*rule.sprt)) return rule;
  }
  return std::nullopt;
}

std::vector<std::string> names_of(const std::string& joined) {
  std::vector<std::string> names;
  std::istringstream in(joined);
  std::string name;
  while (std::getline(in, name, ',')) names.push_back(name);
  return names;
}

}  // namespace

void record_versus_question(ResultsStore& store, const VersusQuestion& question) {
  store.set_meta(kOpponentsKey, fmt::format("{}", fmt::join(question.opponents, ",")));
  store.set_meta(kGamesKey, std::to_string(question.pairs));
  store.set_meta(kRuleKey, rule_text(question.rule));
}

VersusQuestion stored_versus_question(const ResultsStore& store) {
  const Competition competition = store.competition();
  VersusQuestion question;
  if (!competition.players.empty()) question.new_player = competition.players.front().name;
  const auto damaged = [&](const char* key, const std::string& value) {
    return StoreError(fmt::format("{}: damaged results store (meta {} = '{}'); refusing to use it",
                                  store.path().string(), key, value));
  };
  if (const auto opponents = store.meta(kOpponentsKey)) {
    question.opponents = names_of(*opponents);
  } else {
    for (std::size_t i = 1; i < competition.players.size(); ++i)
      question.opponents.push_back(competition.players[i].name);
  }
  question.pairs = competition.rounds;
  if (const auto games = store.meta(kGamesKey)) {
    const auto [end, error] = std::from_chars(games->data(), games->data() + games->size(), question.pairs);
    if (error != std::errc{} || end != games->data() + games->size() || question.pairs < 1)
      throw damaged(kGamesKey, *games);
  }
  if (const auto rule = store.meta(kRuleKey)) {
    const auto parsed = rule_from_text(*rule);
    if (!parsed) throw damaged(kRuleKey, *rule);
    question.rule = *parsed;
  }
  return question;
}

std::vector<OpponentReport> answer_from_store(const ResultsStore& store, const VersusQuestion& question) {
  VersusTallies tallies(question.new_player, question.opponents, question.pairs, question.rule);
  for (const auto& row : store.matches()) {
    if (OpponentTally* tally = tallies.tally_for(row)) tally->add(row);
  }
  return tallies.reports();
}

}  // namespace amazes::competition
