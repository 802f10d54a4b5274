// Who plays whom: what decides the rounds that wait for results, asked of their formats.
#include "amazes/competition/pairing.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "amazes/competition/player_policy.hpp"
#include "amazes/competition/schedule.hpp"
#include "formats/stage.hpp"

namespace amazes::competition {
namespace {

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

std::vector<MatchRow> first_stage_rows(const std::vector<MatchRow>& rows, int up_to) {
  std::vector<MatchRow> stage;
  std::copy_if(rows.begin(), rows.end(), std::back_inserter(stage),
               [&](const MatchRow& row) { return row.round <= up_to; });
  return stage;
}

}  // namespace

PairingState pairing_state(const ResultsStore& store) {
  PairingState state = stored_decisions(store);
  state.rows = store.matches();
  return state;
}

PairingState stored_decisions(const ResultsStore& store) {
  PairingState state;
  state.swiss = store.pairings();
  if (const auto finalists = store.meta(kFinalistsKey)) state.finalists = split_names(*finalists);
  state.final_end = store.meta(kFinalEndKey).value_or("");
  return state;
}

std::optional<RoundPairings> decided_pairings(const Competition& competition, const PairingState& state, int round) {
  return StageSequence(competition).of_round(round).pairings(state, round);
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

int adaptive_rounds_decided(const PairingState& state) {
  int last = 0;
  for (const auto& pairing : state.swiss) {
    if (is_final_round(pairing.round)) last = std::max(last, round_in_stage(pairing.round));
  }
  return last;
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
  const StageSequence stages(competition);
  const Stage& stage = stages.of_round(round);
  if (!stage.waits_for_results() || stage.pairings(state, round)) return std::nullopt;
  const int before = stage.round_before(round);
  if (before >= 1) {
    const auto previous = stages.of_round(before).pairings(state, before);
    if (!previous || !round_complete(*previous, state.rows)) return std::nullopt;
  }
  return stage.decide(state, round);
}

void apply_decision(const RoundDecision& decision, PairingState& state) {
  if (!decision.end.empty()) {
    state.final_end = decision.end;
  } else if (!decision.finalists.empty()) {
    state.finalists = decision.finalists;
  } else {
    state.swiss.insert(state.swiss.end(), decision.swiss.begin(), decision.swiss.end());
  }
}

void save_decision(ResultsStore& store, const RoundDecision& decision) {
  if (!decision.end.empty()) {
    store.set_meta(kFinalEndKey, decision.end);
    return;
  }
  if (decision.finalists.empty()) {
    store.add_pairings(decision.round, decision.swiss);
    return;
  }
  std::string text;
  for (const auto& name : decision.finalists) text += (text.empty() ? "" : ",") + name;
  store.set_meta(kFinalistsKey, text);
}

}  // namespace amazes::competition
