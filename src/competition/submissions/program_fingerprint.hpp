#pragma once
// A fingerprint of the files a player command runs, so that a tournament or versus store is
// never continued with a rebuilt bot under the same command: the results of yesterday's build
// would silently be counted as today's. One rule for both commands (check_programs).
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "amazes/competition/players.hpp"
#include "amazes/competition/results_store.hpp"

namespace amazes::competition {

// "fnv1a64:<16 hex digits>" over the contents (not the names) of the files the command names:
// its program when given as a path (a word with '/'), and every later word that names a regular
// file relative to the current directory or by an absolute path (`python3 bot.py` → bot.py).
// Programs found through PATH (python3, an installed bot) are not included. Nothing when the
// command names no file, or cannot be split.
std::optional<std::string> program_fingerprint(std::string_view command);

// The meta key of a player's program fingerprint: "program.NAME".
std::string fingerprint_key(const std::string& player);

// The fingerprints a run must record before its first game: (meta key, value) of each player
// that has none in the store yet.
using ProgramFingerprints = std::vector<std::pair<std::string, std::string>>;

// The rule of every competition: each of `players` (those this run may play) whose program now
// differs from the fingerprint `store` recorded for it is refused with CompetitionMismatch, one
// line naming the player, its command and what to do instead (another --out, or remove `out`).
// Returns the fingerprints to record with record_programs once the run is checked. A player
// whose command names no file has no fingerprint and is never refused.
ProgramFingerprints check_programs(const ResultsStore* store, const std::vector<PlayerSpec>& players,
                                   const std::filesystem::path& out);

// Records what check_programs returned, before any game of those players is played: a run
// killed in between has no games to misattribute.
void record_programs(ResultsStore& store, const ProgramFingerprints& fingerprints);

}  // namespace amazes::competition
