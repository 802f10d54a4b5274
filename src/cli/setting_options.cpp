#include "setting_options.hpp"

#include <unistd.h>

#include <fmt/format.h>

namespace amazes::cli {
namespace po = boost::program_options;

po::options_description setting_options() {
  po::options_description match("Match settings");
  po::options_description sandbox("Sandbox of the players");
  const arbiter::MatchSettings defaults;
  for (const arbiter::SettingField& setting : arbiter::setting_fields()) {
    const std::string name(setting.option);
    std::string help(setting.help);
    if (setting.least_not_zero > 0) help += fmt::format(", else at least {}", setting.least_not_zero);
    help += fmt::format(" (default {})", arbiter::setting_text(setting, defaults));
    auto& group = setting.scope == arbiter::SettingScope::Sandbox ? sandbox : match;
    group.add_options()(name.c_str(), po::value<std::string>()->value_name(std::string(setting.value_name)),
                        help.c_str());
  }
  po::options_description both;
  both.add(match).add(sandbox);
  return both;
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
