// amazes compile: a folder of submitted source files to the admitted bots of a contest. Parses,
// and prints a line per submission; the work is in competition/submissions.hpp.
#include <unistd.h>

#include <iostream>
#include <thread>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "amazes/arbiter/match.hpp"
#include "amazes/competition/random_seed.hpp"
#include "amazes/competition/submissions.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/game_catalogue.hpp"
#include "amazes/printable.hpp"
#include "amazes/report/fault_reason.hpp"
#include "bundled_players.hpp"
#include "command.hpp"
#include "competition_options.hpp"
#include "ini_text.hpp"
#include "languages_table.hpp"
#include "logging.hpp"
#include "setting_options.hpp"
#include "tournament_options.hpp"

namespace amazes::cli {

namespace {

constexpr const char* kCompileUsage =
    "amazes compile --out DIR [--config CONTEST.ini] [--languages FILE] [--reference CMD] [-j N] [limits] SOURCE...\n\n"
    "Each SOURCE is one contestant's file NAME.EXT (a folder stands for the files in it): compiled in the sandbox\n"
    "by the row of the languages table its extension names (built in: config/languages.ini), seeing only its\n"
    "source, the toolchain and an empty build folder, within the limits below; then admitted by test games\n"
    "against the reference bot under the contest's settings (--config, or the match options). DIR/bots/NAME/ holds\n"
    "each bot, DIR/players.ini the [players] section of the admitted ones, DIR/report.txt and report.csv every\n"
    "verdict; with --config, DIR/contest.ini is that config with the admitted bots as its players. An unchanged\n"
    "source keeps its bot and verdict; a changed one replaces its bot.\n"
    "Exit status: 0 when every submission was admitted, 1 when one was not (or the judge failed), 2 for a\n"
    "usage error.";

po::options_description compile_options() {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
    ("out", po::value<std::string>()->value_name("DIR"), "where the bots, players.ini and the report go")
    ("config", po::value<std::string>()->value_name("FILE"), "the contest's config file: its match and sandbox settings")
    ("languages", po::value<std::string>()->value_name("FILE"), "a languages table of your own (the format of config/languages.ini)")
    ("max-source-bytes", po::value<std::uint64_t>()->default_value(competition::kDefaultMaxSourceBytes), "largest source file taken")
    ("compile-cpu-s", po::value<double>()->default_value(60.0), "CPU time of one compile, all its processes (wall: 2 x this + 10 s)")
    ("compile-memory-mb", po::value<std::uint64_t>()->default_value(2048), "memory of one compile, its files in /tmp and the build folder included")
    ("compile-processes", po::value<int>()->default_value(256), "processes and threads of one compile")
    ("compile-output-mb", po::value<std::uint64_t>()->default_value(256), "what one compile may write: the build folder, /tmp, any one file")
    ("compile-files", po::value<std::uint64_t>()->default_value(10000), "entries one compile may make in its build folder")
    ("compile-idle-s", po::value<double>()->default_value(10.0), "a compile using less than 1 % of a CPU for this long is ended (it waits without working)")
    ("reference", po::value<std::string>()->value_name("CMD"), "the admission games' opponent (default: the bundled explorer; for a referee game "
                                                                 "the game's own reference bot)")
    ("admission-games", po::value<int>()->default_value(2), "test games per bot (colours alternate); 0: compile only")
    ("seed", po::value<std::string>(), "seed of the test games (default: the one kept in DIR/seed by the last run, else "
                                       "drawn at random)")
    ("jobs,j", po::value<int>(), "submissions handled at once (default: the number of CPUs)")
    ("sources", po::value<std::vector<std::string>>()->composing(), "source files or folders");
  // clang-format on
  add_match_settings_options(options);
  add_logging_options(options);
  return options;
}

std::vector<competition::Language> languages_from(const po::variables_map& values) {
  try {
    if (values.count("languages") == 0U) return default_languages();
    const std::string file = values["languages"].as<std::string>();
    std::string text;
    try {
      text = files::read_text_file(file, files::kMaxConfigFileBytes);
    } catch (const std::exception& e) {
      throw UsageError(fmt::format("--languages {}: {}", file, e.what()));
    }
    return read_languages_table(text, file);
  } catch (const IniError& e) {
    throw UsageError(e.what());
  }
}

arbiter::MatchSettings contest_settings(const po::variables_map& values) {
  arbiter::MatchSettings settings;
  if (values.count("config") != 0U) {
    try {
      settings = tournament_request_from_file(values["config"].as<std::string>()).settings;
    } catch (const std::exception& e) {
      throw UsageError(e.what());
    }
  }
  try {
    read_setting_options(values, nullptr, settings);
  } catch (const SettingOptionError& e) {
    throw UsageError(e.what());
  }
  return settings;
}

arbiter::CompileLimits limits_from(const po::variables_map& values) {
  arbiter::CompileLimits limits;
  limits.cpu_seconds = values["compile-cpu-s"].as<double>();
  limits.memory_mb = values["compile-memory-mb"].as<std::uint64_t>();
  limits.processes = values["compile-processes"].as<int>();
  limits.output_mb = values["compile-output-mb"].as<std::uint64_t>();
  limits.files = values["compile-files"].as<std::uint64_t>();
  limits.idle_seconds = values["compile-idle-s"].as<double>();
  if (!(limits.cpu_seconds > 0 && limits.cpu_seconds <= 3600))
    throw UsageError("--compile-cpu-s must be from 0 to 3600");
  if (limits.memory_mb < arbiter::kMinMemoryMb) {
    throw UsageError(fmt::format("--compile-memory-mb must be at least {}", arbiter::kMinMemoryMb));
  }
  if (limits.processes < 1) throw UsageError("--compile-processes must be at least 1");
  if (limits.output_mb < 1 || limits.output_mb > (1U << 20))
    throw UsageError("--compile-output-mb must be from 1 to 1048576");
  if (limits.files < 1) throw UsageError("--compile-files must be at least 1");
  if (!(limits.idle_seconds >= 1 && limits.idle_seconds <= 3600))
    throw UsageError("--compile-idle-s must be from 1 to 3600");
  return limits;
}

// The game's own reference bot, bundled beside the judge (its catalogue row), unless --reference.
std::string reference_from(const po::variables_map& values, const arbiter::MatchSettings& settings) {
  if (values.count("reference") != 0U) return values["reference"].as<std::string>();
  if (const GameRow* game = settings.game.row()) return bundled_player(game->players, game->reference).string();
  throw UsageError(fmt::format("the game '{}' has no reference bot of this judge's: give --reference CMD",
                               printable(settings.game.name())));
}

// The seed of the test games is kept with the output (DIR/seed), so that the same command run again
// without --seed plays the same games and keeps every unchanged verdict.
constexpr const char* kSeedFile = "seed";

std::optional<std::uint64_t> kept_seed(const std::filesystem::path& out) {
  const std::filesystem::path file = out / kSeedFile;
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return std::nullopt;
  std::string text;
  try {
    text = files::read_text_file(file, 64);
  } catch (const files::FileError& e) {
    throw UsageError(fmt::format("cannot read the kept seed {}: give --seed", e.what()));
  }
  if (!text.empty() && text.back() == '\n') text.pop_back();
  try {
    return parse_seed_option(text);
  } catch (const CompetitionOptionError&) {
    throw UsageError(
        fmt::format("{}: not a seed ('{}'): give --seed, or remove the file", file.string(), printable(text)));
  }
}

void keep_seed(const std::filesystem::path& out, std::uint64_t seed) {
  std::filesystem::create_directories(out);
  files::write_file_atomically(out / kSeedFile, std::to_string(seed) + "\n");
}

competition::SubmissionSettings settings_from(const po::variables_map& values) {
  competition::SubmissionSettings settings;
  if (values.count("out") == 0U) throw UsageError("--out DIR is needed: where the bots and the report go");
  settings.out = values["out"].as<std::string>();
  settings.languages = languages_from(values);
  settings.max_source_bytes = values["max-source-bytes"].as<std::uint64_t>();
  settings.limits = limits_from(values);
  settings.match = contest_settings(values);
  settings.admission_games = values["admission-games"].as<int>();
  if (settings.admission_games < 0 || settings.admission_games > 100) {
    throw UsageError("--admission-games must be from 0 to 100");
  }
  if (settings.admission_games > 0) settings.reference = reference_from(values, settings.match);
  const auto seed = seed_option(values);
  const auto kept = kept_seed(settings.out);
  settings.seed = seed ? *seed : kept ? *kept : competition::draw_random_seed();
  if (!seed && !kept && settings.admission_games > 0) say_drawn_seed("compile", settings.seed, "test games");
  settings.jobs = values.count("jobs") != 0U ? values["jobs"].as<int>()
                                             : static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  if (settings.jobs < 1) throw UsageError("-j must be at least 1");
  settings.explain_fault = [](const arbiter::MatchRecord& record, Color color) {
    return std::pair{report::fault_why(record, color), report::fault_reason(record, color, 10)};
  };
  return settings;
}

// The reference bot must be able to play before any bot is judged against it.
void check_reference(const competition::SubmissionSettings& settings) {
  if (settings.admission_games == 0) return;
  arbiter::MatchSpec spec;
  spec.settings = settings.match;
  spec.setup.seed = settings.seed;
  spec.players = {arbiter::PlayerSpec{"reference", settings.reference},
                  arbiter::PlayerSpec{"reference", settings.reference}};
  try {
    arbiter::check_player_commands(spec);
  } catch (const arbiter::PlayerCommandError& e) {
    throw UsageError(fmt::format("--reference: {}", e.what()));
  }
}

// A config's line `KEY = VALUE` with the paths of its value made absolute from `folder`, the
// config's own (value_from_folder), for a copy of the config in another folder; any other line
// as it is.
std::string line_from_folder(const std::string& line, const std::filesystem::path& folder) {
  const std::size_t equals = line.find('=');
  const std::string_view text = line;
  if (equals == std::string::npos || line.find_first_of("#;[") < equals) return line;
  const std::string key(trimmed(text.substr(0, equals)));
  const std::string value(trimmed(text.substr(equals + 1)));
  const std::string anchored = value_from_folder(key, value, folder);
  return anchored == value ? line : key + " = " + anchored;
}

// With --config: DIR/contest.ini, the contest's config with the admitted bots as its players,
// ready for `amazes tournament --config DIR/contest.ini`.
void write_contest_config(const po::variables_map& values, const competition::SubmissionSettings& settings,
                          const std::vector<competition::SubmissionVerdict>& verdicts) {
  if (values.count("config") == 0U) return;
  const std::string file = values["config"].as<std::string>();
  const std::string text = files::read_text_file(file, files::kMaxConfigFileBytes);
  const std::filesystem::path folder = config_folder(file);
  std::string kept = fmt::format("# {} with the players `amazes compile` admitted (its players.ini)\n", file);
  bool players = false;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string line = text.substr(at, end - at);
    const std::size_t first = line.find_first_not_of(" \t");
    if (first != std::string::npos && line[first] == '[') players = line.find("players") != std::string::npos;
    if (!players) kept += line_from_folder(line, folder) + "\n";
    at = end + 1;
  }
  kept += "\n[players]\n";
  for (const auto& v : verdicts) {
    if (v.status == competition::SubmissionStatus::Admitted) kept += v.name + " = " + v.run + "\n";
  }
  files::write_file_atomically(settings.out / "contest.ini", kept);
}

}  // namespace

