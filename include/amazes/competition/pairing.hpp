#pragma once
// Who plays whom: a pairing is two players who play both colours on the round's maze from the
// same two starts. Each format answers its rounds' pairings (src/competition/formats/); this
// holds what decides the rounds that wait for results (a Swiss round, the final) and stores it.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "amazes/competition/competition.hpp"
#include "amazes/competition/match_row.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/competition/standings.hpp"

namespace amazes::competition {

struct RoundPairings {
  int round = 0;
  std::vector<std::pair<std::string, std::string>> pairs;  // the first plays red first
  std::optional<std::string> bye;
  friend bool operator==(const RoundPairings&, const RoundPairings&) = default;
};

// What decides the rounds that depend on results, as the store holds it.
struct PairingState {
  std::vector<MatchRow> rows;
  std::vector<StoredPairing> swiss;    // every decided Swiss round's and adaptive final round's pairings
  std::vector<std::string> finalists;  // empty until the final is decided
  std::string final_end;               // why the adaptive final ended (kFinalEnds); empty while it goes on
};
PairingState pairing_state(const ResultsStore& store);
// The same without the games: what is decided (a contest site reads it after every game).
PairingState stored_decisions(const ResultsStore& store);

// The store's meta key of the finalists ("a,b,c", in the first stage's order).
inline constexpr const char* kFinalistsKey = "final_players";
// The store's meta key of why the adaptive final ended: "settled" (every place 1..K is surely
// ahead of the next), "max-games" (the next round would pass --max-games), "no-pairing" (no
// contender left to pair). Absent or empty while it goes on.
inline constexpr const char* kFinalEndKey = "final_end";
inline constexpr const char* kFinalSettled = "settled";
inline constexpr const char* kFinalMaxGames = "max-games";
inline constexpr const char* kFinalNoPairing = "no-pairing";

// The pairings of `round` when they are decided; nothing while they wait for results.
std::optional<RoundPairings> decided_pairings(const Competition& competition, const PairingState& state, int round);

// True when every game of the round's pairings is in `rows`.
bool round_complete(const RoundPairings& pairings, const std::vector<MatchRow>& rows);

// The last final round whose pairings are stored: an adaptive final's rounds so far (0: none).
int adaptive_rounds_decided(const PairingState& state);

// The byes of the decided Swiss rounds.
std::vector<Bye> swiss_byes(const PairingState& state);

// The first stage's standings after rounds 1..up_to (its games and byes only).
Standings stage_standings(const Competition& competition, const PairingState& state, int up_to);

// What deciding a round stores: a Swiss round's or an adaptive round's pairings, the finalists,
// or the end of the adaptive final (`end`, the round then has no pairings).
struct RoundDecision {
  int round = 0;
  std::vector<StoredPairing> swiss;
  std::vector<std::string> finalists;
  std::string end;
};

// Decides `round` from the results when it waits for them and the round before it (the first
// stage's last round, for the final) is complete; nothing otherwise. Deterministic: the same
// competition and results give the same decision.
std::optional<RoundDecision> decide_round(const Competition& competition, const PairingState& state, int round);

// Adds a decision to `state`, and writes it to the store (a round's pairings, or the finalists or
// the adaptive final's end in the meta table), in one transaction.
void apply_decision(const RoundDecision& decision, PairingState& state);
void save_decision(ResultsStore& store, const RoundDecision& decision);

}  // namespace amazes::competition
