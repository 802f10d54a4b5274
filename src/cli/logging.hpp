#pragma once
// -q/-v for the commands that log progress, through spdlog on stderr.
#include "command.hpp"

namespace amazes::cli {

enum class Verbosity { Quiet, Normal, Verbose };

// Adds -q/--quiet and -v/--verbose.
void add_logging_options(po::options_description& options);
// Sets spdlog's level (warnings only, info, debug) and a plain "amazes: message" pattern.
Verbosity configure_logging(const po::variables_map& values);

}  // namespace amazes::cli
