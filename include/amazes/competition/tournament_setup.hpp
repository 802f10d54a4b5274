#pragma once
// From what the user asked for to a competition ready to run: the request (config file and
// command line) is completed with what the output directory's store already holds, checked
// against it, and turned into a schedule. A store is created only once all of that succeeded.
//
// With a store present, every option left out takes the stored value, so the same command (or
// `--resume` alone) continues the competition. An option given with a value that differs from
// the store's (seed, maze of a played round, turns, time, clock, wall guard, a player's command)
// is refused, and so is a player whose program changed since its games were played (as in
// versus: program_fingerprint.hpp): results of two competitions or two builds are never mixed. Players may be added
// (their games are scheduled in every round), rounds may be added; stored players and rounds always stay.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/competition/competition.hpp"
#include "amazes/competition/competition_request.hpp"
#include "amazes/competition/output_lock.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/competition/schedule.hpp"

namespace amazes::competition {

// What the user asked for; nothing = not given.
struct TournamentRequest : CompetitionRequest {
  std::vector<PlayerSpec> players;
  std::optional<int> rounds;
  std::filesystem::path out = "tournament";
  bool resume = false;  // a store must exist in `out`
};

struct PreparedTournament {
  OutputLock lock;  // held for as long as the tournament runs
  Competition competition;
  Schedule schedule;
  ResultsStore store;
  std::filesystem::path out;
  bool resumed = false;            // the store existed before this run
  bool seed_drawn = false;         // none given or stored: drawn at random now (and stored)
  std::vector<std::string> notes;  // worth telling the user (players kept from the store, …)
};

// Takes the output directory's lock, removes temporary files left by a killed run, and
// opens or creates the store. Throws OutputBusy, StoreError (unusable store),
// CompetitionMismatch, PlayerListError or ScheduleError; nothing is created in a directory
// that did not exist when the request is refused.
// `check` (e.g. that every player's command can be started) runs once the competition and
// schedule are known but before anything is written, so a refused player leaves no trace.
using TournamentCheck = std::function<void(const Competition&, const Schedule&)>;
PreparedTournament prepare_tournament(const TournamentRequest& request, const TournamentCheck& check = {});

// The store's file in an output directory.
std::filesystem::path store_path(const std::filesystem::path& out_dir);

// What an output directory already holds, for a run of kind `wanted`: its lock (taken when
// the directory exists), and its store, open for writing, with the competition stored in it
// (nothing when there is no store, or only the empty database of an interrupted creation).
// Throws OutputBusy, StoreError, or CompetitionMismatch when the store is another kind's.
struct ExistingStore {
  std::optional<OutputLock> lock;
  std::optional<ResultsStore> store;
  std::optional<Competition> competition;
};
ExistingStore open_existing_store(const std::filesystem::path& out_dir, CompetitionKind wanted);

// The end of opening an output directory, once the run is checked: the lock taken (if
// open_existing_store could not: the directory did not exist), what a killed run left cleared,
// and the store extended by `players` and `rounds` (its logs checked first) or made (unless
// logs lie there without a store). False, with the lock released, when another judge made a
// store in between: the caller starts over and opens that one.
bool settle_store(std::optional<OutputLock>& lock, std::optional<ResultsStore>& store,
                  const std::filesystem::path& out_dir, const Competition& competition,
                  const std::vector<StoredRound>& rounds);

// Refuses (CompetitionMismatch) a run that would play stored round or pair `unit` `number`
// on another maze than it was played on. `run` names what the user starts instead.
void refuse_another_maze(const ResultsStore& store, std::string_view unit, const StoredRound& stored,
                         const StoredRound& mine, std::string_view run);

}  // namespace amazes::competition
