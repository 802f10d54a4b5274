// A versus run's pairs: NEW against each opponent, every pairing of a pair from one seed.
#include "formats/gauntlet.hpp"

#include <fmt/format.h>

namespace amazes::competition {
namespace {

std::vector<std::string> players_after_the_first(const Competition& competition) {
  auto names = player_names(competition.players);
  if (!names.empty()) names.erase(names.begin());
  return names;
}

}  // namespace

GauntletStage::GauntletStage(const Competition& competition)
    : GauntletStage(competition, players_after_the_first(competition)) {}

GauntletStage::GauntletStage(const Competition& competition, std::vector<std::string> opponents)
    : Stage(competition), opponents_(std::move(opponents)) {}

std::vector<int> GauntletStage::rounds(const PairingState& /*state*/) const {
  std::vector<int> pairs;
  for (int pair = 1; pair <= competition_.rounds; ++pair) pairs.push_back(pair);
  return pairs;
}

std::optional<RoundPairings> GauntletStage::pairings(const PairingState& /*state*/, int round) const {
  return pairings(round);
}

RoundPairings GauntletStage::pairings(int pair) const {
  RoundPairings pairings{pair, {}, {}};
  const std::string& new_player = competition_.players.at(0).name;
  for (const auto& opponent : opponents_) pairings.pairs.emplace_back(new_player, opponent);
  return pairings;
}

int GauntletStage::planned_games(int /*round*/) const { return 2 * static_cast<int>(opponents_.size()); }

std::string GauntletStage::match_id(int round, std::string_view red, std::string_view blue) const {
  return versus_match_id(round, red, blue);
}

std::uint64_t GauntletStage::pairing_seed(int round, std::string_view /*first*/, std::string_view /*second*/) const {
  return maze_seed(competition_.seed, round);
}

std::string GauntletStage::setup_name(const RoundSetup& round) const { return round.name; }

std::string GauntletStage::setup_error(int round, const std::string& what) const {
  return fmt::format("pair {}: {}", round, what);
}

}  // namespace amazes::competition
