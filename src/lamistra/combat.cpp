// An attack's result by the roles of both pieces (docs/lamistra-rules.md §4).
#include "amazes/lamistra/combat.hpp"

namespace amazes::lamistra {

std::string_view outcome_name(CombatOutcome outcome) {
  switch (outcome) {
    case CombatOutcome::AttackerWins: return "attacker_wins";
    case CombatOutcome::DefenderWins: return "defender_wins";
    case CombatOutcome::BothRemoved: return "both_removed";
    case CombatOutcome::FlagCaptured: return "flag_captured";
  }
  return "?";
}

CombatOutcome combat(Role attacker, Role defender) {
  if (defender == Role::Flag) return CombatOutcome::FlagCaptured;
  if (defender == Role::Bomb) {
    return attacker == Role::Miner ? CombatOutcome::AttackerWins : CombatOutcome::DefenderWins;
  }
  // The spy beats the general only as the attacker; attacked by it, the general wins by rank.
  if (attacker == Role::Spy && defender == Role::General) return CombatOutcome::AttackerWins;
  const int a = role_rank(attacker);
  const int d = role_rank(defender);
  if (a == d) return CombatOutcome::BothRemoved;
  return a < d ? CombatOutcome::AttackerWins : CombatOutcome::DefenderWins;
}

}  // namespace amazes::lamistra
