#include "logging.hpp"

#include <memory>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

namespace amazes::cli {

void add_logging_options(po::options_description& options) {
  options.add_options()("quiet,q", "only warnings, errors and the results (the standings, the players' lines)")(
      "verbose,v", "also debugging details");
}

Verbosity configure_logging(const po::variables_map& values) {
  if (values.count("quiet") != 0U && values.count("verbose") != 0U) throw UsageError("-q and -v exclude each other");
  const Verbosity verbosity = values.count("quiet") != 0U     ? Verbosity::Quiet
                              : values.count("verbose") != 0U ? Verbosity::Verbose
                                                              : Verbosity::Normal;
  // Thread-safe sink: the match driver may log from the tournament's worker threads.
  auto logger = std::make_shared<spdlog::logger>("amazes", std::make_shared<spdlog::sinks::stderr_sink_mt>());
  logger->set_pattern("amazes: %v");
  spdlog::set_default_logger(logger);
  spdlog::set_level(verbosity == Verbosity::Quiet     ? spdlog::level::warn
                    : verbosity == Verbosity::Verbose ? spdlog::level::debug
                                                      : spdlog::level::info);
  return verbosity;
}

}  // namespace amazes::cli
