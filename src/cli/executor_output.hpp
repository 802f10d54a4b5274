#pragma once
// The executors (competition/executor.hpp) as the command line shows them, the same for
// tournaments and versus runs: a plan's size and the commands that play and collect it, and
// Slurm's progress as it goes.
#include <memory>
#include <string_view>

#include "amazes/competition/competition_request.hpp"
#include "amazes/competition/executor.hpp"
#include "logging.hpp"

namespace amazes::cli {

// The executor the request asks for (the local one plays arbiter::run_match, `jobs` at once),
// with what it tells shown here: the plan's chunks and what to run next, on stdout
// (`collect_does` ends the last line: "write the standings"); Slurm's progress on stderr, a
// status line on a terminal, else a log line whenever more games are stored. `events` holds
// what the command adds (its standings as games are stored, its lines after a wave).
std::unique_ptr<competition::Executor> executor_for(const competition::CompetitionRequest& request, int jobs,
                                                    Verbosity verbosity, std::string_view collect_does,
                                                    competition::ExecutorEvents events);

}  // namespace amazes::cli
