#include "setting_options.hpp"

#include <unistd.h>

#include <fmt/format.h>

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

}  // namespace

po::options_description setting_options() {
  po::options_description match("Match settings");
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
