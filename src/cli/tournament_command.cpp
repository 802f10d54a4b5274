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
#include "slurm_executor.hpp"
#include "tournament_options.hpp"

namespace amazes::cli {
namespace {

constexpr const char* kUsage =
    "amazes tournament [--config FILE] [--rounds R] [--mazes DIR | --seed S] [-j N] [--resume] [--out DIR] "
    "[PLAYER...]\n\n"
    "Every ordered pair of players meets once per round, on the round's maze, from starts shared by the two\n"
    "colour-swapped games. Results go to DIR/results.sqlite as each game ends, logs to DIR/matches/, standings to\n"
    "DIR/round-NN/ and DIR/standings.{txt,md,csv,html}. Running the same command again (or --resume) plays only\n"
    "what is missing; adding players or rounds plays only their games. A changed competition is refused: another\n"
    "seed, maze or setting, or a player whose program file changed since its games there were played (use\n"
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

}  // namespace

namespace {

// The games still to play, for workers (competition/game_plan.hpp).
competition::GamePlan plan_of(const competition::PreparedTournament& tournament,
                              const competition::TournamentRequest& request) {
  competition::GamePlan plan;
  plan.chunk_size = request.chunk_size;
  plan.log_format = request.log_format;
  for (auto& game : competition::missing_games(tournament.competition, tournament.schedule, tournament.store)) {
    plan.games.push_back({std::move(game.spec), game.round, std::move(game.maze_name)});
  }
  return plan;
}

// --executor plan: the plan written, and what to do with it.
int write_plan(const competition::PreparedTournament& tournament, const competition::TournamentRequest& request) {
  const competition::GamePlan plan = plan_of(tournament, request);
  competition::write_game_plan(tournament.out, plan);
  const std::string dir = tournament.out.string();
  const int chunks = plan.chunks();
  std::cout << fmt::format("{}: {} games to play in {} chunk{} of up to {} games\n",
                           competition::plan_path(tournament.out).string(), plan.games.size(), chunks,
                           chunks == 1 ? "" : "s", plan.chunk_size);
  if (chunks > 0) {
    std::cout << fmt::format("play each chunk I from 0 to {} (on any machines that see {}): amazes work {} --chunk I\n",
                             chunks - 1, dir, dir);
  }
  std::cout << fmt::format("then store the finished games and write the standings: amazes collect {}\n", dir);
  return kExitOk;
}

// --executor slurm: the plan as a job array, followed, collected, standings as rounds complete.
int play_on_slurm(competition::PreparedTournament& tournament, const competition::TournamentRequest& request,
                  Verbosity verbosity) {
  // A job of a killed coordinator still in the queue plays the plan it was given: follow it.
  competition::GamePlan plan;
  if (slurm_job_in_queue(tournament.out)) {
    plan = competition::read_game_plan(tournament.out);
  } else {
    plan = plan_of(tournament, request);
    competition::write_game_plan(tournament.out, plan);
  }
  const bool live = verbosity != Verbosity::Quiet && ::isatty(STDERR_FILENO) != 0;
  int shown = -1;
  play_plan_on_slurm(tournament.out, plan, tournament.store, request.slurm,
                     [&](int stored, int total, int running, int pending) {
                       const std::string line = fmt::format("slurm: {}/{} games stored, {} task{} running, {} pending",
                                                            stored, total, running, running == 1 ? "" : "s", pending);
                       if (live) {
                         std::cerr << "\r\x1b[K" << line << std::flush;
                       } else if (stored != shown && verbosity != Verbosity::Quiet) {
                         spdlog::info("{}", line);
                       }
                       if (stored != shown) report::rebuild_standings(tournament.out);  // rounds as they complete
                       shown = stored;
                     });
  if (live) std::cerr << "\r\x1b[K" << std::flush;
  std::cout << report::standings_text(report::rebuild_standings(tournament.out));
  return kExitOk;
}

}  // namespace

int run_tournament(const Args& args) {
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
  spdlog::info("{} players, {} round{}, {} games, seed {}, mazes {}, {} at once, output {}", competition.players.size(),
               competition.rounds, competition.rounds == 1 ? "" : "s", tournament.schedule.matches.size(),
               competition.seed, describe_mazes(competition), jobs, request.out.string());

  using Executor = competition::TournamentRequest::Executor;
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
