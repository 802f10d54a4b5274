// amazes collect DIR: stores the games that workers finished (competition/game_plan.hpp) and
// writes the standings. Idempotent: a game already stored is left as it is.
#include <algorithm>
#include <iostream>
#include <set>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/competition/game_plan.hpp"
#include "amazes/competition/output_lock.hpp"
#include "amazes/competition/results_store.hpp"
#include "amazes/competition/tournament.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "amazes/report/site.hpp"
#include "amazes/report/standings_files.hpp"
#include "amazes/report/versus_report.hpp"
#include "command.hpp"
#include "logging.hpp"

namespace amazes::cli {

int collect_command(const Args& args) {
  po::options_description options("Options");
  options.add_options()("dir", po::value<std::string>()->value_name("DIR"),
                        "the tournament's or versus run's output directory");
  add_logging_options(options);
  po::positional_options_description positionals;
  positionals.add("dir", 1);
  const auto values = parse_options(
      "amazes collect DIR\n\n"
      "Stores every game in DIR/finished/ (played by `amazes work`) that DIR/results.sqlite does not hold yet.\n"
      "A tournament's DIR/round-NN/standings.* (every complete round) and DIR/standings.* are then rewritten\n"
      "and the standings printed; a versus run's report is printed (`amazes versus --report DIR` prints it\n"
      "again, with the verdict as its exit status). Running it again stores nothing twice.",
      options, positionals, args);
  if (!values) return kExitOk;
  configure_logging(*values);
  if (values->count("dir") == 0U) throw UsageError("give the output directory of the tournament or versus run");
  const std::filesystem::path dir = (*values)["dir"].as<std::string>();
  const auto store_file = competition::store_path(dir);
  if (!competition::ResultsStore::exists(store_file)) {
    throw std::runtime_error(
        fmt::format("{}: no results store: plan the games with `amazes tournament` or `amazes versus` with "
                    "--executor plan --out {} first",
                    store_file.string(), dir.string()));
  }
  const auto lock = competition::OutputLock::acquire(dir);  // OutputBusy: a tournament or collect runs there
  const competition::GamePlan plan = competition::read_game_plan(dir);
  auto store = competition::ResultsStore::open(store_file, competition::ResultsStore::Access::ReadWrite);
  const auto kind = store.competition().kind;
  const int added = competition::store_finished_games(dir, store);
  const auto now = store.match_ids();
  const std::set<std::string> in_store(now.begin(), now.end());
  const auto missing = std::count_if(plan.games.begin(), plan.games.end(), [&](const competition::PlannedGame& g) {
    return in_store.count(g.spec.id) == 0U;
  });
  spdlog::info("{} game{} stored now, {} in the store; {} of the plan's {} still to play", added, added == 1 ? "" : "s",
               now.size(), missing, plan.games.size());
  if (kind == competition::CompetitionKind::Versus) {
    // collect's status is its own (0: stored); `versus --report DIR` exits with the verdict's.
    const auto text = report::versus_text(report::stored_versus_report(store, dir.string()), false);
    report::rebuild_versus_site(dir, store, text);
    std::cout << text << std::flush;
  } else {
    std::cout << report::standings_text(report::rebuild_standings_and_site(dir, store));
    // A Swiss round or a final is planned once the round before is stored.
    const auto competition = store.competition();
    if (missing == 0 && competition::rounds_wait_for_results(competition) &&
        static_cast<int>(now.size()) <
            competition::planned_games(competition, competition::pairing_state(store), competition::kEveryRound)) {
      spdlog::info(
          "the plan is played: the same `amazes tournament --executor plan --out {}` plans the rounds its "
          "results decide",
          dir.string());
    }
  }
  return kExitOk;
}

}  // namespace amazes::cli