int compile_command(const Args& args) {
  // Before any thread: each build folder can then be a tmpfs of its own that goes with the judge.
  const std::string private_mounts = ::geteuid() == 0 ? arbiter::enter_private_mount_namespace() : "";
  po::positional_options_description positionals;
  positionals.add("sources", -1);
  const auto values = parse_options(kCompileUsage, compile_options(), positionals, args);
  if (!values) return kExitOk;
  configure_logging(*values);
  if (!private_mounts.empty()) spdlog::warn("compile: no mount namespace of the judge's own ({})", private_mounts);
  if (values->count("sources") == 0U) throw UsageError("no sources: give the submitted files or their folder");
  std::vector<std::filesystem::path> sources;
  for (const auto& source : (*values)["sources"].as<std::vector<std::string>>()) {
    std::error_code ec;
    if (!std::filesystem::exists(source, ec)) throw UsageError(fmt::format("{}: no such file or folder", source));
    sources.emplace_back(source);
  }
  const competition::SubmissionSettings settings = settings_from(*values);
  check_reference(settings);
  if (settings.admission_games > 0) keep_seed(settings.out, settings.seed);
  int refused = 0;
  const auto verdicts =
      competition::handle_submissions(sources, settings, [&](const competition::SubmissionVerdict& v) {
        std::cout << competition::submission_line(v) << std::endl;
        if (v.status != competition::SubmissionStatus::Admitted) ++refused;
      });
  write_contest_config(*values, settings, verdicts);
  spdlog::info("{} of {} admitted; bots in {}, the [players] of the admitted in {}{}, every verdict in {}",
               verdicts.size() - static_cast<std::size_t>(refused), verdicts.size(), settings.out.string(),
               (settings.out / "players.ini").string(),
               values->count("config") != 0U
                   ? " and with the contest's settings in " + (settings.out / "contest.ini").string()
                   : "",
               (settings.out / "report.txt").string());
  return refused == 0 ? kExitOk : kExitFailure;
}

}  // namespace amazes::cli
