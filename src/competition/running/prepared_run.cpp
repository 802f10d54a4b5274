// Opening an output folder for a run: what tournament and versus setups share.
#include "amazes/competition/prepared_run.hpp"

#include <fmt/format.h>

#include "amazes/arbiter/game_setup.hpp"
#include "amazes/competition/competition_request.hpp"
#include "amazes/competition/output_checks.hpp"

namespace amazes::competition {

std::filesystem::path store_path(const std::filesystem::path& out_dir) { return out_dir / kStoreFileName; }

bool settle_store(std::optional<OutputLock>& lock, std::optional<ResultsStore>& store,
                  const std::filesystem::path& out_dir, const Competition& competition,
                  const std::vector<StoredRound>& rounds) {
  const auto path = store_path(out_dir);
  if (!lock) {
    lock = OutputLock::acquire(out_dir);
    // Another judge may have made the store while this one was checking (this lock goes
    // first: the caller's new one is another flock).
    if (ResultsStore::exists(path) && !ResultsStore::is_unfinished(path)) {
      lock.reset();
      return false;
    }
  }
  remove_leftover_temporaries(out_dir);
  if (store) {
    check_stored_logs(*store, out_dir);
    store->extend(competition.players, rounds);
  } else {
    refuse_logs_without_store(out_dir);
    store = ResultsStore::create(path, competition, rounds);
  }
  return true;
}

void refuse_another_setup(const ResultsStore& store, std::string_view unit, const StoredRound& stored,
                          const StoredRound& mine, std::string_view run) {
  const bool older = stored.game.empty();
  if (older && mine.game != arbiter::kAmazesGame) return;
  if (!older && stored.game != mine.game) {
    throw CompetitionMismatch(
        fmt::format("{}: {} {} was played as the game '{}', this run plays '{}'; use another --out "
                    "for a new {}, or give the referee it was played with",
                    store.path().string(), unit, stored.round, stored.game, mine.game, run));
  }
  if (mine.maze == stored.maze) return;
  throw CompetitionMismatch(fmt::format(
      "{}: {} {} was played on maze {}, this run gives it {} (a different maze); use another --out for a new {}, "
      "or leave --mazes/--seed/--size out to continue this one",
      store.path().string(), unit, stored.round, describe_stored_maze(stored.maze_name, stored.maze),
      describe_stored_maze(mine.maze_name, mine.maze), run));
}

ExistingStore open_existing_store(const std::filesystem::path& out_dir, CompetitionKind wanted) {
  ExistingStore existing;
  std::error_code error;
  if (std::filesystem::exists(out_dir, error)) existing.lock = OutputLock::acquire(out_dir);
  const auto path = store_path(out_dir);
  // An interrupted creation leaves an empty database: that is no store yet.
  if (ResultsStore::exists(path) && !ResultsStore::is_unfinished(path)) {
    existing.store = ResultsStore::open(path, ResultsStore::Access::ReadWrite);
    existing.competition = existing.store->competition();
    if (existing.competition->kind != wanted) {
      throw CompetitionMismatch(
          fmt::format("{}: this store holds an `amazes {}` run, not an `amazes {}` run; use another --out",
                      path.string(), competition_kind_name(existing.competition->kind), competition_kind_name(wanted)));
    }
  }
  return existing;
}

}  // namespace amazes::competition
