// amazes standings DIR: rebuilds every standings file of a tournament from its results store.
#include <iostream>

#include <spdlog/spdlog.h>

#include "amazes/competition/output_lock.hpp"
#include "amazes/report/standings_files.hpp"
#include "command.hpp"
#include "logging.hpp"

namespace amazes::cli {

int run_standings(const Args& args) {
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

  // While a tournament runs there, it owns the files: print its standings, write nothing.
  const auto lock = competition::OutputLock::try_acquire(dir);
  if (!lock) {
    spdlog::warn("{}: a tournament is running there; printing its standings so far without rewriting its files",
                 dir.string());
    std::cout << report::standings_text(report::current_standings(dir));
    return kExitOk;
  }
  std::cout << report::standings_text(report::rebuild_standings(dir));
  return kExitOk;
}

}  // namespace amazes::cli
