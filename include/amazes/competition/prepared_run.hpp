#pragma once
// A tournament or versus run ready to play, as prepare_tournament (tournament_setup.hpp) and
// prepare_versus (versus_setup.hpp) leave it: the output folder locked, its store open, checked
// against the request and made or extended, the competition completed from it. Both kinds are
// one type, so that an executor (executor.hpp) plays either; and what the two setups share of
// opening an output folder is here.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/competition/competition.hpp"
#include "amazes/competition/output_lock.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/competition/schedule.hpp"
#include "amazes/competition/versus_stats.hpp"

namespace amazes::competition {

// What a versus run adds to its competition. Its games are not listed in advance: pair p is
// made when it is first handed out (schedule.hpp, add_round_games), and an opponent decided early never
// needs the rest.
struct VersusSetup {
  std::vector<PlayerSpec> opponents;  // this run's, in the order given (the store may hold more)
  int pairs = 0;                      // --games: pairs per opponent, at most
  VersusRule rule;
  std::shared_ptr<const GameSetups> game;  // what its pairs are set up from (game_setups.hpp)
};

struct PreparedRun {
  OutputLock lock;          // held for as long as the run goes
  Competition competition;  // its kind says which of the two below holds the games
  Schedule schedule;        // a tournament's: every game of every round
  VersusSetup versus;       // a versus run's
  ResultsStore store;
  std::filesystem::path out;
  arbiter::LogFormat log_format = arbiter::LogFormat::Json;  // of the logs this run writes
  bool resumed = false;                                      // the store existed before this run
  bool seed_drawn = false;                                   // none given or stored: drawn at random now (and stored)
  std::vector<std::string> notes;  // worth telling the user (players kept from the store, …)
};

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
// as another game, or on another maze, than it was played on. `run` names what the user starts
// instead. A round an older judge stored without its game had a maze whatever its game: for a
// game played on no maze that maze was never played, and the round is this run's.
void refuse_another_setup(const ResultsStore& store, std::string_view unit, const StoredRound& stored,
                          const StoredRound& mine, std::string_view run);

}  // namespace amazes::competition
