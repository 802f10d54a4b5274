// The options every command that plays a competition has.
#include "competition_options.hpp"

#include <charconv>

#include <fmt/format.h>

#include "amazes/arbiter/player_command.hpp"
#include "amazes/maze.hpp"
#include "option_value.hpp"
#include "setting_options.hpp"

namespace amazes::cli {
namespace po = boost::program_options;

namespace {

// A switch has a value (false) even when not given: the file counts unless the command line
// gave it.
bool switch_on(const po::variables_map& primary, const po::variables_map& secondary, const char* name) {
  for (const po::variables_map* values : {&primary, &secondary}) {
    if (values->count(name) != 0U && !(*values)[name].defaulted()) return (*values)[name].as<bool>();
  }
  return false;
}

template <class T>
T at_least(const char* name, T value, T minimum) {
  if (value < minimum)
    throw CompetitionOptionError(fmt::format("--{} must be at least {}, not {}", name, minimum, value));
  return value;
}

// --executor, --chunk-size and the sbatch options.
void read_executor_options(const po::variables_map& cli, const po::variables_map& file, CompetitionRequest& request) {
  if (const auto v = option_value<std::string>(cli, &file, "executor")) {
    using competition::ExecutorKind;
    if (*v != "local" && *v != "plan" && *v != "slurm") {
      throw CompetitionOptionError(fmt::format("--executor must be local, plan or slurm, not '{}'", *v));
    }
    request.executor = *v == "plan" ? ExecutorKind::Plan : *v == "slurm" ? ExecutorKind::Slurm : ExecutorKind::Local;
  }
  if (const auto v = option_value<int>(cli, &file, "chunk-size")) {
    if (*v < 1 || *v > 100000)
      throw CompetitionOptionError(fmt::format("--chunk-size must be from 1 to 100000, not {}", *v));
    request.chunk_size = *v;
  }
  auto& slurm = request.slurm;
  if (const auto v = option_value<std::string>(cli, &file, "slurm-partition")) slurm.partition = *v;
  if (const auto v = option_value<std::string>(cli, &file, "slurm-account")) slurm.account = *v;
  if (const auto v = option_value<std::string>(cli, &file, "slurm-time")) slurm.time_limit = *v;
  if (const auto v = option_value<int>(cli, &file, "slurm-cpus-per-task")) {
    if (*v < 1 || *v > 1024)
      throw CompetitionOptionError(fmt::format("--slurm-cpus-per-task must be from 1 to 1024, not {}", *v));
    slurm.cpus_per_task = *v;
  }
  if (const auto v = option_value<int>(cli, &file, "slurm-max-running")) {
    if (*v < 0 || *v > 100000)
      throw CompetitionOptionError(fmt::format("--slurm-max-running must be from 0 to 100000, not {}", *v));
    slurm.max_running = *v;
  }
  if (const auto v = option_value<std::string>(cli, &file, "slurm-options")) {
    const auto split = arbiter::split_command(*v);
    if (!split.ok()) throw CompetitionOptionError("--slurm-options: " + split.error);
    slurm.options = split.words;
  }
}

}  // namespace

std::uint64_t parse_seed_option(const std::string& text) {
  std::uint64_t seed = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
    throw CompetitionOptionError(fmt::format("--seed: '{}' is not a number from 0 to 18446744073709551615", text));
  }
  return seed;
}

