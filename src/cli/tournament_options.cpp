// Command-line and config-file options of `amazes tournament`.
#include "tournament_options.hpp"

#include <map>
#include <optional>

#include <fmt/format.h>

#include "amazes/competition/contest_name.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/game_catalogue.hpp"
#include "amazes/printable.hpp"
#include "game_file.hpp"
#include "ini_text.hpp"
#include "option_error_text.hpp"
#include "option_value.hpp"

namespace amazes::cli {
namespace po = boost::program_options;
using competition::parse_named_player;
using competition::PlayerListError;
using competition::players_from_commands;

namespace {

// Each value checked alone, so that a config file's error names its line.
void read_stage_and_ranking_options(const po::variables_map& cli, const po::variables_map& file,
                                    TournamentRequest& request) {
  if (const auto v = option_value<std::string>(cli, &file, "format")) {
    request.format = competition::format_from_name(*v);
    if (!request.format)
      throw TournamentOptionError(fmt::format("--format must be round-robin or swiss, not '{}'", *v));
  }
  if (const auto v = option_value<int>(cli, &file, "final-top")) {
    if (*v != 0 && (*v < 2 || *v > competition::kMaxFinalPlayers)) {
      throw TournamentOptionError(
          fmt::format("--final-top must be 0 (no final) or from 2 to {}, not {}", competition::kMaxFinalPlayers, *v));
    }
    request.final_top = *v;
  }
  if (const auto v = option_value<int>(cli, &file, "final-rounds")) {
    if (*v < 1 || *v > competition::kMaxFinalRounds) {
      throw TournamentOptionError(
          fmt::format("--final-rounds must be from 1 to {}, not {}", competition::kMaxFinalRounds, *v));
    }
    request.final_rounds = *v;
  }
  if (const auto v = option_value<int>(cli, &file, "decide-top")) {
    if (*v < 1 || *v > competition::kMaxFinalPlayers) {
      throw TournamentOptionError(
          fmt::format("--decide-top must be from 1 to {}, not {}", competition::kMaxFinalPlayers, *v));
    }
    request.decide_top = *v;
  }
  if (const auto v = option_value<int>(cli, &file, "max-games")) {
    if (*v < 2 || *v > competition::kMaxCompetitionGames) {
      throw TournamentOptionError(
          fmt::format("--max-games must be from 2 to {}, not {}", competition::kMaxCompetitionGames, *v));
    }
    request.max_games = *v;
  }
  try {
    if (const auto v = option_value<std::string>(cli, &file, "ranking")) {
      (void)competition::ranking_preset(*v);
      request.ranking = *v;
    }
    competition::RankingRules rules;
    if (const auto v = option_value<std::string>(cli, &file, "points")) {
      competition::parse_points(*v, rules);
      request.points = *v;
    }
    if (const auto v = option_value<std::string>(cli, &file, "tie-breaks")) {
      (void)competition::parse_tie_breaks(*v);
      request.tie_breaks = *v;
    }
  } catch (const competition::RankingError& e) {
    throw TournamentOptionError(fmt::format("--{}", e.what()));
  }
  if (const auto v = option_value<int>(cli, &file, "bye-points")) request.bye_points = *v;
  if (const auto v = option_value<int>(cli, &file, "exclude-after")) {
    if (*v < 0 || *v > 1000000)
      throw TournamentOptionError(fmt::format("--exclude-after must be from 0 (never) to 1000000, not {}", *v));
    request.exclude_after = *v;
  }
  if (const auto v = option_value<std::string>(cli, &file, "withdraw")) {
    request.withdraw = competition::withdrawn_from_text(*v);
    if (request.withdraw.empty()) throw TournamentOptionError(fmt::format("--withdraw '{}': no player named", *v));
  }
}

TournamentRequest build_request(const po::variables_map& cli, const po::variables_map& file,
                                std::vector<PlayerSpec> players) {
  TournamentRequest request;
  if (const auto v = option_value<int>(cli, &file, "rounds")) {
    if (*v < 1 || *v > competition::kMaxRounds) {
      throw TournamentOptionError(fmt::format("--rounds must be from 1 to {}, not {}", competition::kMaxRounds, *v));
    }
    request.rounds = *v;
  }
  read_stage_and_ranking_options(cli, file, request);
  read_competition_options(cli, file, request);
  // Without --ranking, a game of --game is ranked as its contests were.
  if (!request.ranking && option_value<std::string>(cli, &file, "game")) {
    if (const GameRow* game = request.settings.game.row()) request.ranking = game->ranking;
  }
  if (const auto v = option_value<std::string>(cli, &file, "out")) request.out = *v;
  if (const auto v = option_value<std::string>(cli, &file, "name")) {
    if (const auto error = competition::contest_name_error(*v))
      throw TournamentOptionError(fmt::format("--name '{}' {}", printable(*v), *error));
    request.name = *v;
  }
  request.resume = cli.count("resume") != 0U;
  request.players = std::move(players);
  return request;
}

// Stores one option of a config file in `values`. Its value is checked alone (form and range),
// so that an error names its line: "FILE:LINE: rounds must be from 1 to 1000, not 5000".
void store_entry(const po::options_description& description, const IniEntry& entry, const std::string& file,
                 po::variables_map& values) {
  po::parsed_options parsed(&description);
  po::option option(entry.key, {entry.value});
  option.original_tokens = {entry.key, entry.value};
  parsed.options.push_back(std::move(option));
  try {
    po::variables_map alone;
    po::store(parsed, alone);
    (void)build_request(po::variables_map{}, alone, {});
    po::store(parsed, values);
  } catch (const po::error& e) {
    throw TournamentOptionError(ini_place(file, entry.line, option_error_text(e)));
  } catch (const TournamentOptionError& e) {
    // The command line's words ("--rounds must be …") name the key as the file writes it.
    std::string_view what = e.what();
    if (what.substr(0, 2) == "--") what.remove_prefix(2);
    throw TournamentOptionError(ini_place(file, entry.line, what));
  }
}

}  // namespace

std::filesystem::path config_folder(const std::filesystem::path& config) {
  std::error_code ec;
  return std::filesystem::absolute(config, ec).parent_path();
}

std::vector<PlayerSpec> read_config_file(const std::filesystem::path& path, po::variables_map& values) {
  std::string text;
  try {
    text = files::read_text_file(path, files::kMaxConfigFileBytes);
  } catch (const files::FileError& e) {
    throw TournamentOptionError(fmt::format("cannot read the config file {}", e.what()));
  }
  return read_config_text(text, path.string(), values, config_folder(path));
}

std::string value_from_folder(std::string_view key, const std::string& value, const std::filesystem::path& folder) {
  namespace fs = std::filesystem;
  if (folder.empty()) return value;
  if (key == "players" || key == "referee") return competition::anchored_command(value, folder);
  if (key == "player") {
    const auto player = parse_named_player(value);
    return player ? player->name + "=" + competition::anchored_command(player->command, folder) : value;
  }
  // A maze folder or game file beside the config; else as given (the current directory, the
  // judge's data directory, a game's name).
  if ((key == "mazes" || (key == "game" && names_game_file(value))) && fs::path(value).is_relative()) {
    std::error_code ec;
    if (fs::exists(folder / value, ec)) return (folder / value).lexically_normal().string();
  }
  return value;
}

std::vector<PlayerSpec> read_config_text(std::string_view text, const std::string& file, po::variables_map& values,
                                         const std::filesystem::path& folder) {
  // A UTF-8 byte-order mark, as some Windows editors write, is not part of the first key
  // (docs/formats.md §10).
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  if (text.substr(0, kBom.size()) == kBom) text.remove_prefix(kBom.size());
  std::vector<IniEntry> entries;
  try {
    entries = read_ini_text(text, file, {"players"});
  } catch (const IniError& e) {
    throw TournamentOptionError(e.what());
  }
  // Kept alive here: the stored values point into it.
  const auto description = tournament_file_options();
  std::vector<PlayerSpec> players;
  std::map<std::string, int> first_line;  // of each option and player
  for (auto& entry : entries) {
    entry.value = value_from_folder(entry.section == "players" ? "players" : entry.key, entry.value, folder);
    const auto error = [&](std::string_view what) { return TournamentOptionError(ini_place(file, entry.line, what)); };
    std::optional<PlayerSpec> player;
    if (entry.section == "players") {
      player = PlayerSpec{entry.key, entry.value};
    } else if (entry.key == "player") {
      player = parse_named_player(entry.value);
      if (!player) throw error(fmt::format("player = '{}': expected NAME=COMMAND", entry.value));
    } else if (const auto* option = description.find_nothrow(entry.key, false);
               option == nullptr || option->long_name() != entry.key) {
      throw error(fmt::format("unknown option '{}'", entry.key));
    }
    if (player) {
      try {
        competition::check_players({*player});
      } catch (const PlayerListError& e) {
        throw error(e.what());
      }
    }
    const std::string what = player ? "player name '" + player->name + "'" : "'" + entry.key + "'";
    if (const auto [first, fresh] = first_line.emplace(what, entry.line); !fresh) {
      throw error(fmt::format("{} is given twice (first on line {})", what, first->second));
    }
    if (player) {
      players.push_back(*player);
    } else {
      store_entry(description, entry, file, values);
    }
  }
  return players;
}

po::options_description tournament_file_options() {
  po::options_description options("Competition options (also keys of a --config file)");
  // clang-format off
  options.add_options()
    ("rounds", po::value<int>()->value_name("R"), "rounds of the first stage (default: one per maze file of --mazes, else 1)")
    ("format", po::value<std::string>()->value_name("F"),
     "round-robin (every ordered pair each round, the default) or swiss (players of nearest standing, a "
     "colour-swapped pair of games each)")
    ("final-top", po::value<int>()->value_name("K"), "then a round robin of the first stage's top K decides places 1..K")
    ("final-rounds", po::value<int>()->value_name("R"), "rounds of the final (default 1: each pair both colours)")
    ("decide-top", po::value<int>()->value_name("K"),
     "instead of a final, adaptive rounds: each pairs the players whose places among the first K are not yet sure, "
     "until every place 1..K is sure (config/README.md); needs --max-games")
    ("max-games", po::value<int>()->value_name("N"),
     "the adaptive rounds stop once the competition would pass N games in all (may grow on a later run)")
    ("ranking", po::value<std::string>()->value_name("PRESET"),
     "points and tie-breaks of a contest: codecup (sum of scores), nio-2005, nio-2001 (config/README.md)")
    ("points", po::value<std::string>()->value_name("P"),
     "what a game is worth: score (the game's score, the default) or match [W/D/L] (2/1/0 by the scores)")
    ("tie-breaks", po::value<std::string>()->value_name("LIST"),
     "ties by, in order: faults, buchholz, sonneborn-berger, head-to-head, wins, value:NAME (default none: "
     "a shared place)")
    ("bye-points", po::value<int>()->value_name("N"), "what a Swiss bye adds to a player's total (default 0)")
    ("exclude-after", po::value<int>()->value_name("N"),
     "exclude a player whose last N games before a round all crashed or timed out: its games from that round on are "
     "forfeits, lost with 0 (default 0: never; kept in the store)")
    ("withdraw", po::value<std::string>()->value_name("NAME[,NAME...]"),
     "withdraw players: their games not yet played are forfeits, lost with 0 (kept in the store)");
  add_competition_options(options, {
    "maze files of the rounds, taken in file-name order; round 1 = the first file, starting again at the first "
    "when there are more rounds than files",
    "competition seed: the starts of every pair, and the mazes when --mazes is not given (default: the stored "
    "one, else drawn at random, printed on stderr and stored)"});
  options.add_options()
    ("out", po::value<std::string>()->value_name("DIR"), "output directory (default ./tournament)")
    ("name", po::value<std::string>()->value_name("NAME"),
     "the contest's name: it titles the site's pages, the terminal output and the standings files (kept in the "
     "store; default: none, the site says \"Tournament\" and the output folder's name)");
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
  if (command_line.count("config") != 0U) players = read_config_file(command_line["config"].as<std::string>(), file);

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
  competition::check_players(command_line_players);
  competition::merge_players(players, command_line_players);
  return build_request(command_line, file, std::move(players));
}

TournamentRequest tournament_request_from_file(const std::filesystem::path& config) {
  po::variables_map command_line;
  command_line.emplace("config", po::variable_value(config.string(), false));
  return tournament_request(command_line);
}

}  // namespace amazes::cli
