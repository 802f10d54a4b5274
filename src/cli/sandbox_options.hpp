#pragma once
// The sandbox options, shared by every command that plays matches (`match`,
// `tournament`, `versus`) and valid as keys of a tournament config file:
//   --sandbox auto|namespaces|bwrap|none   --sandbox-memory-mb MB   --sandbox-processes N
//   --sandbox-open-files N      --sandbox-tmp-mb MB      --sandbox-uids FIRST-LAST|none
//   --sandbox-cgroups auto|off   --sandbox-pin-cpu auto|off   --sandbox-drop-caches on|off
// They carry no default values in Program_options, so that a config file's value is used when
// the command line leaves one out; the defaults are those of arbiter::SandboxSettings.
#include <stdexcept>

#include <boost/program_options.hpp>

#include "amazes/arbiter/sandbox_settings.hpp"

namespace amazes::cli {

// A bad sandbox option value; what() is one line naming the option.
class SandboxOptionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

boost::program_options::options_description sandbox_options();

// The settings from `primary` (the command line), else `secondary` (a config file), else the
// defaults. Throws SandboxOptionError.
arbiter::SandboxSettings sandbox_settings_from(const boost::program_options::variables_map& primary,
                                               const boost::program_options::variables_map* secondary = nullptr);

}  // namespace amazes::cli
