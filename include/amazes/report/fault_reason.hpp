#pragma once
// Why a player faulted, in words a bot author can act on: under a faulted player's result
// (`amazes match`) and, as the fault happens, in `amazes match --debug`. Both are made from
// what the match record keeps of the fault turn, so that both say the same.
#include <string>

#include "amazes/arbiter/match_record.hpp"

namespace amazes::report {

// One line (the bot's bytes escaped) saying what the player did at its fault turn `turn`, e.g.
// `answered "FFX": 'X' (character 3) is not F, T, L or R`. A timeout is told by the budget left
// and the limit the log recorded for the turn.
std::string fault_cause(const arbiter::LoggedTurn& turn, const arbiter::MatchSettings& settings);

// Why a turn (an Amazes turn, a referee game's listen) ran out of time, on one line: the limit
// that ended it as its log entry says (limit_hit), its charge and allowance.
std::string timeout_cause(const arbiter::TurnExchange& turn, const arbiter::MatchSettings& settings);

// Why the player faulted, on one line (fault_cause of its faulting turn, or its memory limit);
// empty when it did not fault.
std::string fault_why(const arbiter::MatchRecord& record, Color color);

// The lines under a faulted player's result: why (fault_cause), how its process ended, and
// the last `lines` lines of its stderr, each indented and escaped. Empty when it did not fault.
std::string fault_reason(const arbiter::MatchRecord& record, Color color, std::size_t lines = 5);

}  // namespace amazes::report