void add_competition_options(po::options_description& options, const CompetitionOptionTexts& texts) {
  // No default values in Program_options (a config file's value must win over a default); the
  // help texts name the judge's defaults.
  const auto text = [](std::string_view what, const auto& value) {
    return fmt::format("{} (default {})", what, value);
  };
  // clang-format off
  options.add_options()
    ("mazes", po::value<std::string>()->value_name("DIR"), texts.mazes)
    ("seed", po::value<std::string>()->value_name("S"), texts.seed)
    ("size", po::value<int>()->value_name("N"), text("size of generated mazes", kDefaultMazeSize).c_str())
    ("jobs,j", po::value<int>()->value_name("N"), "games at once (default: the number of cores)")
    ("replays", po::bool_switch(),
     "write an HTML replay of each game beside its log (matches/<id>.html) as the game is stored; in a config "
     "file: replays = true")
    ("log-format", po::value<std::string>()->value_name("json|zst"),
     "match logs as plain JSON (matches/<id>.json) or compressed with zstd (matches/<id>.json.zst, about a tenth "
     "of the size; every command reads both) (default zst)")
    ("no-trial", po::bool_switch(),
     "do not play each player's first turn before the first game (the one-turn trial that refuses a player "
     "that does not answer it); in a config file: no-trial = true")
    ("executor", po::value<std::string>()->value_name("local|plan|slurm"),
     "local: play the games here (default); plan: write the games still to play as DIR/plan.json, in chunks "
     "for `amazes work DIR --chunk I` on any machines that see DIR, then `amazes collect DIR` stores them; "
     "slurm: run those chunks as Slurm job arrays (DIR on a file system every node sees), follow and collect them")
    ("chunk-size", po::value<int>()->value_name("N"),
     text("games per chunk of --executor plan or slurm", competition::kDefaultChunkSize).c_str())
    ("slurm-partition", po::value<std::string>()->value_name("P"), "sbatch --partition (default: the cluster's)")
    ("slurm-account", po::value<std::string>()->value_name("A"), "sbatch --account")
    ("slurm-time", po::value<std::string>()->value_name("T"), "sbatch --time of a task, e.g. 30:00")
    ("slurm-cpus-per-task", po::value<int>()->value_name("N"), "sbatch --cpus-per-task (default 1)")
    ("slurm-max-running", po::value<int>()->value_name("M"), "tasks running at once, --array=…%M (default: no limit)")
    ("slurm-options", po::value<std::string>()->value_name("WORDS"),
     "more sbatch options, split as a shell would (\"--qos=short --mem=4G\")");
  // clang-format on
  options.add(setting_options());
}

void read_competition_options(const po::variables_map& cli, const po::variables_map& file,
                              CompetitionRequest& request) {
  if (const auto v = option_value<std::string>(cli, &file, "mazes")) request.mazes = *v;
  if (const auto v = option_value<std::string>(cli, &file, "seed")) request.seed = parse_seed_option(*v);
  if (const auto v = option_value<int>(cli, &file, "size")) {
    if (*v < kMinMazeSize || *v > kMaxMazeSize) {
      throw CompetitionOptionError(fmt::format("--size must be from {} to {}, not {}", kMinMazeSize, kMaxMazeSize, *v));
    }
    request.size = *v;
  }
  try {
    read_setting_options(cli, &file, request.settings, &request.given_settings);
  } catch (const SettingOptionError& e) {
    throw CompetitionOptionError(e.what());
  }
  if (const auto v = option_value<int>(cli, &file, "jobs")) request.jobs = at_least("jobs", *v, 1);
  request.replays = switch_on(cli, file, "replays");
  request.trial = !switch_on(cli, file, "no-trial");
  request.log_format = arbiter::LogFormat::Zst;
  if (const auto v = option_value<std::string>(cli, &file, "log-format")) {
    const auto format = arbiter::log_format_from_name(*v);
    if (!format) throw CompetitionOptionError(fmt::format("--log-format must be json or zst, not '{}'", *v));
    request.log_format = *format;
  }
  read_executor_options(cli, file, request);
  if (request.replays && !request.settings.game.built_in()) {
    throw CompetitionOptionError("--replays: a referee game has no replay page (`amazes log show` prints its lines)");
  }
  if (request.replays && request.executor != competition::ExecutorKind::Local) {
    throw CompetitionOptionError(
        "--replays is for --executor local (games played elsewhere are stored by collect): once they are "
        "stored, `amazes replay DIR` writes every game's replay");
  }
}

}  // namespace amazes::cli
