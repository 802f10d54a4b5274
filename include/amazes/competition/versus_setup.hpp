#pragma once
// From `amazes versus NEW OLD…` to a run ready to play: the request is completed with what the
// output directory's store already holds (as for tournaments: options left out take the stored
// values, a different seed, maze source or setting is refused), checked, and the store created
// or extended before anything is played.
//
// A versus store (meta kind = "versus") holds one NEW player (position 1 in players) and every
// opponent it has met there. A run names NEW and some opponents: NEW must be the stored NEW with
// the same command; an opponent already in the store must have the same command; new opponents
// are added; stored opponents not named are left alone (and not reported). Each player's
// program fingerprint (program_fingerprint.hpp) is kept in meta "program.NAME": a run whose NEW or
// opponent program changed since its games were played is refused, so a rebuilt bot is never
// credited with the old build's results.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "amazes/arbiter/match.hpp"
#include "amazes/competition/competition_request.hpp"
#include "amazes/competition/players.hpp"
#include "amazes/competition/prepared_run.hpp"
#include "amazes/competition/versus_stats.hpp"

namespace amazes::competition {

// Pairs per opponent when --games is not given.
inline constexpr int kDefaultVersusPairs = 100;

struct VersusRequest : CompetitionRequest {
  PlayerSpec new_player;
  std::vector<PlayerSpec> opponents;
  int pairs = kDefaultVersusPairs;  // --games: pairs of games per opponent, at most
  VersusRule rule;
  std::optional<std::filesystem::path> out;  // nothing: default_versus_out
};

// "versus-NEW-vs-OLD1-OLD2…" (in the current directory), or "versus-NEW-vs-K-opponents" when
// that would be longer than 120 characters.
std::filesystem::path default_versus_out(const std::string& new_player, const std::vector<PlayerSpec>& opponents);

// Runs before anything is written, once the competition is known: e.g. that every player's
// command can be started. `first_game` is the first game of pair 1 (NEW red against the first
// opponent); `players` are NEW and this run's opponents.
using VersusCheck = std::function<void(const arbiter::MatchSpec& first_game, const std::vector<PlayerSpec>& players)>;

// Takes the output directory's lock, removes temporary files left by a killed run, opens or
// creates the store. Throws PlayerListError (bad or repeated names, no opponent), OutputBusy,
// StoreError, CompetitionMismatch (another kind of store, another NEW, a changed command,
// program or setting, a maze that differs from a stored pair's) or ScheduleError; nothing is
// created in a directory that did not exist when the request is refused.
PreparedRun prepare_versus(const VersusRequest& request, const VersusCheck& check = {});

}  // namespace amazes::competition
