// Command-line and config-file options of `amazes tournament`.
#include "amazes/competition/tournament_options.hpp"

#include <charconv>
#include <fstream>

#include <fmt/format.h>

namespace amazes::competition {
namespace po = boost::program_options;

namespace {

// Players given in a config file: `[players]` entries (`NAME = COMMAND`, parsed by Program_options
// as the unregistered option "players.NAME") and `player = NAME=COMMAND` lines, in file order.
std::vector<PlayerSpec> config_players(const po::parsed_options& parsed, const std::string& file) {
  std::vector<PlayerSpec> players;
  for (const auto& option : parsed.options) {
    if (!option.unregistered) continue;
    const std::string& key = option.string_key;
    const std::string value = option.value.empty() ? std::string() : option.value.front();
    if (key.rfind("players.", 0) == 0) {
      players.push_back({key.substr(8), value});
    } else if (key == "player") {
      const auto named = parse_named_player(value);
      if (!named) throw TournamentOptionError(fmt::format("{}: player = '{}': expected NAME=COMMAND", file, value));
      players.push_back(*named);
    } else {
      throw TournamentOptionError(fmt::format("{}: unknown option '{}'", file, key));
    }
  }
  try {
    check_players(players);
  } catch (const PlayerListError& e) {
    throw TournamentOptionError(fmt::format("{}: {}", file, e.what()));
  }
  return players;
}

template <class T>
std::optional<T> get(const po::variables_map& primary, const po::variables_map& secondary, const char* name) {
  if (primary.count(name) != 0U) return primary[name].as<T>();
  if (secondary.count(name) != 0U) return secondary[name].as<T>();
  return std::nullopt;
}

template <class T>
T at_least(const char* name, T value, T minimum) {
  if (value < minimum) throw TournamentOptionError(fmt::format("--{} must be at least {}, not {}", name, minimum, value));
  return value;
}

std::uint64_t parse_seed(const std::string& text) {
  std::uint64_t seed = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
    throw TournamentOptionError(fmt::format("--seed: '{}' is not a number from 0 to 18446744073709551615", text));
  }
  return seed;
}

TournamentRequest build_request(const po::variables_map& cli, const po::variables_map& file,
                                std::vector<PlayerSpec> players) {
  TournamentRequest request;
  if (const auto v = get<int>(cli, file, "rounds")) request.rounds = at_least("rounds", *v, 1);
  if (const auto v = get<std::string>(cli, file, "mazes")) request.mazes = *v;
  if (const auto v = get<std::string>(cli, file, "seed")) request.seed = parse_seed(*v);
  if (const auto v = get<int>(cli, file, "size")) {
    if (*v < kMinMazeSize || *v > kMaxMazeSize) {
      throw TournamentOptionError(fmt::format("--size must be from {} to {}, not {}", kMinMazeSize, kMaxMazeSize, *v));
    }
    request.size = *v;
  }
  if (const auto v = get<int>(cli, file, "turns")) request.turns = at_least("turns", *v, 1);
  if (const auto v = get<double>(cli, file, "time-ms")) {
    if (!(*v > 0)) throw TournamentOptionError(fmt::format("--time-ms must be more than 0, not {}", *v));
    request.time_ms = *v;
  }
  if (const auto v = get<std::string>(cli, file, "clock")) {
    const auto clock = arbiter::clock_from_name(*v);
    if (!clock) throw TournamentOptionError(fmt::format("--clock must be cpu or wall, not '{}'", *v));
    request.clock = *clock;
  }
  if (const auto v = get<double>(cli, file, "wall-guard-factor")) {
    if (!(*v > 0)) throw TournamentOptionError(fmt::format("--wall-guard-factor must be more than 0, not {}", *v));
    request.wall_guard_factor = *v;
  }
  if (const auto v = get<double>(cli, file, "wall-guard-extra-ms")) {
    request.wall_guard_extra_ms = at_least("wall-guard-extra-ms", *v, 0.0);
  }
  if (const auto v = get<double>(cli, file, "grace-ms")) request.grace_ms = at_least("grace-ms", *v, 0.0);
  if (const auto v = get<long long>(cli, file, "stderr-limit")) {
    request.stderr_limit = static_cast<std::size_t>(at_least("stderr-limit", *v, 0LL));
  }
  if (const auto v = get<int>(cli, file, "jobs")) request.jobs = at_least("jobs", *v, 1);
  if (const auto v = get<std::string>(cli, file, "out")) request.out = *v;
  request.resume = cli.count("resume") != 0U;
  request.players = std::move(players);
  return request;
}

// Reads a config file into `values`; returns its players.
std::vector<PlayerSpec> read_config(const std::filesystem::path& path, po::variables_map& values) {
  std::ifstream in(path);
  if (!in) throw TournamentOptionError(fmt::format("{}: cannot read the config file", path.string()));
  try {
    // Kept alive here: the parsed options point into it.
    const auto description = tournament_file_options();
    const auto parsed = po::parse_config_file(in, description, /*allow_unregistered=*/true);
    po::store(parsed, values);
    po::notify(values);
    return config_players(parsed, path.string());
  } catch (const po::error& e) {
    throw TournamentOptionError(fmt::format("{}: {}", path.string(), e.what()));
  }
}

}  // namespace

