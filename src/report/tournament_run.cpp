#include "amazes/report/tournament_run.hpp"

#include "amazes/report/standings_files.hpp"

namespace amazes::report {

TournamentOutcome run_tournament_with_standings(competition::PreparedTournament& tournament,
                                                const competition::PlayMatch& play, int jobs,
                                                const competition::TournamentHooks& hooks,
                                                const RoundWritten& round_written) {
  competition::TournamentHooks wired = hooks;
  wired.round_complete = [&](int round, bool completed_now) {
    const auto report = write_round_standings(tournament.out, read_snapshot(tournament.store), round);
    if (round_written) round_written(report, completed_now);
    if (hooks.round_complete) hooks.round_complete(round, completed_now);
  };
  TournamentOutcome outcome;
  outcome.summary = competition::run_tournament(tournament.competition, tournament.schedule, tournament.store,
                                                tournament.out, play, jobs, wired);
  outcome.final_standings = write_final_standings(tournament.out, read_snapshot(tournament.store));
  return outcome;
}

}  // namespace amazes::report
