#pragma once
// Players added to a tournament after games were played (config/README.md, "Late players"): kept
// in the store's meta with the round after which each joined, so that the run, the standings
// and the site can say why it has fewer games.
#include <map>
#include <string>
#include <vector>

#include "amazes/competition/competition.hpp"

namespace amazes::competition {

class ResultsStore;
struct PairingState;

// The store's meta key: "NAME:ROUND,…" (a player name holds neither ':' nor ',').
inline constexpr const char* kLatePlayersKey = "late_players";

// Each late player with the round after which it joined (the latest round with a stored game,
// or the Swiss stage's last decided round).
std::map<std::string, int> late_players(const ResultsStore& store);

// The round after which a player added now joins: the Swiss stage's last decided round, else
// the latest round with a stored game; 0 before any game. `state` is the store's, before this
// run decides a round.
int rounds_before_joining(const Competition& competition, const PairingState& state);

// The players of `competition` that `stored` did not have, when `joined_after` > 0: one line
// each for the run to say. Adds them to the store's meta (a player late once stays so).
std::vector<std::string> record_late_players(ResultsStore& store, const Competition& competition,
                                             const Competition& stored, int joined_after);

// What a late player plays, for the pages: "joined after round 2: the Swiss stage pairs it from
// round 3".
std::string late_player_text(const Competition& competition, int joined_after);

}  // namespace amazes::competition
