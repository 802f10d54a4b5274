// amazes versus: NEW against old versions in colour-swapped pairs of games, with confidence
// intervals or a sequential test, and an exit status for scripts (the work is in competition/
// and report/; this file parses, prints and maps verdicts to exit codes).
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <iostream>
#include <thread>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "amazes/arbiter/match.hpp"
#include "amazes/arbiter/sandbox_layout.hpp"
#include "amazes/competition/game_plan.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "amazes/competition/versus.hpp"
#include "amazes/competition/versus_question.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/report/replay_page.hpp"
#include "amazes/report/versus_report.hpp"
#include "command.hpp"
#include "competition_command.hpp"
#include "competition_options.hpp"
#include "logging.hpp"
#include "plan_executor.hpp"

namespace amazes::cli {
namespace {

constexpr int kExitWorse = 1;
constexpr int kExitUndecided = 3;
constexpr int kExitNotRun = 4;

constexpr const char* kUsage =
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
    "a fault). Pairs count in pair order: pair p counts once pairs 1..p are complete.\n"
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

// Strict decimal number, the whole text.
std::optional<double> parse_number(const std::string& text) {
  double value = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

// "--sprt D0 D1" is taken out of the arguments before Program_options sees them: it would read a
// negative bound such as -20 as an option.
std::optional<std::pair<double, double>> take_sprt(Args& args) {
  std::optional<std::pair<double, double>> bounds;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] != "--sprt") continue;
    if (bounds) throw UsageError("--sprt is given twice");
    if (i + 2 >= args.size()) throw UsageError("--sprt needs two numbers: --sprt D0 D1");
    const auto d0 = parse_number(args[i + 1]);
    const auto d1 = parse_number(args[i + 2]);
    if (!d0 || !d1) {
      throw UsageError(fmt::format("--sprt {} {}: D0 and D1 must be numbers", args[i + 1], args[i + 2]));
    }
    bounds = std::pair{*d0, *d1};
    args.erase(args.begin() + static_cast<long>(i), args.begin() + static_cast<long>(i) + 3);
    --i;
  }
  return bounds;
}

po::options_description versus_options() {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
    ("games", po::value<int>()->value_name("N"),
     "pairs of games per opponent (2N games), at most with --sprt (default 100)")
    ("sprt", po::value<std::vector<std::string>>()->value_name("D0 D1"),
     "sequential test of H0: mean diff <= D0 against H1: mean diff >= D1 (D0 < D1, in points per pair)")
    ("alpha", po::value<double>()->value_name("A"), "with --sprt: the chance of accepting H1 when the mean is D0 (default 0.05)")
    ("beta", po::value<double>()->value_name("B"), "with --sprt: the chance of accepting H0 when the mean is D1 (default 0.05)")
    ("margin", po::value<double>()->value_name("M"), "without --sprt: the interval is compared with -M (default 0)")
    ("out", po::value<std::string>()->value_name("DIR"), "output directory (default ./versus-NEW-vs-OLD...)")
    ("json", po::value<std::string>()->value_name("FILE"), "also write the statistics as JSON to FILE")
    ("report", po::value<std::string>()->value_name("DIR"),
     "print the report of the run stored in DIR (finished or interrupted) as its last run asked it, playing "
     "nothing (with --json FILE: also the JSON)")
    ("players", po::value<std::vector<std::string>>()->value_name("PLAYER")->composing(), "NEW, then the OLD players");
  // clang-format on
  add_competition_options(
      options, {"maze files of the pairs, in file-name order: pair p is played on file p, starting again at the "
                "first when there are more pairs than files",
                "seed of every pair's maze and starts (default: the stored one, else drawn at random, printed on "
                "stderr and stored)"});
  return options;
}

