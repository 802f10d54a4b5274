// amazes versus: NEW against old versions in colour-swapped pairs of games, with confidence
// intervals or a sequential test, and an exit status for scripts. Parse, prepare, run with the
// executor asked for, report (the work is in competition/ and report/; this file parses,
// prints and maps verdicts to exit codes).
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "amazes/arbiter/sandbox_layout.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "amazes/competition/versus.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/report/progress.hpp"
#include "amazes/report/site.hpp"
#include "amazes/report/versus_report.hpp"
#include "command.hpp"
#include "competition_command.hpp"
#include "data_directory.hpp"
#include "executor_output.hpp"
#include "logging.hpp"
#include "versus_options.hpp"

namespace amazes::cli {
namespace {

constexpr int kExitWorse = 1;
constexpr int kExitUndecided = 3;
constexpr int kExitNotRun = 4;

constexpr const char* kVersusUsage =
    "amazes versus NEW_CMD OLD_CMD [OLD_CMD...] [--games N] [--sprt D0 D1 [--alpha A] [--beta B]]\n"
    "              [-j N] [--seed S] [--out DIR] [--json FILE]\n"
    "amazes versus --report DIR [--json FILE]\n"
    "\n"
    "Is NEW at least as good as the old versions? NEW plays each OLD in pairs of games: both games of a pair\n"
    "on the same maze from the same two starts, NEW red in one and blue in the other, so that the luck of the\n"
    "draw cancels. Pair p is played on the same maze and starts against every opponent: generated from the\n"
    "seed (pair p = `amazes match --seed S_p`, S_p in the logs), or the files of --mazes in name order.\n"
    "Without --seed the seed is drawn at random, printed on stderr and stored.\n"
    "\n"
    "Per pair, diff = NEW's score - OLD's score, summed over its two games (score: 0..1000 per game, 0 after\n"
    "a fault; with --referee, the referee's scores within --scores). Pairs count in pair order: pair p counts\n"
    "once pairs 1..p are complete.\n"
    "\n"
    "Verdict per opponent (is NEW worse?):\n"
    "  without --sprt  --games N pairs are played; the 95% confidence interval of the mean diff (Student t,\n"
    "                  n-1 degrees of freedom) entirely above -M is \"not worse\", entirely below -M is\n"
    "                  \"worse\", otherwise (or fewer than 2 pairs) \"undecided\"; M is --margin, default 0\n"
    "                  (so by default \"not worse\" means measurably better, \"worse\" measurably worse).\n"
    "  --sprt D0 D1    a sequential probability ratio test of H0: mean diff <= D0 against H1: mean diff >= D1\n"
    "                  (normal model, variance estimated from the pairs: the normalized SPRT of the chess\n"
    "                  testing frameworks) decides after each pair, from the 8th on: the log-likelihood ratio\n"
    "                  reaching ln((1-beta)/alpha) accepts H1, reaching ln(beta/(1-alpha)) accepts H0; a\n"
    "                  decided opponent gets no more games. H1 is \"not worse\"; H0 is \"worse\" when D0 < 0,\n"
    "                  and \"undecided\" (not better, but not shown worse) when D0 >= 0; no decision after\n"
    "                  --games pairs is \"undecided\". Regression check (\"not worse by more than 20?\"):\n"
    "                  --sprt -20 0, an unchanged bot passes. Progress check (\"better by 20?\"): --sprt 0 20,\n"
    "                  exit 0 means better. Bounds with D0 < 0 < D1 leave an unchanged bot to chance.\n"
    "\n"
    "Exit status:\n"
    "  0  NEW is not worse than any opponent (every opponent's verdict is \"not worse\")\n"
    "  1  NEW is worse than at least one opponent\n"
    "  3  undecided: no opponent \"worse\", at least one \"undecided\"\n"
    "  2  usage error (a wrong option or value, a player command that cannot be run)\n"
    "  4  the run could not be made or completed (a refused or busy output directory, a bad maze file,\n"
    "     an I/O error)\n"
    "\n"
    "Results go to DIR/results.sqlite as each game ends, logs to DIR/matches/; DIR defaults to\n"
    "./versus-NEW-vs-OLD1-OLD2... Running the same command again continues: only missing games are played,\n"
    "and a decided test stays decided at the same pair. It is refused when a player's program file has\n"
    "changed since its games there were played (use another --out for a new build).\n"
    "--report DIR prints the report of the run stored in DIR again, finished or interrupted, playing nothing.\n"
    "A player is a program path or a command (\"python3 bot.py\"), named after its program file, or\n"
    "NAME=COMMAND.";

competition::VersusCheck check_before_play(const competition::VersusRequest& request, const po::variables_map& values,
                                           int jobs) {
  const auto out = request.out.value_or(competition::default_versus_out(request.new_player.name, request.opponents));
  std::vector<arbiter::Secret> secrets = {{"the output folder", out}};
  if (request.mazes && !is_bundled_maze(*request.mazes)) secrets.push_back({"the maze folder", *request.mazes});
  // The report may lie outside the output folder, and holds the results and the seed, from
  // which every maze of the run follows.
  if (values.count("json") != 0U) secrets.push_back({"the report of --json", values["json"].as<std::string>()});
  const bool trial = trial_wanted(request);
  return [secrets, trial, jobs](const arbiter::MatchSpec& first_game,
                                const std::vector<competition::PlayerSpec>& players) {
    check_players_and_layout(first_game, players, secrets, trial, jobs);
  };
}

competition::PreparedRun prepare(const competition::VersusRequest& request, const po::variables_map& values, int jobs) {
  auto run = competition::prepare_versus(request, check_before_play(request, values, jobs));
  say_notes_and_drawn_seed(run, "versus");
  const auto& competition = run.competition;
  const auto& opponents = run.versus.opponents;
  spdlog::info("{} against {} opponent{}, at most {} pairs each, seed {}, {}, {} at once, output {}",
               competition.players.front().name, opponents.size(), opponents.size() == 1 ? "" : "s", run.versus.pairs,
               competition.seed, describe_setups(competition), jobs, run.out.string());
  return run;
}

// Played here: a line per opponent as its counted pairs grow, the contest site updated per game,
// and on a terminal the status line of a tournament (games done of the most this run may play,
// games per second, an ETA that is a bound: a decided opponent stops early); else a debug line
// per game.
competition::VersusHooks local_hooks(const competition::PreparedRun& run, bool replays, report::ContestSite& site,
                                     report::Progress& progress, bool live) {
  competition::VersusHooks hooks;
  auto done = std::make_shared<int>(0);
  auto total = std::make_shared<int>(0);
  hooks.started = [out = run.out, &progress, live, done, total](int most, int already) {
    say_how_to_continue_if_interrupted("versus", live);
    if (already > 0) spdlog::info("continuing: {} games of these players already in {}", already, out.string());
    if (most == 0) spdlog::info("nothing left to play");
    *done = already;
    *total = already + most;
    if (live && most > 0) progress.started(*total, already, {});
  };
  if (replays) hooks.before_commit = replay_writer(run.out);
  hooks.committed = [&site, &progress, live, done, total](const competition::MatchRow& row) {
    site.committed(row);
    if (live) progress.committed(row, ++*done, *total);
    spdlog::debug("{}: {} {} - {} {}", row.id, row.side[0].player, row.side[0].score, row.side[1].player,
                  row.side[1].score);
  };
  hooks.counted = [&progress](const competition::OpponentReport& report) {
    progress.clear();
    spdlog::info("{}", report::versus_progress_line(report));
    progress.redraw();
  };
  hooks.failed = [&progress](const competition::FailedMatch& failed) {
    progress.clear();
    say_game_not_played("versus", failed);
    progress.redraw();
  };
  return hooks;
}

// On Slurm: every opponent's line once a wave of pairs is stored.
competition::ExecutorEvents progress_after_waves(const competition::PreparedRun& run) {
  competition::ExecutorEvents events;
  events.wave_stored = [&run] {
    for (const auto& opponent : competition::versus_outcome_in_store(run).opponents) {
      spdlog::info("{}", report::versus_progress_line(opponent));
    }
  };
  return events;
}

int exit_status(competition::VersusVerdict verdict) {
  switch (verdict) {
    case competition::VersusVerdict::NotWorse: return kExitOk;
    case competition::VersusVerdict::Worse: return kExitWorse;
    case competition::VersusVerdict::Undecided: break;
  }
  return kExitUndecided;
}

// Before any game (after the layout checks, which create nothing): a --json that cannot be
// written is the run's failure (exit 4), not news after the run.
void check_json_if_asked(const po::variables_map& values) {
  if (values.count("json") != 0U) files::check_writable_file(values["json"].as<std::string>());
}

void write_json_if_asked(const report::VersusReport& report, const po::variables_map& values) {
  if (values.count("json") != 0U)
    files::write_file_atomically(values["json"].as<std::string>(), report::versus_json(report));
}

// `site`: the one kept up to date by the games played here; nothing when they were played
// elsewhere (Slurm), and the site is then written from the store.
int report_outcome(competition::PreparedRun& run, const competition::VersusOutcome& outcome,
                   const po::variables_map& values, report::ContestSite* site) {
  log_games_played(outcome.played, outcome.seconds, run.out);
  const auto& competition = run.competition;
  const report::VersusReport report{competition.players.front().name,
                                    run.versus.pairs,
                                    competition.seed,
                                    run.out.string(),
                                    run.versus.rule,
                                    outcome.opponents,
                                    outcome.verdict};
  if (site != nullptr) {
    site->finished(std::nullopt, report::versus_text(report, false));
  } else {
    report::rebuild_versus_site(run.out, run.store, report::versus_text(report, false));
  }
  std::cout << report::versus_text(report) << std::flush;
  write_json_if_asked(report, values);
  if (!outcome.failed.empty()) {
    say_games_not_played("versus", outcome.failed.size());
    return kExitNotRun;
  }
  return exit_status(outcome.verdict);
}

// --report DIR: the last run's question answered again from the store.
int report_stored_run(const po::variables_map& values) {
  const std::filesystem::path dir = values["report"].as<std::string>();
  if (!std::filesystem::is_directory(dir)) throw UsageError(dir.string() + ": not a directory");
  const auto path = competition::store_path(dir);
  if (!competition::ResultsStore::exists(path) || competition::ResultsStore::is_unfinished(path)) {
    throw std::runtime_error(fmt::format("{}: no versus run there (no results store)", dir.string()));
  }
  const auto store = competition::ResultsStore::open(path, competition::ResultsStore::Access::ReadOnly);
  const auto competition = store.competition();
  if (competition.kind != competition::CompetitionKind::Versus) {
    throw std::runtime_error(fmt::format("{}: holds an `amazes {}` run, not a versus run (see amazes standings {})",
                                         dir.string(), competition::competition_kind_name(competition.kind),
                                         dir.string()));
  }
  check_json_if_asked(values);
  const report::VersusReport report = report::stored_versus_report(store, dir.string());
  std::cout << report::versus_text(report) << std::flush;
  write_json_if_asked(report, values);
  return exit_status(report.verdict);
}

int play_and_report(competition::VersusRequest request, const po::variables_map& values, Verbosity verbosity) {
  if (request.mazes) request.mazes = find_maze(*request.mazes);  // MazeNotFound: exit 4, as a bad maze file
  const int jobs = games_at_once(request);
  auto run = prepare(request, values, jobs);
  check_json_if_asked(values);
  const auto executor = executor_for(request, jobs, verbosity, "print the report", progress_after_waves(run));
  report::ContestSite site(run.out, run.store, true);
  const bool live = verbosity != Verbosity::Quiet && ::isatty(STDERR_FILENO) != 0;
  report::Progress progress(stderr, live);
  const auto outcome = competition::run_versus(run, *executor, local_hooks(run, request.replays, site, progress, live));
  progress.finish();
  if (outcome.handed_out) {
    site.finished(std::nullopt);  // `amazes collect` writes it again as the games come in
    return kExitOk;
  }
  const bool here = request.executor == competition::ExecutorKind::Local;
  return report_outcome(run, outcome, values, here ? &site : nullptr);
}

}  // namespace

int versus_command(const Args& given) {
  Args args = given;
  const bool help = std::find_if(args.begin(), args.end(),
                                 [](const std::string& a) { return a == "--help" || a == "-h"; }) != args.end();
  std::optional<std::pair<double, double>> sprt;
  try {
    sprt = take_sprt(args);
  } catch (const UsageError&) {
    if (!help) throw;  // --help is answered whatever else is wrong
  }
  auto options = versus_options();
  add_logging_options(options);
  po::positional_options_description positionals;
  positionals.add("players", -1);
  const auto values = parse_options(kVersusUsage, options, positionals, args);
  if (!values) return kExitOk;
  const Verbosity verbosity = configure_logging(*values);
  const bool report_only = values->count("report") != 0U;
  if (report_only) refuse_run_options_with_report(*values, sprt.has_value());
  std::optional<competition::VersusRequest> request;
  if (!report_only) request = versus_request(*values, sprt);
  try {
    return report_only ? report_stored_run(*values) : play_and_report(*request, *values, verbosity);
  } catch (const UsageError&) {
    throw;
  } catch (const std::exception& e) {
    std::cerr << "amazes versus: " << e.what() << "\n";
    return kExitNotRun;
  }
}

}  // namespace amazes::cli
