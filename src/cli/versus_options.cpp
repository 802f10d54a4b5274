// Command-line options of `amazes versus`.
#include "versus_options.hpp"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "amazes/competition/stats_sprt.hpp"
#include "competition_options.hpp"

namespace amazes::cli {
namespace {

// Strict decimal number, the whole text.
std::optional<double> parse_number(const std::string& text) {
  double value = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

}  // namespace

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

void refuse_run_options_with_report(const po::variables_map& values, bool sprt) {
  if (sprt) throw UsageError("--report DIR prints a stored run as its last run asked it: --sprt does not apply");
  for (const auto& [name, value] : values) {
    if (value.defaulted() || name == "report" || name == "json" || name == "quiet" || name == "verbose") continue;
    if (name == "players") throw UsageError("--report DIR prints a stored run: give no players");
    throw UsageError(
        fmt::format("--report DIR prints a stored run as its last run asked it: --{} does not apply", name));
  }
}

}  // namespace amazes::cli
