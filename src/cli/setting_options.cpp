#include "setting_options.hpp"

#include <fmt/format.h>

#include "amazes/arbiter/setting_fields.hpp"

namespace amazes::cli {
namespace po = boost::program_options;

po::options_description setting_options() {
  po::options_description options("Match settings");
  const arbiter::MatchSettings defaults;
  for (const arbiter::SettingField& setting : arbiter::setting_fields()) {
    const std::string name(setting.option);
    const std::string help = fmt::format("{} (default {})", setting.help, arbiter::setting_text(setting, defaults));
    options.add_options()(name.c_str(), po::value<std::string>()->value_name(std::string(setting.value_name)),
                          help.c_str());
  }
  return options;
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
}

}  // namespace amazes::cli
