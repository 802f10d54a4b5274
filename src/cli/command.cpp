#include "command.hpp"

#include <iostream>

namespace amazes::cli {

std::optional<po::variables_map> parse_options(std::string_view usage, po::options_description options,
                                               const po::positional_options_description& positionals,
                                               const Args& args) {
  options.add_options()("help,h", "show this help and exit");
  po::variables_map values;
  try {
    po::store(po::command_line_parser(args).options(options).positional(positionals).run(), values);
    if (values.count("help") != 0U) {
      std::cout << "usage: " << usage << "\n\n" << options << "\n";
      return std::nullopt;
    }
    po::notify(values);
  } catch (const po::error& error) {
    throw UsageError(error.what());
  }
  return values;
}

}  // namespace amazes::cli
