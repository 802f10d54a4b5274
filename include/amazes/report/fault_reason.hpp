#pragma once
// Why a player faulted, in words a bot author can act on: under a faulted player's result
// (`amazes match`) and, as the fault happens, in `amazes match --debug`. Both are made from
// what the match record keeps of the fault turn, so that both say the same.
#include <string>

#include "amazes/arbiter/match_record.hpp"

namespace amazes::report {

// One line (the bot's bytes escaped) saying what the player did at its fault turn `turn`, e.g.
// `answered "FFX": 'X' (character 3) is not F, T, L or R`. `budget_left_ms`: what was left of
// its time budget before that turn (a timeout tells the budget from the wall guard by it).
std::string fault_cause(const arbiter::LoggedTurn& turn, const arbiter::MatchSettings& settings, double budget_left_ms);

// What was left of `color`'s time budget before its turn `turn`: the budget less the time
// charged for its earlier turns in `record`.
double budget_left_before(const arbiter::MatchRecord& record, Color color, int turn);

// Why the player faulted, on one line (fault_cause of its faulting turn, or its memory limit);
// empty when it did not fault.
std::string fault_why(const arbiter::MatchRecord& record, Color color);

// The lines under a faulted player's result: why (fault_cause), how its process ended, and
// the last `lines` lines of its stderr, each indented and escaped. Empty when it did not fault.
std::string fault_reason(const arbiter::MatchRecord& record, Color color, std::size_t lines = 5);

}  // namespace amazes::report
