// Who plays whom: the pairings of every format, decided from the store's results.
#include "amazes/competition/pairing.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "amazes/competition/player_policy.hpp"
#include "amazes/competition/schedule.hpp"
#include "amazes/competition/swiss_pairing.hpp"
#include "amazes/random.hpp"

namespace amazes::competition {
namespace {

// A stream of the competition seed of its own, so that pairings share no random numbers with
// mazes and starts.
constexpr std::uint64_t kPairingStream = 3;

std::vector<std::string> split_names(const std::string& text) {
  std::vector<std::string> names;
  std::size_t from = 0;
  while (from < text.size()) {
    const auto comma = std::min(text.find(',', from), text.size());
    names.push_back(text.substr(from, comma - from));
    from = comma + 1;
  }
  return names;
}

// Every pair of `names` in their order: (0, 1), (0, 2), … as the round robin plays them.
std::vector<std::pair<std::string, std::string>> all_pairs(const std::vector<std::string>& names) {
  std::vector<std::pair<std::string, std::string>> pairs;
  for (std::size_t i = 0; i < names.size(); ++i) {
    for (std::size_t j = i + 1; j < names.size(); ++j) pairs.emplace_back(names[i], names[j]);
  }
  return pairs;
}

std::optional<RoundPairings> stored_swiss_round(const PairingState& state, int round) {
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

// The round that must be complete before `round` can be decided.
int round_before(const Competition& competition, int round) {
  return round == final_round(1) ? competition.rounds : round - 1;
}

std::vector<MatchRow> first_stage_rows(const std::vector<MatchRow>& rows, int up_to) {
  std::vector<MatchRow> stage;
  std::copy_if(rows.begin(), rows.end(), std::back_inserter(stage),
               [&](const MatchRow& row) { return row.round <= up_to; });
  return stage;
}

// The Swiss pairings of `round` after the standings of the rounds before it.
std::vector<StoredPairing> pair_swiss(const Competition& competition, const PairingState& state, int round) {
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
  std::vector<StoredPairing> stored;
  for (const auto& [a, b] : paired.pairings) {
    stored.push_back({round, names[static_cast<std::size_t>(a)], names[static_cast<std::size_t>(b)]});
  }
  if (paired.bye) stored.push_back({round, names[static_cast<std::size_t>(*paired.bye)], std::nullopt});
  return stored;
}

}  // namespace

PairingState pairing_state(const ResultsStore& store) {
  PairingState state;
  state.rows = store.matches();
  state.swiss = store.pairings();
  if (const auto finalists = store.meta(kFinalistsKey)) state.finalists = split_names(*finalists);
  return state;
}

std::optional<RoundPairings> decided_pairings(const Competition& competition, const PairingState& state, int round) {
  if (is_final_round(round)) {
    if (state.finalists.empty()) return std::nullopt;
    return RoundPairings{round, all_pairs(state.finalists), {}};
  }
  if (competition.stages.format == Format::Swiss) return stored_swiss_round(state, round);
  return RoundPairings{round, all_pairs(player_names(competition.players)), {}};
}

RoundPairings gauntlet_round(int round, const std::string& new_player, const std::vector<std::string>& opponents) {
  RoundPairings pairings{round, {}, {}};
  for (const auto& opponent : opponents) pairings.pairs.emplace_back(new_player, opponent);
  return pairings;
}

bool round_complete(const RoundPairings& pairings, const std::vector<MatchRow>& rows) {
  std::set<std::pair<std::string, std::string>> played;
  for (const auto& row : rows) {
    if (row.round == pairings.round) played.emplace(row.side[0].player, row.side[1].player);
  }
  return std::all_of(pairings.pairs.begin(), pairings.pairs.end(), [&](const auto& pair) {
    return played.count(pair) != 0 && played.count({pair.second, pair.first}) != 0;
  });
}

std::vector<Bye> swiss_byes(const PairingState& state) {
  std::vector<Bye> byes;
  for (const auto& pairing : state.swiss) {
    if (!pairing.second) byes.push_back({pairing.round, pairing.first});
  }
  return byes;
}

Standings stage_standings(const Competition& competition, const PairingState& state, int up_to) {
  const auto names = player_names(competition.players);
  const auto rows = first_stage_rows(state.rows, up_to);
  return compute_standings(names, rows, up_to, competition.rounds, competition.ranking, swiss_byes(state),
                           absent_players(competition.policy, names, rows, up_to + 1));
}

std::optional<RoundDecision> decide_round(const Competition& competition, const PairingState& state, int round) {
  const bool swiss = !is_final_round(round) && competition.stages.format == Format::Swiss;
  const bool first_final = round == final_round(1) && competition.stages.final_top > 0;
  if ((!swiss && !first_final) || decided_pairings(competition, state, round)) return std::nullopt;
  const int before = round_before(competition, round);
  if (before >= 1) {
    const auto previous = decided_pairings(competition, state, before);
    if (!previous || !round_complete(*previous, state.rows)) return std::nullopt;
  }
  RoundDecision decision{round, {}, {}};
  if (swiss) {
    decision.swiss = pair_swiss(competition, state, round);
    return decision;
  }
  const Standings standings = stage_standings(competition, state, competition.rounds);
  // A tie at the cut goes by the standings' order: the tie-breaks, then the name. An excluded or
  // withdrawn player (player_policy.hpp) does not go on: the next one in the table does.
  const auto top = static_cast<std::size_t>(competition.stages.final_top);
  for (const auto& entry : standings.table) {
    if (decision.finalists.size() < top && entry.absence.empty()) decision.finalists.push_back(entry.player);
  }
  return decision;
}

void apply_decision(const RoundDecision& decision, PairingState& state) {
  if (!decision.finalists.empty()) {
    state.finalists = decision.finalists;
  } else {
    state.swiss.insert(state.swiss.end(), decision.swiss.begin(), decision.swiss.end());
  }
}

void save_decision(ResultsStore& store, const RoundDecision& decision) {
  if (decision.finalists.empty()) {
    store.add_pairings(decision.round, decision.swiss);
    return;
  }
  std::string text;
  for (const auto& name : decision.finalists) text += (text.empty() ? "" : ",") + name;
  store.set_meta(kFinalistsKey, text);
}

}  // namespace amazes::competition
