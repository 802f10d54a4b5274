#pragma once
// A tournament with its standings files: runs competition::run_tournament, writes
// round-NN/standings.* as each round completes (in round order) and standings.* at the end.
// The judge's `amazes tournament` and the tests run tournaments through this one function.
#include <functional>

#include "amazes/competition/tournament.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "amazes/report/standings_tables.hpp"

namespace amazes::report {

struct TournamentOutcome {
  competition::TournamentSummary summary;
  StandingsReport final_standings;
};

// Called after a round's files are written; completed_now is false for rounds that were
// complete before this run (their files are rewritten, as the run may follow a crash).
using RoundWritten = std::function<void(const StandingsReport& report, bool completed_now)>;

TournamentOutcome run_tournament_with_standings(competition::PreparedTournament& tournament,
                                                const competition::PlayMatch& play, int jobs,
                                                const competition::TournamentHooks& hooks = {},
                                                const RoundWritten& round_written = {});

}  // namespace amazes::report
