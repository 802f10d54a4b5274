#pragma once
// The match settings and the sandbox's as options (--turns, --time-ms, --clock, …, --sandbox,
// --sandbox-memory-mb, …), declared and read from the one table of arbiter::setting_fields(),
// for `match`, `tournament` and `versus` and their config files.
#include <set>
#include <stdexcept>
#include <string>

#include <boost/program_options.hpp>

#include "amazes/arbiter/match_settings.hpp"

namespace amazes::cli {

// A bad setting value; what() is one line naming the option: "--turns must be from 1 to 150,
// not 151".
class SettingOptionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Two groups, the match's and the sandbox's. No default values in Program_options (a config
// file's value must win over a default); the help texts name the judge's defaults, from
// MatchSettings.
boost::program_options::options_description setting_options();
// The settings that decide what a match needs of the machine, for `amazes doctor`: the
// sandbox's and the clock (a pinned match needs the cpu clock).
boost::program_options::options_description machine_setting_options();

// Sets each setting given in `primary` (the command line), else in `secondary` (a config file),
// and adds its key to `given`. Throws SettingOptionError, also for a setting this machine or
// user cannot have (the page cache dropped, but not as root).
void read_setting_options(const boost::program_options::variables_map& primary,
                          const boost::program_options::variables_map* secondary, arbiter::MatchSettings& settings,
                          std::set<std::string, std::less<>>* given = nullptr);

}  // namespace amazes::cli
