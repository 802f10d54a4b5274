// amazes tournament: a round-robin competition with per-round standings and a results store
// that survives crashes (the work is in competition/ and report/; this file parses and prints).
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <thread>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "amazes/arbiter/match.hpp"
#include "amazes/arbiter/sandbox_layout.hpp"
#include "amazes/competition/game_plan.hpp"
#include "amazes/competition/tournament.hpp"
#include "amazes/report/progress.hpp"
#include "amazes/report/replay_page.hpp"
#include "amazes/report/standings_files.hpp"
#include "command.hpp"
#include "competition_command.hpp"
#include "logging.hpp"
#include "plan_executor.hpp"
#include "tournament_options.hpp"

namespace amazes::cli {
namespace {

constexpr const char* kUsage =
    "amazes tournament [--config FILE] [--rounds R] [--mazes DIR | --seed S] [-j N] [--resume] [--out DIR] "
    "[PLAYER...]\n\n"
    "Every ordered pair of players meets once per round, on the round's maze, from starts shared by the two\n"
    "colour-swapped games. Mazes and starts come from the seed: without --seed (or a seed in the config file) it\n"
    "is drawn at random, printed on stderr and stored, so that no bot can know its mazes in advance. Results go\n"
    "to DIR/results.sqlite as each game ends, logs to DIR/matches/, standings to DIR/round-NN/ and\n"
    "DIR/standings.{txt,md,csv,html}. Running the same command again (or --resume) plays only what is missing,\n"
    "with the stored seed; adding players or rounds plays only their games. A changed competition is refused:\n"
    "another seed, maze or setting, or a player whose program file changed since its games there were played (use\n"
    "another --out for a new build).\n\n"
    "PLAYER is a program path or a command (\"python3 bot.py\"), named after its program file, or NAME=COMMAND.";

// The mazes' folder is known once the competition is: it may come from the store.
competition::TournamentCheck check_before_play(const std::vector<arbiter::Secret>& secrets) {
  return [secrets](const competition::Competition& competition, const competition::Schedule& schedule) {
    if (schedule.matches.empty()) return;
    std::vector<arbiter::Secret> all = secrets;
    if (competition.mazes.directory) all.push_back({"the maze folder", *competition.mazes.directory});
    check_players_and_layout(competition::match_spec(competition, schedule, schedule.matches.front()),
                             competition.players, all);
  };
}

// --executor plan: the games still to play written for workers, and what to do with them.
int write_plan(competition::PreparedTournament& tournament, const competition::TournamentRequest& request) {
  const auto games = competition::missing_games(tournament.competition, tournament.schedule, tournament.store);
  write_plan_and_say_what_next(tournament.out, game_plan_of(games, request), "write the standings");
  return kExitOk;
}

// --executor slurm: the plan as a job array, followed, collected, standings as rounds complete.
int play_on_slurm(competition::PreparedTournament& tournament, const competition::TournamentRequest& request,
                  Verbosity verbosity) {
  // A job of a killed coordinator still in the queue plays the plan it was given: follow it.
  auto plan = plan_of_queued_job(tournament.out);
  if (!plan) {
    plan = game_plan_of(competition::missing_games(tournament.competition, tournament.schedule, tournament.store),
                        request);
  }
  play_plan_on_slurm_with_progress(tournament.out, *plan, tournament.store, request.slurm, verbosity,
                                   [&] { report::rebuild_standings(tournament.out); });
  std::cout << report::standings_text(report::rebuild_standings(tournament.out));
  return kExitOk;
}

}  // namespace

int tournament_command(const Args& args) {
  auto options = tournament_command_line_options();
  add_logging_options(options);
  const auto values = parse_options(kUsage, options, tournament_positionals(), args);
  if (!values) return kExitOk;
  const Verbosity verbosity = configure_logging(*values);

  competition::TournamentRequest request;
  try {
    request = tournament_request(*values);
  } catch (const TournamentOptionError& e) {
    throw UsageError(e.what());
  } catch (const competition::PlayerListError& e) {
    throw UsageError(e.what());
  }
  // (--resume without a store is refused below, as exactly that.)
  if (request.players.empty() && !request.resume &&
      !competition::ResultsStore::exists(competition::store_path(request.out))) {
    throw UsageError("no players: give player programs, --player NAME=COMMAND or --config FILE");
  }

  const int jobs = games_at_once(request);
  auto tournament = [&] {
    try {
      std::vector<arbiter::Secret> secrets = {{"the output folder", request.out}};
      if (values->count("config") != 0U) secrets.push_back({"the config file", (*values)["config"].as<std::string>()});
      return competition::prepare_tournament(request, check_before_play(secrets));
    } catch (const competition::PlayerListError& e) {  // e.g. a single player
      throw UsageError(e.what());
    }
  }();
  for (const auto& note : tournament.notes) spdlog::info("{}", note);
  const auto& competition = tournament.competition;
  if (tournament.seed_drawn) say_drawn_seed("tournament", competition.seed, "mazes and starts");
  spdlog::info("{} players, {} round{}, {} games, seed {}, mazes {}, {} at once, output {}", competition.players.size(),
               competition.rounds, competition.rounds == 1 ? "" : "s", tournament.schedule.matches.size(),
               competition.seed, describe_mazes(competition), jobs, request.out.string());

  store_games_workers_finished(tournament.out, tournament.store);  // whatever the executor
  using competition::Executor;
  if (request.executor == Executor::Plan) return write_plan(tournament, request);
  if (request.executor == Executor::Slurm) return play_on_slurm(tournament, request, verbosity);

  const bool live = verbosity != Verbosity::Quiet && ::isatty(STDERR_FILENO) != 0;
  report::Progress progress(stderr, live);
  say_how_to_continue_if_interrupted("tournament", live);
  competition::TournamentHooks hooks;
  if (request.replays) hooks.before_commit = replay_writer(tournament.out);
  hooks.started = [&](int total, int already) { progress.started(total, already, tournament.store.matches()); };
  hooks.committed = [&](const competition::MatchRow& row, int done, int total) {
    progress.committed(row, done, total);
  };
  const auto print = [&](const report::StandingsReport& standings) {
    progress.clear();
    std::cout << report::standings_text(standings) << std::endl;
    progress.redraw();
  };
  // Rounds completed by this run are printed as they complete; the last one is the final table.
  const report::RoundWritten round_written = [&](const report::StandingsReport& standings, bool completed_now) {
    if (completed_now && verbosity != Verbosity::Quiet && standings.standings.round < competition.rounds)
      print(standings);
  };

  hooks.round_complete = report::round_standings_writer(tournament.out, tournament.store, round_written);

  const auto summary =
      competition::run_tournament(competition, tournament.schedule, tournament.store,
                                  {tournament.out, request.log_format}, arbiter::run_match, jobs, hooks);
  const auto final_standings = report::write_final_standings(tournament.out, report::read_snapshot(tournament.store));
  progress.finish();
  std::cout << report::standings_text(final_standings);
  log_games_played(summary.played, summary.seconds, request.out);
  if (summary.played == 0)
    spdlog::info("nothing left to play: all {} games are in {}", summary.scheduled, request.out.string());
  return kExitOk;
}

}  // namespace amazes::cli
