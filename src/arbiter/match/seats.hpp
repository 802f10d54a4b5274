#pragma once
// The two players of a match as the drivers hold them (the Amazes game's, match.cpp, and a
// referee's, referee_match.cpp): each in its sandbox with its clock, started at its first turn,
// and what the record says of their sandboxes and processes.
#include <array>
#include <chrono>
#include <memory>
#include <string_view>

#include "amazes/arbiter/match.hpp"
#include "process/cpu_pin.hpp"
#include "sandbox/sandboxed_player.hpp"

namespace amazes::arbiter {

class MatchObserver;

// One player's side of the match: the player in its sandbox, and its clock.
struct Seat {
  std::unique_ptr<SandboxedPlayer> player;
  std::chrono::nanoseconds budget_left{0};
  std::chrono::nanoseconds charged{0};
};

// The limits of one turn's read from the budget left (docs/rules.md §10).
ReadLimits turn_limits(const MatchSettings& settings, std::chrono::nanoseconds budget_left);

// Everything that can refuse the match does so before any process starts: the page cache
// dropped when asked (JudgeFailure), each command made a launch (PlayerCommandError), each
// sandbox decided (SandboxError). Nothing is started.
std::array<Seat, 2> seat_players(const MatchSpec& spec);

// Starts the player of `seat` (`color`'s) at its first turn; throws JudgeFailure when the judge,
// not the player, could not start it (seats.cpp says why not earlier).
void start_player(Seat& seat, Color color, const MatchSpec& spec, MatchObserver* observer);

// The sandbox as the record shows it: the mechanisms, the UIDs, the CPU; and as fields.
std::string sandbox_record(const std::array<Seat, 2>& seats, const SandboxSettings& settings, const CpuPin& pin);
SandboxUsed sandbox_used(const std::array<Seat, 2>& seats, const CpuPin& pin);

// What the record says of the player's process: its stderr, how it ended, its memory; and its time.
void fill_process_outcome(Seat& seat, PlayerOutcome& outcome);

}  // namespace amazes::arbiter
