#pragma once
// The options of `amazes versus`, read with Boost.Program_options: the players, --games, the
// sequential test or the margin, and what tournaments share (competition_options.hpp).
#include <optional>
#include <utility>

#include <boost/program_options.hpp>

#include "amazes/competition/versus_setup.hpp"
#include "command.hpp"

namespace amazes::cli {

// The bounds of "--sprt D0 D1", taken out of the arguments before Program_options sees them: it
// would read a negative bound such as -20 as an option. Throws UsageError.
std::optional<std::pair<double, double>> take_sprt(Args& args);

// Every option of `amazes versus` but -q/-v (logging.hpp); the players are option "players".
po::options_description versus_options();

// The request of a parsed command line and the bounds take_sprt took. Throws UsageError.
competition::VersusRequest versus_request(const po::variables_map& values,
                                          std::optional<std::pair<double, double>> sprt);

// --report DIR takes nothing that would shape a run: throws UsageError naming what does not apply.
void refuse_run_options_with_report(const po::variables_map& values, bool sprt);

}  // namespace amazes::cli
