#pragma once
// The referee's own log (caiaio's one argument), which the judge gives it as a file of its own
// (referee_command.hpp) and keeps with the match once the referee has ended: its beginning, up to
// a bound, and each player's fault reason in the form of docs/referees.md ("Why a fault").
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

namespace amazes::arbiter {

// What of the log goes into the match record: a few times any game's log (a More game's is a few
// KiB), small enough for every game of a tournament.
inline constexpr std::size_t kRefereeLogKept = 64 * 1024;
// A reason longer than this is cut: it is one line for an author, not a copy of the player's.
inline constexpr std::size_t kFaultReasonMax = 500;

struct KeptRefereeLog {
  std::string text;           // its first kRefereeLogKept bytes
  std::uint64_t dropped = 0;  // the bytes it had beyond them
  // Player 1's and player 2's reason, from the first `fault N …` line of each in the whole log
  // (not only its kept part); empty when it has none.
  std::array<std::string, 2> reasons;
};

// Reads the log the referee left at `file`. Never blocks and never fails the game: whatever the
// referee put under its name that is not a regular file (a link, a FIFO), or a file that is gone,
// is kept as an empty log. Reads at most the referee's file size limit.
KeptRefereeLog keep_referee_log(const std::filesystem::path& file);

}  // namespace amazes::arbiter
