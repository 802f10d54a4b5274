// amazes log show: a match log as a table of turns and the final board.
#include <iostream>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/report/log_view.hpp"
#include "command.hpp"

namespace amazes::cli {

int run_log_show(const Args& args) {
  po::options_description options("Options");
  options.add_options()("log", po::value<std::string>(), "match log (JSON)");
  add_drawing_options(options);
  po::positional_options_description positionals;
  positionals.add("log", 1);
  const auto values = parse_options("amazes log show [--ascii] LOG.json", options, positionals, args);
  if (!values) return kExitOk;
  if (values->count("log") == 0U) throw UsageError("no match log given");
  const report::DrawingStyle style = drawing_style_from(*values);
  const auto record = arbiter::read_match_log((*values)["log"].as<std::string>());
  std::cout << report::render_match_log(record, style);
  return kExitOk;
}

}  // namespace amazes::cli
