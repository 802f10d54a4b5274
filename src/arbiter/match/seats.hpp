#pragma once
// The two players of a match as the drivers hold them (the Amazes game's, amazes_game.cpp, and a
// referee's, referee_match.cpp): each in its sandbox, taking its turns with its clock
// (turn_taker.hpp), and what the record says of their sandboxes and processes.
#include <array>
#include <chrono>
#include <memory>
#include <span>
#include <string_view>

#include "amazes/arbiter/match.hpp"
#include "match/turn_taker.hpp"
#include "process/cpu_pin.hpp"
#include "sandbox/sandboxed_player.hpp"

namespace amazes::arbiter {

class MatchObserver;

// One player's side of the match: the player, taking its turns with its clock.
struct Seat {
  // The player that runs for the whole game; for a per-move player, the program of its last move.
  // (Const as the pointer is: the seat, not the player.)
  SandboxedPlayer& player() const { return taker->player(); }
  PlayerClock& clock() const { return taker->clock(); }

  std::unique_ptr<TurnTaker> taker;  // a ResidentPlayer, or a MovePlayer run once per move
};

// Everything that can refuse the match does so before any process starts: the page cache dropped
// when asked (JudgeFailure), each command made a launch (PlayerCommandError), each sandbox decided
// (SandboxError); a per-move player's folder made in `move_folders`, which must outlive the seats.
// Nothing is started. Each player takes its turns by the game's `rules`, and is started with its
// stderr passed on to `observer` (when there is one).
std::array<Seat, 2> seat_players(const MatchSpec& spec, const TurnRules& rules, MatchObserver* observer,
                                 const std::filesystem::path& move_folders = {});

// The sandbox as the record shows it: the mechanisms, the UIDs, the CPU; and as fields.
std::string sandbox_record(const std::array<Seat, 2>& seats, const SandboxSettings& settings, const CpuPin& pin);
SandboxUsed sandbox_used(const std::array<Seat, 2>& seats, const CpuPin& pin);

// What the record says of the player's process: its stderr, how it ended, its memory; and its time.
void fill_process_outcome(Seat& seat, PlayerOutcome& outcome);

}  // namespace amazes::arbiter
