#pragma once
// Where an option's value comes from when a command also reads a config file: the command line
// wins over the file.
#include <optional>

#include <boost/program_options.hpp>

namespace amazes::cli {

// The value of option `name`: from `primary` (the command line) when given there, else from
// `secondary` (a config file; may be null), else nothing.
template <class T>
std::optional<T> option_value(const boost::program_options::variables_map& primary,
                              const boost::program_options::variables_map* secondary, const char* name) {
  if (primary.count(name) != 0U) return primary[name].as<T>();
  if (secondary != nullptr && secondary->count(name) != 0U) return (*secondary)[name].as<T>();
  return std::nullopt;
}

}  // namespace amazes::cli
