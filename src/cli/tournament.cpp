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
#include "amazes/competition/tournament_options.hpp"
#include "amazes/report/progress.hpp"
#include "amazes/report/replay_page.hpp"
#include "amazes/report/standings_files.hpp"
#include "amazes/competition/tournament.hpp"
#include "command.hpp"
#include "logging.hpp"

namespace amazes::cli {
namespace {

constexpr const char* kUsage =
    "amazes tournament [--config FILE] [--rounds R] [--mazes DIR | --seed S] [-j N] [--resume] [--out DIR] "
    "[PLAYER...]\n\n"
    "Every ordered pair of players meets once per round, on the round's maze, from starts shared by the two\n"
    "colour-swapped games. Results go to DIR/results.sqlite as each game ends, logs to DIR/matches/, standings to\n"
    "DIR/round-NN/ and DIR/standings.{txt,md,csv,html}. Running the same command again (or --resume) plays only\n"
    "what is missing; adding players or rounds plays only their games.\n\n"
    "PLAYER is a program path or a command (\"python3 bot.py\"), named after its program file, or NAME=COMMAND.";

// Every player's command must start, and no player may see the mazes, the config or the output,
// before a single game is played. Either is a usage error (exit 2), as in `amazes match` and
// `amazes versus`.
competition::TournamentCheck check_commands(const std::vector<arbiter::Secret>& secrets) {
  return [secrets](const competition::Competition& competition, const competition::Schedule& schedule) {
    if (schedule.matches.empty()) return;
    auto spec = competition::match_spec(competition, schedule, schedule.matches.front());
    std::vector<arbiter::Secret> all = secrets;
    if (competition.mazes.directory) all.push_back({"the maze folder", *competition.mazes.directory});
    try {
      for (const auto& player : competition.players) {
        spec.players = {player, player};
        arbiter::check_player_commands(spec);
      }
      arbiter::check_sandbox_layout(spec.settings.sandbox, competition.players, all);
    } catch (const arbiter::PlayerCommandError& e) {
      throw UsageError(e.what());
    } catch (const arbiter::SandboxLayoutError& e) {
      throw UsageError(e.what());
    }
  };
}

int default_jobs() { return static_cast<int>(std::max(1U, std::thread::hardware_concurrency())); }

}  // namespace

int run_tournament(const Args& args) {
  auto options = competition::tournament_command_line_options();
  add_logging_options(options);
  const auto values = parse_options(kUsage, options, competition::tournament_positionals(), args);
  if (!values) return kExitOk;
  const Verbosity verbosity = configure_logging(*values);

  competition::TournamentRequest request;
  try {
    request = competition::tournament_request(*values);
  } catch (const competition::TournamentOptionError& e) {
    throw UsageError(e.what());
  } catch (const competition::PlayerListError& e) {
    throw UsageError(e.what());
  }
  // (--resume without a store is refused below, as exactly that.)
  if (request.players.empty() && !request.resume &&
      !competition::ResultsStore::exists(competition::store_path(request.out))) {
    throw UsageError("no players: give player programs, --player NAME=COMMAND or --config FILE");
  }

  auto tournament = [&] {
    try {
      std::vector<arbiter::Secret> secrets = {{"the output folder", request.out}};
      if (values->count("config") != 0U) secrets.push_back({"the config file", (*values)["config"].as<std::string>()});
      return competition::prepare_tournament(request, check_commands(secrets));
    } catch (const competition::PlayerListError& e) {  // e.g. a single player
      throw UsageError(e.what());
    }
  }();
  for (const auto& note : tournament.notes) spdlog::info("{}", note);
  const int jobs = request.jobs.value_or(default_jobs());
  const auto& competition = tournament.competition;
  spdlog::info("{} players, {} round{}, {} games, seed {}, mazes {}, {} at once, output {}",
               competition.players.size(), competition.rounds, competition.rounds == 1 ? "" : "s",
               tournament.schedule.matches.size(), competition.seed,
               competition.mazes.directory ? competition.mazes.directory->string()
                                           : fmt::format("generated {}x{}", competition.mazes.size, competition.mazes.size),
               jobs, request.out.string());

  report::Progress progress(stderr, verbosity != Verbosity::Quiet && ::isatty(STDERR_FILENO) != 0);
  competition::TournamentHooks hooks;
  // --replays: each page is written before its game's row, so a stored game has its replay.
  if (request.replays) {
    hooks.before_commit = [&](const competition::MatchRow& row) {
      report::write_replay(tournament.out / row.log, report::replay_path_for(tournament.out / row.log));
    };
  }
  hooks.started = [&](int total, int already) { progress.started(total, already, tournament.store.matches()); };
  hooks.committed = [&](const competition::MatchRow& row, int done, int total) { progress.committed(row, done, total); };
  const auto print = [&](const report::StandingsReport& standings) {
    progress.clear();
    std::cout << report::standings_text(standings) << std::endl;
    progress.redraw();
  };
  // Rounds completed by this run are printed as they complete; the last one is the final table.
  const report::RoundWritten round_written = [&](const report::StandingsReport& standings, bool completed_now) {
    if (completed_now && verbosity != Verbosity::Quiet && standings.standings.round < competition.rounds) print(standings);
  };

  hooks.round_complete = report::round_standings_writer(tournament.out, tournament.store, round_written);

  const auto summary = competition::run_tournament(competition, tournament.schedule, tournament.store, tournament.out,
                                                   arbiter::run_match, jobs, hooks);
  const auto final_standings = report::write_final_standings(tournament.out, report::read_snapshot(tournament.store));
  progress.finish();
  std::cout << report::standings_text(final_standings);
  if (summary.played > 0) {
    spdlog::info("{} games played in {} ({:.2f} games/s); results in {}", summary.played,
                 report::format_duration(summary.seconds), summary.played / std::max(summary.seconds, 1e-9),
                 request.out.string());
  } else {
    spdlog::info("nothing left to play: all {} games are in {}", summary.scheduled, request.out.string());
  }
  return kExitOk;
}

}  // namespace amazes::cli
