#pragma once
// Who wins an attack (docs/lamistra-rules.md §4): the lower rank number wins, equal ranks both
// go, everyone beats the spy but the spy that attacks the general, a bomb beats all attackers
// but the miner, and an attack on the flag wins the game.
#include <cstdint>
#include <string_view>

#include "amazes/lamistra/role.hpp"

namespace amazes::lamistra {

enum class CombatOutcome : std::uint8_t {
  AttackerWins,  // the defender is removed, the attacker takes its square
  DefenderWins,  // the attacker is removed
  BothRemoved,   // equal ranks
  FlagCaptured,  // the defender was the flag: the attacker's side wins the game
};
std::string_view outcome_name(CombatOutcome outcome);  // "attacker_wins", …

// Requires a moving role for the attacker (a bomb or the flag never attacks).
CombatOutcome combat(Role attacker, Role defender);

}  // namespace amazes::lamistra
