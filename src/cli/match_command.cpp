// amazes match: one game between two player programs, with an optional match log.

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>

#include <fmt/format.h>

#include "amazes/arbiter/match.hpp"
#include "amazes/arbiter/match_log.hpp"
#include "amazes/arbiter/sandbox_layout.hpp"
#include "amazes/checker.hpp"
#include "amazes/competition/match_source.hpp"
#include "amazes/competition/players.hpp"
#include "amazes/competition/random_seed.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/generator.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/report/fault_reason.hpp"
#include "amazes/report/referee_log_view.hpp"
#include "amazes/starts.hpp"
#include "command.hpp"
#include "data_directory.hpp"
#include "logging.hpp"
#include "match_debug.hpp"
#include "setting_options.hpp"
#include "tournament_options.hpp"

namespace amazes::cli {

namespace {

using arbiter::MatchSettings;

std::string fault_text(const arbiter::PlayerOutcome& o) {
  if (!o.fault) return "-";
  return fmt::format("{} at turn {}", fault_name(*o.fault), o.fault_turn.value_or(0));
}

// The options a game's maze and starts come from, which --from takes from the log instead.
constexpr std::array kMazeOptions = {"maze", "seed", "size", "red-start", "blue-start"};

// A game whose referee draws its own setup (game_setup.hpp): only its seed, --seed or drawn at
// random. Returns true when it was drawn.
bool set_seeded_game(const po::variables_map& values, arbiter::MatchSpec& spec) {
  const std::string game = spec.settings.game.name();
  for (const char* option : kMazeOptions) {
    if (std::string_view(option) != "seed" && values.count(option) != 0U && !values[option].defaulted()) {
      throw UsageError(fmt::format("--{}: the game '{}' is played on no maze (its referee draws its setup from --seed)",
                                   option, game));
    }
  }
  const std::optional<std::uint64_t> given = seed_option(values);
  spec.setup = arbiter::seed_setup(spec.settings, given ? given : competition::draw_random_seed());
  return !given;
}

// The maze, starts and seed of the game: from --maze or a generated maze, and the starts from
// --red-start/--blue-start, else the maze file's start lines, else drawn from the seed. Without
// --seed the seed is drawn at random, so that no bot knows the game in advance; returns true
// when it was.
bool set_game_from_options(const po::variables_map& values, const std::optional<std::filesystem::path>& maze,
                           arbiter::MatchSpec& spec) {
  if (!spec.settings.game.on_maze()) return set_seeded_game(values, spec);
  std::optional<std::uint64_t> seed = seed_option(values);
  const bool given = seed.has_value();
  competition::GameMaze source;
  if (maze) {
    source = competition::maze_from_file(*maze);  // MazeSourceError: exit 1
  } else {
    const int size = values["size"].as<int>();
    if (size < kMinMazeSize || size > kMaxMazeSize) throw UsageError("--size must be from 2 to 64");
    if (!seed) seed = competition::draw_random_seed();
    source = competition::maze_from_seed(*seed, size);
  }
  const std::optional<Starts> file_starts = source.starts;
  Starts starts;
  if (auto fixed = fixed_starts(values, source.maze)) {
    starts = *fixed;
  } else {
    if (!source.starts && !seed) seed = competition::draw_random_seed();
    starts = competition::game_starts(source, seed.value_or(0)).starts;
  }
  // The seed is recorded only when something was drawn from it.
  const bool drew = values.count("maze") == 0U || (!file_starts && values.count("red-start") == 0U);
  spec.setup = arbiter::amazes_setup(source.maze, starts, drew ? seed : std::nullopt);
  return spec.setup.seed && !given;
}

// `--from LOG`: the logged game's maze, starts and seed, and the settings the log records
// except those given on the command line (spec.settings holds them, from match_settings_from).
// Throws MazeSourceError for a log that cannot be used.
void set_game_from_log(const po::variables_map& values, const po::variables_map& config, const std::string& log,
                       arbiter::MatchSpec& spec) {
  for (const char* option : kMazeOptions) {
    if (values.count(option) != 0U && !values[option].defaulted()) {
      throw UsageError(fmt::format("--from takes the maze and the starts from the log: not with --{}", option));
    }
  }
  const competition::LoggedGame logged = competition::game_from_log(log);
  spec.setup = arbiter::amazes_setup(logged.source.maze, *logged.source.starts, logged.seed);
  // The log's settings, except those given on the command line or in --config (checked by
  // match_settings_from already); a log has no sandbox settings, so those are given or the defaults.
  spec.settings = logged.settings;
  read_setting_options(values, &config, spec.settings);
}

// The values of --config's file (none without it); its paths are its folder's.
po::variables_map config_settings(const po::variables_map& values) {
  po::variables_map config;
  if (values.count("config") == 0U) return config;
  try {
    (void)read_config_file(values["config"].as<std::string>(), config);
  } catch (const TournamentOptionError& e) {
    throw UsageError(e.what());
  }
  return config;
}

}  // namespace

MatchSettings match_settings_from(const po::variables_map& values, const po::variables_map* config) {
  MatchSettings settings;
  try {
    read_setting_options(values, config, settings);
  } catch (const SettingOptionError& e) {
    throw UsageError(e.what());
  }
  return settings;
}

void add_match_settings_options(po::options_description& options) { options.add(setting_options()); }

namespace {

constexpr const char* kMatchUsage =
    "amazes match [--maze FILE] [--seed S] [--red-start R,C,D --blue-start R,C,D] | [--from LOG]\n"
    "             [--time-ms MS] [--clock cpu|wall] [--turns T] [--sandbox auto|namespaces|bwrap|none] [--log FILE]\n"
    "             [--debug] RED_CMD BLUE_CMD\n"
    "amazes match --referee CMD [--referee-log FILE] [--scores MIN-MAX] [options as above] CMD1 CMD2\n"
    "amazes match --config CONTEST.ini [options as above] CMD1 CMD2\n\n"
    "A player is a path or one shell-style command string (\"python3 bot.py --level 2\").\n"
    "--from LOG plays the maze and starts of a logged game (of a match, tournament or versus run)\n"
    "with its match settings (turns, time, clock, ...) except those given here. --debug prints the\n"
    "game as it runs on stderr: `red 1 < Start` written, `red 1 > FFR` read, `red 1 ! text` its\n"
    "stderr, `red 1 FAULT kind: why`.\n"
    "--referee CMD plays the game of a Caia referee instead (docs/referees.md): the judge plays caiaio's part,\n"
    "CMD1 and CMD2 are its players 1 and 2; {seed} and {maze} in CMD are the game's seed and a file with its\n"
    "maze and starts, and the referee's log file is added as its last argument.\n"
    "--config FILE plays the game of a contest's config file with its settings (game, referee, scores, times,\n"
    "move files, sandbox) except those given here; its players, seed and competition options are not used.\n"
    "Prints one line per player. Exit status: 0 when the match was played (whatever the\n"
    "players did), 2 for a usage error (including a player command that cannot run),\n"
    "1 for anything else that stopped it.";

po::options_description match_options() {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
      ("maze", po::value<std::string>(), "maze file (default: generated from the seed)")
      ("seed", po::value<std::string>(), "seed of the maze and/or the starts (default: drawn at random, printed on stderr)")
      ("size", po::value<int>()->default_value(kDefaultMazeSize), "size of a generated maze")
      ("log", po::value<std::string>(), "write the match log (JSON) to this file (missing directories are made)")
      ("from", po::value<std::string>(), "play the maze and starts of this match log, with its settings unless given")
      ("config", po::value<std::string>()->value_name("FILE"), "take the match settings a contest's config file gives "
                                                               "(those given here win)")
      ("debug", po::bool_switch(), "print every line written to and read from the players, their stderr and faults, "
                                   "as the game runs (on stderr)")
      ("red-name", po::value<std::string>(), "red's name (default: its program's file name)")
      ("blue-name", po::value<std::string>(), "blue's name")
      ("referee-log", po::value<std::string>()->value_name("FILE"), "with --referee: also write the referee's own log here after the game "
                                                "(the judge gives the referee a file of its own and keeps the log's first 64 KiB in the match log)")
      ("red", po::value<std::string>(), "red's command")
      ("blue", po::value<std::string>(), "blue's command");
  // clang-format on
  add_start_options(options);
  add_match_settings_options(options);
  add_logging_options(options);
  return options;
}

// The game the options ask for, and what no player may see: the files it comes from and goes to.
struct AskedMatch {
  arbiter::MatchSpec spec;
  std::vector<arbiter::Secret> secrets;
  bool seed_drawn = false;
  std::optional<std::filesystem::path> referee_log;  // --referee-log
};

AskedMatch match_from(const po::variables_map& values) {
  AskedMatch match;
  arbiter::MatchSpec& spec = match.spec;
  const po::variables_map config = config_settings(values);
  spec.settings = match_settings_from(values, &config);
  // A contest's config names every contestant's program.
  if (values.count("config") != 0U && !is_bundled_config(values["config"].as<std::string>())) {
    match.secrets.push_back({"the config file of --config", values["config"].as<std::string>()});
  }
  const std::string red = values["red"].as<std::string>();
  const std::string blue = values["blue"].as<std::string>();
  spec.players[0] = {
      values.count("red-name") ? values["red-name"].as<std::string>() : competition::name_from_command(red), red};
  spec.players[1] = {
      values.count("blue-name") ? values["blue-name"].as<std::string>() : competition::name_from_command(blue), blue};
  if (values.count("from") != 0U) {
    const std::string log = values["from"].as<std::string>();
    set_game_from_log(values, config, log, spec);
    match.secrets.push_back({"the match log of --from", log});
  } else {
    // MazeNotFound: exit 1, as a maze file that cannot be read.
    const auto maze =
        values.count("maze") != 0U ? std::optional(find_maze(values["maze"].as<std::string>())) : std::nullopt;
    match.seed_drawn = set_game_from_options(values, maze, spec);
    if (maze && !is_bundled_maze(*maze)) match.secrets.push_back({"the maze file", *maze});
  }
  // The log holds the maze: a bot that could read it would know the maze of any later game on
  // the same seed.
  if (values.count("log") != 0U) match.secrets.push_back({"the match log of --log", values["log"].as<std::string>()});
  spec.id = fmt::format("{}-vs-{}-{}", spec.players[0].name, spec.players[1].name,
                        spec.setup.seed ? std::to_string(*spec.setup.seed) : std::string("fixed"));
  if (values.count("referee-log") != 0U) {
    if (spec.settings.game.built_in()) throw UsageError("--referee-log is for a referee game (--referee CMD)");
    match.referee_log = values["referee-log"].as<std::string>();
    match.secrets.push_back({"the referee's log of --referee-log", *match.referee_log});
  }
  return match;
}

void check_before_play(const AskedMatch& match) {
  try {
    arbiter::check_player_commands(match.spec);
    arbiter::check_sandbox_layout(match.spec.settings.sandbox, {match.spec.players[0], match.spec.players[1]},
                                  match.secrets);
  } catch (const arbiter::PlayerCommandError& error) {
    throw UsageError(error.what());
  } catch (const arbiter::SandboxLayoutError& error) {
    throw UsageError(error.what());
  }
}

arbiter::MatchRecord play(const arbiter::MatchSpec& spec, bool debug) {
  if (!debug) return arbiter::run_match(spec);
  DebugPrinter printer(std::cerr, spec.settings);
  arbiter::MatchRecord record = arbiter::run_observed_match(spec, printer);
  printer.finish();
  return record;
}

void print_result(const arbiter::MatchRecord& record) {
  for (const Color color : {Color::Red, Color::Blue}) {
    const auto& o = record.outcome[index_of(color)];
    // Each side as its game names it; a referee game's faults are the judge's or the referee's,
    // its values the referee's.
    const bool referee = record.referee() != nullptr;
    const std::string seat = record.settings.game.side_name(index_of(color));
    const std::size_t width =
        std::max({std::size_t{5}, record.settings.game.side_name(0).size(), record.settings.game.side_name(1).size()});
    const std::string fault = referee ? report::referee_fault_text(record, color) : fault_text(o);
    std::cout << fmt::format("{:<{}} {:<20} points {:>5}  score {:>4}  fault {}{}\n", seat, width,
                             record.players[index_of(color)].name, o.points, o.score, fault,
                             report::referee_values_text(o));
    // A bot author must see why it failed without opening the log.
    std::cout << report::fault_reason(record, color);
  }
  std::cout << std::flush;
}

// What the judge kept of the referee's own log, where --referee-log asks: written as the referee
// wrote its own, not atomically, so that a FIFO or /dev/stderr takes it too.
void write_referee_log(const std::filesystem::path& path, const arbiter::RefereeRecord& referee) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << referee.log_text;
  out.close();
  if (!out) throw files::FileError(path.string() + ": cannot write the referee's log");
  if (referee.log_dropped > 0) {
    std::cerr << fmt::format(
        "amazes match: the referee's log was cut after {} bytes ({} more): {} holds its beginning\n",
        referee.log_text.size(), referee.log_dropped, path.string());
  }
}

}  // namespace

