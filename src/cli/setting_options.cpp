#include "setting_options.hpp"

#include <unistd.h>

#include <fmt/format.h>

#include "amazes/game_catalogue.hpp"
#include "amazes/printable.hpp"
#include "game_file.hpp"
#include "option_value.hpp"

namespace amazes::cli {
namespace po = boost::program_options;

namespace {

void add_setting(po::options_description& group, const arbiter::SettingField& setting) {
  const arbiter::MatchSettings defaults;
  const std::string name(setting.option);
  std::string help(setting.help);
  if (setting.least_not_zero > 0) help += fmt::format(", else at least {}", setting.least_not_zero);
  const std::string default_text = arbiter::setting_text(setting, defaults);
  help += default_text.empty() ? std::string(" (default: none)") : fmt::format(" (default {})", default_text);
  group.add_options()(name.c_str(), po::value<std::string>()->value_name(std::string(setting.value_name)),
                      help.c_str());
}

// `--game NAME`: the names of the catalogue's games, "amazes|more|lamistra|susan".
std::string game_names() {
  std::string names;
  for (const GameRow& game : game_catalogue()) names += (names.empty() ? "" : "|") + std::string(game.name);
  return names;
}

// The settings of `--game NAME|FILE` (a catalogue game, or a game file's), before any setting given
// beside it.
void read_game_option(const po::variables_map& primary, const po::variables_map* secondary,
                      arbiter::MatchSettings& settings, std::set<std::string, std::less<>>* given) {
  const std::optional<std::string> name = option_value<std::string>(primary, secondary, "game");
  if (!name) return;
  std::vector<std::string_view> keys;
  if (names_game_file(*name)) {
    keys = arbiter::set_file_game(read_game_file(*name), settings);
  } else if (const GameRow* game = find_game(*name)) {
    keys = arbiter::set_catalogue_game(*game, settings);
  } else {
    throw SettingOptionError(
        fmt::format("--game must be one of {} or a game file, not '{}'", game_names(), printable(*name)));
  }
  for (const std::string_view key : keys) {
    if (given != nullptr) given->emplace(key);
  }
}

}  // namespace

po::options_description setting_options() {
  po::options_description match("Match settings");
  const std::string game_help =
      "a game the judge knows, or a game file (docs/referees.md), which sets referee, scores, time-ms, move-files "
      "and move-time-ms to the game's (each given beside it wins)";
  match.add_options()("game", po::value<std::string>()->value_name(game_names() + "|FILE"), game_help.c_str());
  po::options_description sandbox("Sandbox of the players");
  for (const arbiter::SettingField& setting : arbiter::setting_fields()) {
    add_setting(setting.scope == arbiter::SettingScope::Sandbox ? sandbox : match, setting);
  }
  po::options_description both;
  both.add(match).add(sandbox);
  return both;
}

po::options_description machine_setting_options() {
  po::options_description settings("Settings of the contest to check for");
  for (const arbiter::SettingField& setting : arbiter::setting_fields()) {
    if (setting.scope == arbiter::SettingScope::Sandbox || setting.key == "clock") add_setting(settings, setting);
  }
  return settings;
}

void read_setting_options(const po::variables_map& primary, const po::variables_map* secondary,
                          arbiter::MatchSettings& settings, std::set<std::string, std::less<>>* given) {
  read_game_option(primary, secondary, settings, given);
  for (const arbiter::SettingField& setting : arbiter::setting_fields()) {
    const std::string name(setting.option);
    const po::variables_map* from = primary.count(name) != 0U ? &primary : nullptr;
    if (from == nullptr && secondary != nullptr && secondary->count(name) != 0U) from = secondary;
    if (from == nullptr) continue;
    const std::string& text = (*from)[name].as<std::string>();
    if (const auto problem = arbiter::set_setting_from_text(setting, settings, text)) {
      throw SettingOptionError(fmt::format("--{} {}", name, *problem));
    }
    if (given != nullptr) given->emplace(setting.key);
  }
  if (settings.sandbox.drop_caches && ::geteuid() != 0) {
    throw SettingOptionError("--sandbox-drop-caches needs root: it writes /proc/sys/vm/drop_caches");
  }
}

}  // namespace amazes::cli
