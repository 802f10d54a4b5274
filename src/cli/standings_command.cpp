// amazes standings DIR: rebuilds every standings file of a tournament from its results store.
#include <iostream>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "amazes/competition/output_checks.hpp"
#include "amazes/competition/output_lock.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "amazes/report/site.hpp"
#include "amazes/report/standings_files.hpp"
#include "command.hpp"
#include "logging.hpp"

namespace amazes::cli {

int standings_command(const Args& args) {
  po::options_description options("Options");
  options.add_options()("dir", po::value<std::string>()->value_name("DIR"), "tournament output directory");
  add_logging_options(options);
  po::positional_options_description positionals;
  positionals.add("dir", 1);
  const auto values = parse_options(
      "amazes standings DIR\n\nRebuilds DIR/round-NN/standings.* (every complete round) and DIR/standings.* from "
      "DIR/results.sqlite alone, and prints the standings.",
      options, positionals, args);
  if (!values) return kExitOk;
  configure_logging(*values);
  if (values->count("dir") == 0U) throw UsageError("give the tournament's output directory");
  const std::filesystem::path dir = (*values)["dir"].as<std::string>();
  if (!std::filesystem::is_directory(dir)) throw UsageError(dir.string() + ": not a directory");

  // A versus run keeps its results in the same kind of store, but has no standings.
  if (const auto path = competition::store_path(dir); competition::ResultsStore::exists(path)) {
    const auto kind =
        competition::ResultsStore::open(path, competition::ResultsStore::Access::ReadOnly).competition().kind;
    if (kind != competition::CompetitionKind::Tournament) {
      throw std::runtime_error(
          fmt::format("{}: holds an `amazes {}` run, not a tournament; run that command again "
                      "with --out {} to see its report",
                      dir.string(), competition::competition_kind_name(kind), dir.string()));
    }
  }
  // While a tournament runs there, it owns the files: print its standings, write nothing.
  const auto lock = competition::OutputLock::try_acquire(dir);
  if (!lock) {
    spdlog::warn("{}: a tournament is running there; printing its standings so far without rewriting its files",
                 dir.string());
    std::cout << report::standings_text(report::current_standings(dir));
    return kExitOk;
  }
  // The files are ours now: clear what a killed rewrite left, and never link a missing log.
  competition::remove_leftover_temporaries(dir);
  auto store =
      competition::ResultsStore::open(competition::store_path(dir), competition::ResultsStore::Access::ReadOnly);
  competition::check_stored_logs(store, dir);
  // Written to only when a contestant has no private token yet (a store from before the site).
  if (!report::every_contestant_has_a_token(store)) {
    store = competition::ResultsStore::open(competition::store_path(dir), competition::ResultsStore::Access::ReadWrite);
  }
  std::cout << report::standings_text(report::rebuild_standings_and_site(dir, store));
  return kExitOk;
}

}  // namespace amazes::cli
