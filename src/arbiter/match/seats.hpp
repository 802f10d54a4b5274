#pragma once
// The two players of a match as the drivers hold them (the Amazes game's, match.cpp, and a
// referee's, referee_match.cpp): each in its sandbox with its clock, started at its first turn,
// and what the record says of their sandboxes and processes.
#include <array>
#include <chrono>
#include <memory>
#include <span>
#include <string_view>

#include "amazes/arbiter/match.hpp"
#include "match/move_player.hpp"
#include "match/time_control.hpp"
#include "process/cpu_pin.hpp"
#include "sandbox/sandboxed_player.hpp"

namespace amazes::arbiter {

class MatchObserver;

// One player's side of the match: the player in its sandbox, and its clock.
struct Seat {
  // The player that runs for the whole game; for a per-move player, the program of its last move.
  // (Const as the pointers are: the seat, not the player.)
  SandboxedPlayer& player() const { return per_move ? per_move->last() : *resident; }

  std::unique_ptr<SandboxedPlayer> resident;
  std::unique_ptr<MovePlayer> per_move;  // instead, a player run once per move
  PlayerClock clock;
};

// One turn of a player that runs for the whole game, as both drivers play it: its input sent while
// it is stopped (the turn's wall clock starts there), then it runs until it has written a line or
// its time is up (the seat's clock), and is stopped again. `max_line`: the longest line.
ReadResult take_turn(Seat& seat, std::span<const std::string> input, std::size_t max_line);

// Everything that can refuse the match does so before any process starts: the page cache
// dropped when asked (JudgeFailure), each command made a launch (PlayerCommandError), each
// sandbox decided (SandboxError); a per-move player's folder made in `move_folders`, which must
// outlive the seats. Nothing is started.
std::array<Seat, 2> seat_players(const MatchSpec& spec, const std::filesystem::path& move_folders = {});

// What a player's process is started with: the game's stderr limit, and its stderr passed on to
// the observer as `color`'s (when there is one).
PlayerOptions player_options(const MatchSpec& spec, Color color, MatchObserver* observer);

// Starts the player of `seat` (`color`'s) at its first turn; throws JudgeFailure when the judge,
// not the player, could not start it (seats.cpp says why not earlier).
void start_player(Seat& seat, Color color, const MatchSpec& spec, MatchObserver* observer);

// The sandbox as the record shows it: the mechanisms, the UIDs, the CPU; and as fields.
std::string sandbox_record(const std::array<Seat, 2>& seats, const SandboxSettings& settings, const CpuPin& pin);
SandboxUsed sandbox_used(const std::array<Seat, 2>& seats, const CpuPin& pin);

// What the record says of the player's process: its stderr, how it ended, its memory; and its time.
void fill_process_outcome(Seat& seat, PlayerOutcome& outcome);

}  // namespace amazes::arbiter