int match_command(const Args& args) {
  po::positional_options_description positionals;
  positionals.add("red", 1).add("blue", 1);
  const auto values = parse_options(kMatchUsage, match_options(), positionals, args);
  if (!values) return kExitOk;
  configure_logging(*values);
  if (values->count("red") == 0U || values->count("blue") == 0U) throw UsageError("need RED_CMD and BLUE_CMD");
  const AskedMatch match = match_from(*values);
  check_before_play(match);
  const bool log = values->count("log") != 0U;
  // A log that cannot be written is refused before the game, not after it (files::FileError:
  // exit 1, as every output that cannot be written).
  if (log) files::check_writable_file((*values)["log"].as<std::string>());
  if (match.seed_drawn) {
    const char* drawn = !match.spec.settings.game.on_maze() ? "game"
                        : values->count("maze") != 0U       ? "starts"
                                                            : "maze and starts";
    say_drawn_seed("match", *match.spec.setup.seed, drawn);
  }
  const arbiter::MatchRecord record = play(match.spec, (*values)["debug"].as<bool>());
  // The result first: should the log still fail to be written (the disk filled up meanwhile),
  // the game is not lost to the user.
  print_result(record);
  if (log) arbiter::write_match_log((*values)["log"].as<std::string>(), record);
  if (match.referee_log && record.referee() != nullptr) write_referee_log(*match.referee_log, *record.referee());
  return kExitOk;
}

}  // namespace amazes::cli
