// amazes tournament: a round-robin competition with per-round standings and a results store
// that survives crashes. Parse, prepare, run with the executor asked for, report (the work is in
// competition/ and report/; this file parses and prints).
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "amazes/arbiter/sandbox_layout.hpp"
#include "amazes/competition/tournament.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "amazes/report/progress.hpp"
#include "amazes/report/site.hpp"
#include "amazes/report/standings_files.hpp"
#include "command.hpp"
#include "competition_command.hpp"
#include "data_directory.hpp"
#include "executor_output.hpp"
#include "logging.hpp"
#include "tournament_options.hpp"

namespace amazes::cli {
namespace {

constexpr const char* kTournamentUsage =
    "amazes tournament [--config FILE] [--rounds R] [--format round-robin|swiss]\n"
    "                  [--final-top K [--final-rounds R] | --decide-top K --max-games N]\n"
    "                  [--ranking PRESET | --points P --tie-breaks LIST] [--mazes DIR | --seed S] [-j N] [--resume]\n"
    "                  [--exclude-after N] [--withdraw NAME[,NAME...]] [--no-trial] [--out DIR] [PLAYER...]\n\n"
    "Every ordered pair of players meets once per round (round robin), or each round pairs players of nearest\n"
    "standing (--format swiss: no pair twice while another pairing exists, an odd field's bye to the lowest\n"
    "ranked without one); a pair plays two colour-swapped games on the round's maze from the same starts.\n"
    "--final-top K then plays a round robin of the top K, which decides places 1..K; --decide-top K instead plays\n"
    "adaptive rounds among the players whose places 1..K are not yet sure, until all are or the competition has\n"
    "played --max-games. Mazes and starts come from the seed: without --seed (or a seed in the config file) it\n"
    "is drawn at random, printed on stderr and stored, so that no bot can know its mazes in advance. Results go\n"
    "to DIR/results.sqlite as each game ends, logs to DIR/matches/, standings to DIR/round-NN/ and\n"
    "DIR/standings.{txt,md,csv,html}. Running the same command again (or --resume) plays only what is missing,\n"
    "with the stored seed; adding players or rounds plays only their games. A changed competition is refused:\n"
    "another seed, maze or setting, or a player whose program file changed since its games there were played (use\n"
    "another --out for a new build).\n"
    "Before the first game each player plays its first turn in the sandbox; one that does not answer it is refused\n"
    "(--no-trial skips that). --exclude-after N stops playing a player whose last N games before a round crashed or\n"
    "timed out, --withdraw NAME one the organiser withdraws: their remaining games are forfeits, lost with 0.\n\n"
    "PLAYER is a program path or a command (\"python3 bot.py\"), named after its program file, or NAME=COMMAND.";

competition::TournamentRequest request_from(const po::variables_map& values) {
  competition::TournamentRequest request;
  try {
    request = tournament_request(values);
  } catch (const TournamentOptionError& e) {
    throw UsageError(e.what());
  } catch (const competition::PlayerListError& e) {
    throw UsageError(e.what());
  }
  if (request.mazes) request.mazes = find_maze(*request.mazes);  // MazeNotFound: exit 1
  // (--resume without a store is refused when the run is prepared, as exactly that.)
  if (request.players.empty() && !request.resume &&
      !competition::ResultsStore::exists(competition::store_path(request.out))) {
    throw UsageError("no players: give player programs, --player NAME=COMMAND or --config FILE");
  }
  return request;
}

// Exclusions and withdrawals are decided as games are handed out, which only the local executor
// does game by game (a plan is written at once).
void refuse_policy_elsewhere(const competition::PreparedRun& run, const competition::TournamentRequest& request) {
  const auto& policy = run.competition.policy;
  if (request.executor == competition::ExecutorKind::Local || (policy.exclude_after == 0 && policy.withdrawn.empty()))
    return;
  throw UsageError(
      "--exclude-after and --withdraw (here or stored) are for --executor local: the games are handed out one by one "
      "as the results decide who still plays");
}

// The mazes' folder is known once the competition is: it may come from the store.
competition::TournamentCheck check_before_play(const std::vector<arbiter::Secret>& secrets, bool trial, int jobs) {
  return [secrets, trial, jobs](const competition::Competition& competition, const competition::Schedule& schedule) {
    if (schedule.matches.empty()) return;
    std::vector<arbiter::Secret> all = secrets;
    const auto& mazes = competition.mazes.directory;
    if (mazes && !is_bundled_maze(*mazes)) all.push_back({"the maze folder", *mazes});
    // A withdrawn player plays no more: its program is not checked (it may be gone).
    std::vector<competition::PlayerSpec> playing;
    for (const auto& player : competition.players) {
      if (competition.policy.withdrawn.count(player.name) == 0) playing.push_back(player);
    }
    check_players_and_layout(competition::match_spec(competition, schedule, schedule.matches.front()), playing, all,
                             trial, jobs);
  };
}

// " (swiss 5, final of the top 4 in 1)", or nothing for a round robin alone.
std::string describe_stages(const competition::Competition& competition) {
  const auto& stages = competition.stages;
  if (stages.format == competition::Format::RoundRobin && stages.final_top == 0 && stages.decide_top == 0) return {};
  std::string text = fmt::format(" ({} {}", competition::format_name(stages.format), competition.rounds);
  if (stages.final_top > 0) text += fmt::format(", final of the top {} in {}", stages.final_top, stages.final_rounds);
  if (stages.decide_top > 0) text += fmt::format(", then adaptive rounds until the top {} is sure", stages.decide_top);
  return text + ")";
}

competition::PreparedRun prepare(const competition::TournamentRequest& request, const po::variables_map& values,
                                 int jobs) {
  auto run = [&] {
    try {
      std::vector<arbiter::Secret> secrets = {{"the output folder", request.out}};
      if (values.count("config") != 0U && !is_bundled_config(values["config"].as<std::string>())) {
        secrets.push_back({"the config file", values["config"].as<std::string>()});
      }
      return competition::prepare_tournament(request, check_before_play(secrets, trial_wanted(request), jobs));
    } catch (const competition::PlayerListError& e) {  // e.g. a single player
      throw UsageError(e.what());
    }
  }();
  say_notes_and_drawn_seed(run, "tournament");
  const auto& competition = run.competition;
  const int rounds = competition.rounds + competition.stages.final_rounds;
  const std::string games =
      competition.stages.decide_top > 0
          ? fmt::format("at most {} games", competition.stages.max_games)
          : fmt::format("{} games", competition::planned_games(competition, competition::kEveryRound));
  spdlog::info("{} players, {} round{}{}, {}, seed {}, {}, {} at once, output {}", competition.players.size(), rounds,
               rounds == 1 ? "" : "s", describe_stages(competition), games, competition.seed,
               describe_setups(competition), jobs, run.out.string());
  return run;
}

// Played here: the status line (or a line per game), the contest site updated per game, and each
// round's standings written as it completes, printed when this run completed it (the last one is
// the final table).
competition::TournamentHooks local_hooks(competition::PreparedRun& run, bool replays, report::Progress& progress,
                                         report::ContestSite& site, bool live, Verbosity verbosity) {
  competition::TournamentHooks hooks;
  if (replays) hooks.before_commit = replay_writer(run.out);
  hooks.started = [&run, &progress, live](int total, int already) {
    say_how_to_continue_if_interrupted("tournament", live);
    progress.started(total, already, run.store.matches());
  };
  hooks.handed_out = [&site](const std::string& id) { site.playing(id); };
  hooks.committed = [&progress, &site](const competition::MatchRow& row, int done, int total) {
    site.committed(row);
    progress.committed(row, done, total);
  };
  // The last fixed round's table is the final one, printed at the end; an adaptive final's rounds
  // are too many to print each.
  const auto& stages = run.competition.stages;
  const int last_round = stages.final_top > 0 ? competition::final_round(stages.final_rounds) : run.competition.rounds;
  const report::RoundWritten round_written = [&progress, &site, verbosity, last_round](
                                                 const report::StandingsReport& standings, bool completed_now) {
    site.round_complete(standings);
    if (!completed_now || verbosity == Verbosity::Quiet || standings.standings.round >= last_round) return;
    progress.clear();
    std::cout << report::standings_text(standings) << std::endl;
    progress.redraw();
  };
  hooks.round_complete = report::round_standings_writer(run.out, run.store, round_written);
  hooks.failed = [&progress, &site](const competition::FailedMatch& failed) {
    site.not_played(failed.id);
    progress.clear();
    say_game_not_played("tournament", failed);
    progress.redraw();
  };
  return hooks;
}

// On Slurm: the standings of every complete round and of the whole, and the contest site,
// rewritten as games are stored.
competition::ExecutorEvents standings_as_stored(competition::PreparedRun& run) {
  competition::ExecutorEvents events;
  events.stored = [&run] { report::rebuild_standings_and_site(run.out, run.store, true); };
  return events;
}

// `site`: the one kept up to date by the games played here; nothing when they were played
// elsewhere (Slurm), and the site is then written from the store.
int report_standings(competition::PreparedRun& run, const competition::TournamentSummary& summary,
                     report::Progress& progress, report::ContestSite* site) {
  const auto standings = report::write_final_standings(run.out, report::read_snapshot(run.store));
  if (site != nullptr) {
    site->finished(standings);
  } else {
    report::ContestSite(run.out, run.store, false).finished(standings);
  }
  progress.finish();
  std::cout << report::standings_text(standings);
  log_games_played(summary.played, summary.seconds, run.out);
  if (!summary.failed.empty()) {
    say_games_not_played("tournament", summary.failed.size());
    return kExitFailure;
  }
  if (summary.played == 0)
    spdlog::info("nothing left to play: all {} games are in {}", summary.scheduled, run.out.string());
  return kExitOk;
}

}  // namespace

int tournament_command(const Args& args) {
  auto options = tournament_command_line_options();
  add_logging_options(options);
  const auto values = parse_options(kTournamentUsage, options, tournament_positionals(), args);
  if (!values) return kExitOk;
  const Verbosity verbosity = configure_logging(*values);
  const auto request = request_from(*values);
  const int jobs = games_at_once(request);
  auto run = prepare(request, *values, jobs);
  refuse_policy_elsewhere(run, request);
  const auto executor = executor_for(request, jobs, verbosity, "write the standings", standings_as_stored(run));
  const bool live = verbosity != Verbosity::Quiet && ::isatty(STDERR_FILENO) != 0;
  report::Progress progress(stderr, live);
  report::ContestSite site(run.out, run.store, true);
  const auto summary =
      competition::run_tournament(run, *executor, local_hooks(run, request.replays, progress, site, live, verbosity));
  // A plan with games: `amazes collect` writes the standings and the site as they come in. An
  // empty one means the competition is complete (an adaptive final's end is decided here): the
  // final standings are written now.
  if (summary.handed_out && summary.scheduled > summary.already_played) {
    site.finished(std::nullopt);
    return kExitOk;
  }
  const bool here = request.executor == competition::ExecutorKind::Local;
  return report_standings(run, summary, progress, here ? &site : nullptr);
}

}  // namespace amazes::cli
