// The Swiss stage's rounds as the store holds them, their games, and how a round is paired.
#include "formats/swiss.hpp"

#include <algorithm>
#include <map>

#include "amazes/competition/swiss_pairing.hpp"
#include "amazes/random.hpp"
#include "formats/round_robin.hpp"

namespace amazes::competition {
namespace {

// A stream of the competition seed of its own, so that pairings share no random numbers with
// mazes and starts.
constexpr std::uint64_t kPairingStream = 3;

}  // namespace

std::vector<int> SwissStage::rounds(const PairingState& /*state*/) const { return first_stage_rounds(competition_); }

std::optional<RoundPairings> SwissStage::pairings(const PairingState& state, int round) const {
  return stored_pairings(state, round);
}

int SwissStage::planned_games(int /*round*/) const {
  const auto n = static_cast<int>(competition_.players.size());
  return 2 * (n / 2);
}

int SwissStage::games(const PairingState& state, int round) const {
  if (const auto decided = pairings(state, round)) return 2 * static_cast<int>(decided->pairs.size());
  const auto names = player_names(competition_.players);
  int latest = 0;
  for (const auto& row : state.rows) latest = std::max(latest, row.round);
  const auto present =
      static_cast<int>(names.size() - absent_players(competition_.policy, names, state.rows, latest + 1).size());
  return 2 * (present / 2);
}

std::optional<RoundDecision> SwissStage::decide(const PairingState& state, int round) const {
  const Competition& competition = competition_;
  const Standings standings = stage_standings(competition, state, round - 1);
  const auto names = player_names(competition.players);
  std::map<std::string, int> index;
  for (std::size_t i = 0; i < names.size(); ++i) index.emplace(names[i], static_cast<int>(i));

  // Standing order; players equal on everything in an order drawn from the seed (not by
  // name, which would decide who meets whom in the first round).
  // An excluded or withdrawn player is not paired (player_policy.hpp): the field is the others.
  std::vector<const PlayerStanding*> order;
  for (const auto& entry : standings.table) {
    if (entry.absence.empty()) order.push_back(&entry);
  }
  const auto key = [&](const PlayerStanding* entry) {
    return derive_seed(competition.seed, {kPairingStream, static_cast<std::uint64_t>(round), name_hash(entry->player)});
  };
  std::stable_sort(order.begin(), order.end(), [&](const PlayerStanding* a, const PlayerStanding* b) {
    if (a->rank != b->rank) return a->rank < b->rank;
    return key(a) < key(b);
  });

  SwissRoundInput input;
  int group = -1;
  std::optional<std::int64_t> last_total;
  for (const PlayerStanding* entry : order) {
    if (last_total != entry->total) ++group;
    last_total = entry->total;
    input.order.push_back(index.at(entry->player));
    input.group.push_back(group);
  }
  for (const auto& pairing : state.swiss) {
    if (pairing.round >= round) continue;
    if (!pairing.second) {
      input.had_bye.insert(index.at(pairing.first));
      continue;
    }
    const int a = index.at(pairing.first);
    const int b = index.at(*pairing.second);
    ++input.met[{std::min(a, b), std::max(a, b)}];
  }
  const SwissRound paired = pair_swiss_round(input);
  RoundDecision decision{round, {}, {}};
  for (const auto& [a, b] : paired.pairings) {
    decision.swiss.push_back({round, names[static_cast<std::size_t>(a)], names[static_cast<std::size_t>(b)]});
  }
  if (paired.bye) decision.swiss.push_back({round, names[static_cast<std::size_t>(*paired.bye)], std::nullopt});
  return decision;
}

}  // namespace amazes::competition
