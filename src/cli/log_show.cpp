// amazes log show: a match log as a table of turns and the final board.
#include <unistd.h>

#include <iostream>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/report/log_view.hpp"
#include "command.hpp"

namespace amazes::cli {

int run_log_show(const Args& args) {
  po::options_description options("Options");
  options.add_options()
      ("log", po::value<std::string>(), "match log (JSON)")
      ("ascii", po::bool_switch(), "plain ASCII drawing")
      ("color", po::value<std::string>()->default_value("auto"), "auto|always|never");
  po::positional_options_description positionals;
  positionals.add("log", 1);
  const auto values = parse_options("amazes log show [--ascii] LOG.json", options, positionals, args);
  if (!values) return kExitOk;
  if (values->count("log") == 0U) throw UsageError("no match log given");
  const std::string color = (*values)["color"].as<std::string>();
  if (color != "auto" && color != "always" && color != "never") {
    throw UsageError("--color must be auto, always or never, got '" + color + "'");
  }
  const auto record = arbiter::read_match_log((*values)["log"].as<std::string>());
  report::DrawingStyle style;
  style.unicode = !(*values)["ascii"].as<bool>();
  style.color = color == "always" || (color == "auto" && ::isatty(STDOUT_FILENO) == 1);
  std::cout << report::render_match_log(record, style);
  return kExitOk;
}

}  // namespace amazes::cli