po::options_description tournament_file_options() {
  po::options_description options("Competition options (also keys of a --config file)");
  // clang-format off
  options.add_options()
    ("rounds", po::value<int>()->value_name("R"), "rounds (default: one per maze file of --mazes, else 1)")
    ("mazes", po::value<std::string>()->value_name("DIR"),
     "maze files of the rounds, taken in file-name order; round 1 = the first file, starting again at the first "
     "when there are more rounds than files")
    ("seed", po::value<std::string>()->value_name("S"),
     "competition seed: the starts of every pair, and the mazes when --mazes is not given (default 2010)")
    ("size", po::value<int>()->value_name("N"), "size of generated mazes (default 25)")
    ("time-ms", po::value<double>()->value_name("MS"), "time budget per player per game (default 5000)")
    ("clock", po::value<std::string>()->value_name("cpu|wall"), "what the budget counts (default cpu)")
    ("turns", po::value<int>()->value_name("T"), "turns per player (default 150)")
    ("wall-guard-factor", po::value<double>()->value_name("F"), "a turn times out after F × budget left + extra (default 2)")
    ("wall-guard-extra-ms", po::value<double>()->value_name("MS"), "the extra of the wall guard (default 1000)")
    ("grace-ms", po::value<double>()->value_name("MS"), "time a player has to exit after its last turn (default 1000)")
    ("stderr-limit", po::value<long long>()->value_name("BYTES"), "stderr kept per player per game (default 10000)")
    ("jobs,j", po::value<int>()->value_name("N"), "games at once (default: the number of cores)")
    ("out", po::value<std::string>()->value_name("DIR"), "output directory (default ./tournament)");
  // clang-format on
  return options;
}

po::options_description tournament_command_line_options() {
  po::options_description options = tournament_file_options();
  // clang-format off
  options.add_options()
    ("config", po::value<std::string>()->value_name("FILE"), "INI file with these options and a [players] section")
    ("player", po::value<std::vector<std::string>>()->value_name("NAME=COMMAND")->composing(),
     "a player with its name (repeatable)")
    ("resume", "continue the competition in --out (a store must be there; re-running the same command also resumes)")
    ("players", po::value<std::vector<std::string>>()->value_name("PLAYER")->composing(),
     "player commands or paths, named after their program file; NAME=COMMAND names one");
  // clang-format on
  return options;
}

po::positional_options_description tournament_positionals() {
  po::positional_options_description positionals;
  positionals.add("players", -1);
  return positionals;
}

TournamentRequest tournament_request(const po::variables_map& command_line) {
  po::variables_map file;
  std::vector<PlayerSpec> players;
  if (command_line.count("config") != 0U) players = read_config(command_line["config"].as<std::string>(), file);

  // Command-line players after the file's: a name given again takes its command from the command line.
  std::vector<PlayerSpec> named;
  std::vector<std::string> unnamed;
  if (command_line.count("player") != 0U) {
    for (const auto& text : command_line["player"].as<std::vector<std::string>>()) {
      const auto player = parse_named_player(text);
      if (!player) throw TournamentOptionError(fmt::format("--player '{}': expected NAME=COMMAND", text));
      named.push_back(*player);
    }
  }
  if (command_line.count("players") != 0U) {
    for (const auto& text : command_line["players"].as<std::vector<std::string>>()) {
      if (const auto player = parse_named_player(text)) {
        named.push_back(*player);
      } else {
        unnamed.push_back(text);
      }
    }
  }
  auto from_paths = players_from_commands(unnamed);
  // A name derived from a path that clashes with an explicit name is reported, not renamed:
  // the user chose the explicit one.
  std::vector<PlayerSpec> command_line_players = named;
  command_line_players.insert(command_line_players.end(), from_paths.begin(), from_paths.end());
  check_players(command_line_players);
  merge_players(players, command_line_players);
  return build_request(command_line, file, std::move(players));
}

TournamentRequest tournament_request_from_file(const std::filesystem::path& config) {
  po::variables_map command_line;
  command_line.emplace("config", po::variable_value(config.string(), false));
  return tournament_request(command_line);
}

}  // namespace amazes::competition
