#pragma once
// One match: two player programs over pipes, each in its sandbox, driven through the rules
// core's Game (used by `amazes match`, and by tournaments and versus runs through the match pool).
// run_match never throws because of what a player does: every misbehaviour becomes a fault
// in the record. It throws only when the match cannot be played at all: a player command
// that does not exist, a maze/starts problem (before any process is started), or a failure
// of the judge's own (JudgeFailure).
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include "amazes/arbiter/game_setup.hpp"
#include "amazes/arbiter/match_record.hpp"

namespace amazes::arbiter {

// A player command that cannot be run (missing, not executable, malformed quoting).
class PlayerCommandError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The judge itself could not go on (it could not set up a player's process: out of
// descriptors, a cgroup or UID it cannot join). The match has no result; nothing is scored.
class JudgeFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The game's referee broke caiaio's protocol (docs/referees.md §6): it hung, ended before its
// result, or wrote what caiaio does not know. That game has no result, like any judge failure,
// but the fault is in the game, not in the machine: a competition plays its other games.
class RefereeFailure : public JudgeFailure {
 public:
  using JudgeFailure::JudgeFailure;
};

struct MatchSpec {
  std::string id;
  GameSetup setup;                    // the built-in game's and a {maze} referee's: an Amazes setup (amazes_board)
  std::array<PlayerSpec, 2> players;  // red, blue (players 1 and 2 of a referee game)
  MatchSettings settings;
};

// The record of a match before it is played: what the spec fixes (id, seed, players, settings, and
// the game's part of the kind its settings say, with an Amazes setup's maze and starts), no turns,
// lines or outcome yet.
MatchRecord record_of_spec(const MatchSpec& spec);
// The spec such a record was made from (a game of a plan, written as its record).
MatchSpec spec_of_record(const MatchRecord& record);

// Checks that both commands can be started (parsed, found, executable, and reachable for the
// sandbox's player user), and the referee's if there is one (its placeholders can be filled).
// Throws PlayerCommandError with a one-line message naming the player (or the referee) and the
// command, or SandboxError when the sandbox settings cannot be honoured here.
void check_player_commands(const MatchSpec& spec);

// How many players can run at once under `sandbox`, counting no further than `enough`: where
// each gets a UID of its own (the judge is root, in every mode), the usable UIDs of the range
// (no passwd, group or subuid entry); nothing where players need none.
std::optional<std::size_t> player_uids_available(const SandboxSettings& sandbox, std::size_t enough);

class MatchObserver;  // match_observer.hpp

// Plays the match to its end and returns its record. The log is not written here. Throws
// SandboxError (before starting anything) when the sandbox cannot be set up, JudgeFailure when
// a player's process cannot be set up for a reason of the judge's (whatever had started is
// killed and reaped first). Once the judge is interrupted (judge_process.hpp) it never returns.
MatchRecord run_match(const MatchSpec& spec);
// The same, telling `observer` of every line written and read, of stderr and of faults as
// they happen (`amazes match --debug`).
MatchRecord run_observed_match(const MatchSpec& spec, MatchObserver& observer);

}  // namespace amazes::arbiter
