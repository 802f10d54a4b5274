// What every stage shares: a tournament's ids, seeds and messages; the sequence of a competition.
#include "formats/stage.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "formats/adaptive_final.hpp"
#include "formats/final.hpp"
#include "formats/gauntlet.hpp"
#include "formats/round_robin.hpp"
#include "formats/swiss.hpp"

namespace amazes::competition {

std::vector<PairedGame> Stage::games_of(const RoundPairings& pairings) const {
  std::vector<PairedGame> games;
  for (std::size_t k = 0; k < pairings.pairs.size(); ++k) {
    const auto& [first, second] = pairings.pairs[k];
    games.push_back({match_id(pairings.round, first, second), first, second, k});
    games.push_back({match_id(pairings.round, second, first), second, first, k});
  }
  return games;
}

std::string Stage::match_id(int round, std::string_view red, std::string_view blue) const {
  return competition::match_id(round, red, blue);
}

std::uint64_t Stage::pairing_seed(int round, std::string_view first, std::string_view second) const {
  return pair_seed(competition_.seed, round, first, second);
}

std::string Stage::setup_name(const RoundSetup& round) const {
  return fmt::format("{} ({})", round_label(round.round), round.name);
}

std::string Stage::setup_error(int /*round*/, const std::string& what) const { return what; }

std::optional<RoundPairings> stored_pairings(const PairingState& state, int round) {
  RoundPairings pairings{round, {}, {}};
  bool found = false;
  for (const auto& pairing : state.swiss) {
    if (pairing.round != round) continue;
    found = true;
    if (pairing.second) {
      pairings.pairs.emplace_back(pairing.first, *pairing.second);
    } else {
      pairings.bye = pairing.first;
    }
  }
  return found ? std::optional(pairings) : std::nullopt;
}

std::vector<std::pair<std::string, std::string>> every_pair(const std::vector<std::string>& names) {
  std::vector<std::pair<std::string, std::string>> pairs;
  for (std::size_t i = 0; i < names.size(); ++i) {
    for (std::size_t j = i + 1; j < names.size(); ++j) pairs.emplace_back(names[i], names[j]);
  }
  return pairs;
}

StageSequence::StageSequence(const Competition& competition) {
  if (competition.kind == CompetitionKind::Versus) {
    stages_.push_back(std::make_unique<GauntletStage>(competition));
    return;
  }
  if (competition.stages.format == Format::Swiss) {
    stages_.push_back(std::make_unique<SwissStage>(competition));
  } else {
    stages_.push_back(std::make_unique<RoundRobinStage>(competition));
  }
  // Without a final its stage still answers for the final's round numbers (a store may be asked
  // about any): no rounds, nothing decided.
  if (competition.stages.decide_top > 0) {
    stages_.push_back(std::make_unique<AdaptiveFinalStage>(competition));
  } else {
    stages_.push_back(std::make_unique<FinalStage>(competition));
  }
}

std::vector<int> StageSequence::rounds(const PairingState& state) const {
  std::vector<int> all;
  for (const auto& stage : stages_) {
    const auto rounds = stage->rounds(state);
    all.insert(all.end(), rounds.begin(), rounds.end());
  }
  return all;
}

const Stage& StageSequence::of_round(int round) const {
  for (const auto& stage : stages_) {
    if (stage->owns(round)) return *stage;
  }
  throw std::out_of_range(fmt::format("no stage plays {}", round_label(round)));
}

bool StageSequence::waits_for_results() const {
  return std::any_of(stages_.begin(), stages_.end(), [](const auto& stage) { return stage->waits_for_results(); });
}

}  // namespace amazes::competition
