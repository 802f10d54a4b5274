#pragma once
// What must hold in an output directory before a run writes to it (call with its lock held):
// the logs and the store belong together. A store never points to a missing or cut log, and
// logs are never played over because their store went missing.
#include <filesystem>

#include "amazes/competition/results_store.hpp"

namespace amazes::competition {

// Throws StoreError, naming the first log, when a stored game's match log is missing or not a
// whole log (a log is written atomically, so this is damage from outside).
void check_stored_logs(const ResultsStore& store, const std::filesystem::path& out_dir);

// Throws StoreError when `out_dir` holds match logs but no store to say which games they are:
// a new store there would play those games again and write over their logs.
void refuse_logs_without_store(const std::filesystem::path& out_dir);

}  // namespace amazes::competition
