#pragma once
// What a competition's output folder holds, read as the tests of executors compare it: the
// stored games, and a versus run's report.
#include <filesystem>
#include <string>
#include <vector>

#include "amazes/competition/results_store.hpp"
#include "support/run.hpp"

namespace amazes::testing {

// Every game in OUT/results.sqlite.
inline std::vector<competition::MatchRow> rows_of(const std::filesystem::path& out) {
  return competition::ResultsStore::open(out / "results.sqlite", competition::ResultsStore::Access::ReadOnly).matches();
}

// `amazes versus --report OUT` with OUT written as DIR, so that two folders' reports compare.
inline std::string versus_report_of(const std::filesystem::path& out) {
  std::string text = run_command(amazes_exe() + " versus --report " + shell_quote(out.string()) + " 2>&1").output;
  for (std::size_t at; (at = text.find(out.string())) != std::string::npos;)
    text.replace(at, out.string().size(), "DIR");
  return text;
}

}  // namespace amazes::testing