competition::VersusRequest versus_request(const po::variables_map& values,
                                          std::optional<std::pair<double, double>> sprt) {
  competition::VersusRequest request;
  try {
    read_competition_options(values, po::variables_map{}, request);
  } catch (const CompetitionOptionError& e) {
    throw UsageError(e.what());
  }
  if (values.count("sprt") != 0U) throw UsageError("write the test as --sprt D0 D1");
  const auto players_given =
      values.count("players") != 0U ? values["players"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (players_given.size() < 2) throw UsageError("need NEW_CMD and at least one OLD_CMD");
  try {
    const auto players = competition::players_from_arguments(players_given);
    request.new_player = players.front();
    request.opponents.assign(players.begin() + 1, players.end());
  } catch (const competition::PlayerListError& e) {
    throw UsageError(e.what());
  }

  if (values.count("games") != 0U) {
    request.pairs = values["games"].as<int>();
    if (request.pairs < 1 || request.pairs > competition::kMaxVersusGames) {
      throw UsageError(
          fmt::format("--games must be from 1 to {}, not {}", competition::kMaxVersusGames, request.pairs));
    }
  }
  const bool alpha = values.count("alpha") != 0U;
  const bool beta = values.count("beta") != 0U;
  if (sprt) {
    competition::stats::SprtSettings settings{sprt->first, sprt->second, 0.05, 0.05};
    if (alpha) settings.alpha = values["alpha"].as<double>();
    if (beta) settings.beta = values["beta"].as<double>();
    if (const auto problem = competition::stats::sprt_settings_problem(settings))
      throw UsageError("--sprt: " + *problem);
    request.rule.sprt = settings;
    if (values.count("margin") != 0U) throw UsageError("--margin is for runs without --sprt (use --sprt -M 0)");
  } else {
    if (alpha || beta) throw UsageError("--alpha and --beta need --sprt D0 D1");
    if (values.count("margin") != 0U) {
      request.rule.margin = values["margin"].as<double>();
      if (!(request.rule.margin >= 0.0) || !std::isfinite(request.rule.margin)) {
        throw UsageError("--margin must be a number >= 0");
      }
    }
  }
  if (values.count("out") != 0U) request.out = values["out"].as<std::string>();
  return request;
}

competition::VersusCheck check_before_play(const competition::VersusRequest& request, const po::variables_map& values) {
  const auto out = request.out.value_or(competition::default_versus_out(request.new_player.name, request.opponents));
  std::vector<arbiter::Secret> secrets = {{"the output folder", out}};
  if (request.mazes) secrets.push_back({"the maze folder", *request.mazes});
  // The report may lie outside the output folder, and holds the results and the seed, from
  // which every maze of the run follows.
  if (values.count("json") != 0U) secrets.push_back({"the report of --json", values["json"].as<std::string>()});
  return [secrets](const arbiter::MatchSpec& first_game, const std::vector<competition::PlayerSpec>& players) {
    check_players_and_layout(first_game, players, secrets);
  };
}

int exit_status(competition::VersusVerdict verdict) {
  switch (verdict) {
    case competition::VersusVerdict::NotWorse: return kExitOk;
    case competition::VersusVerdict::Worse: return kExitWorse;
    case competition::VersusVerdict::Undecided: break;
  }
  return kExitUndecided;
}

void write_json_if_asked(const report::VersusReport& report, const po::variables_map& values) {
  if (values.count("json") != 0U)
    files::write_file_atomically(values["json"].as<std::string>(), report::versus_json(report));
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
  const report::VersusReport report = report::stored_versus_report(store, dir.string());
  std::cout << report::versus_text(report) << std::flush;
  write_json_if_asked(report, values);
  return exit_status(report.verdict);
}

// --report takes nothing that would shape a run.
void refuse_run_options_with_report(const po::variables_map& values, bool sprt) {
  if (sprt) throw UsageError("--report DIR prints a stored run as its last run asked it: --sprt does not apply");
  for (const auto& [name, value] : values) {
    if (value.defaulted() || name == "report" || name == "json" || name == "quiet" || name == "verbose") continue;
    if (name == "players") throw UsageError("--report DIR prints a stored run: give no players");
    throw UsageError(
        fmt::format("--report DIR prints a stored run as its last run asked it: --{} does not apply", name));
  }
}

// --executor plan: every missing game up to --games, for workers. A plan cannot stop early, so
// with --sprt it holds every pair up to --games; the test still decides at the same pair.
int write_versus_plan(competition::PreparedVersus& versus, const competition::VersusRequest& request) {
  if (request.rule.sprt) {
    spdlog::info(
        "the plan holds every pair up to --games: workers cannot stop at a decision (the test still "
        "decides at the same pair; --executor slurm plays in waves and stops)");
  }
  const auto plan = game_plan_of(competition::versus_games_to_play(versus, versus.pairs), request);
  write_plan_and_say_what_next(versus.out, plan, "print the report");
  return kExitOk;
}

// --executor slurm: job arrays until every opponent is decided or has --games pairs. With
// --sprt in waves of pairs 1..16, 1..32, 1..64, … (each wave plays only what the store lacks
// for the undecided opponents): a decided opponent gets no more array tasks, at the price of
// up to a wave's games beyond its deciding pair. Without --sprt, one wave of every pair.
competition::VersusOutcome play_versus_on_slurm(competition::PreparedVersus& versus,
                                                const competition::VersusRequest& request, Verbosity verbosity) {
  constexpr int kFirstSprtWave = 16;  // pairs: the test decides from the 8th on
  const auto t0 = std::chrono::steady_clock::now();
  const auto stored_games = [&] { return static_cast<int>(versus.store.match_ids().size()); };
  const int before = stored_games();
  const auto say_progress = [&] {
    for (const auto& opponent : competition::versus_outcome_in_store(versus).opponents) {
      spdlog::info("{}", report::versus_progress_line(opponent));
    }
  };
  // A killed coordinator's array still in the queue is followed first: its tasks play its plan.
  if (const auto queued = plan_of_queued_job(versus.out)) {
    play_plan_on_slurm_with_progress(versus.out, *queued, versus.store, request.slurm, verbosity);
  }
  const int first = request.rule.sprt ? std::min(versus.pairs, kFirstSprtWave) : versus.pairs;
  for (int last = first;; last = std::min(versus.pairs, 2 * last)) {
    auto games = competition::versus_games_to_play(versus, last);
    if (!games.empty()) {
      play_plan_on_slurm_with_progress(versus.out, game_plan_of(std::move(games), request), versus.store, request.slurm,
                                       verbosity);
      say_progress();
    }
    if (last == versus.pairs) break;
  }
  competition::VersusOutcome outcome = competition::versus_outcome_in_store(versus);
  outcome.played = stored_games() - before;
  outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return outcome;
}

competition::VersusOutcome play_versus_here(competition::PreparedVersus& versus,
                                            const competition::VersusRequest& request, int jobs) {
  competition::VersusHooks hooks;
  hooks.started = [&](int most, int already) {
    if (already > 0) spdlog::info("continuing: {} games of these players already in {}", already, versus.out.string());
    if (most == 0) spdlog::info("nothing left to play");
  };
  if (request.replays) hooks.before_commit = replay_writer(versus.out);
  hooks.committed = [](const competition::MatchRow& row) {
    spdlog::debug("{}: {} {} - {} {}", row.id, row.side[0].player, row.side[0].score, row.side[1].player,
                  row.side[1].score);
  };
  hooks.counted = [](const competition::OpponentReport& report) {
    spdlog::info("{}", report::versus_progress_line(report));
  };
  say_how_to_continue_if_interrupted("versus", false);
  return competition::run_versus(versus, arbiter::run_match, jobs, hooks);
}

int play_and_report(const competition::VersusRequest& request, const po::variables_map& values, Verbosity verbosity) {
  const int jobs = games_at_once(request);
  auto versus = competition::prepare_versus(request, check_before_play(request, values));
  for (const auto& note : versus.notes) spdlog::info("{}", note);
  const auto& competition = versus.competition;
  if (versus.seed_drawn) say_drawn_seed("versus", competition.seed, "mazes and starts");
  spdlog::info("{} against {} opponent{}, at most {} pairs each, seed {}, mazes {}, {} at once, output {}",
               competition.players.front().name, versus.opponents.size(), versus.opponents.size() == 1 ? "" : "s",
               versus.pairs, competition.seed, describe_mazes(competition), jobs, versus.out.string());

  store_games_workers_finished(versus.out, versus.store);  // whatever the executor
  using competition::Executor;
  if (request.executor == Executor::Plan) return write_versus_plan(versus, request);
  const competition::VersusOutcome outcome = request.executor == Executor::Slurm
                                                 ? play_versus_on_slurm(versus, request, verbosity)
                                                 : play_versus_here(versus, request, jobs);
  log_games_played(outcome.played, outcome.seconds, versus.out);

  report::VersusReport report{competition.players.front().name,
                              versus.pairs,
                              competition.seed,
                              versus.out.string(),
                              versus.rule,
                              outcome.opponents,
                              outcome.verdict};
  std::cout << report::versus_text(report) << std::flush;
  write_json_if_asked(report, values);
  return exit_status(outcome.verdict);
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
  const auto values = parse_options(kUsage, options, positionals, args);
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
