// amazes log show: a match log as a table of turns and the final board.
#include <iostream>
#include <stdexcept>
#include <variant>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/overloaded.hpp"
#include "amazes/report/log_check.hpp"
#include "amazes/report/log_view.hpp"
#include "amazes/report/referee_log_view.hpp"
#include "command.hpp"

namespace amazes::cli {

int log_show_command(const Args& args) {
  po::options_description options("Options");
  options.add_options()("log", po::value<std::string>(), "match log (JSON)")(
      "stderr", "print both players' stderr and unsolicited output from the log instead of the table");
  add_drawing_options(options);
  po::positional_options_description positionals;
  positionals.add("log", 1);
  // A referee game's log (amazes-referee-match/1) is shown as its transcript.
  const auto values = parse_options("amazes log show [--ascii] [--stderr] LOG.json", options, positionals, args);
  if (!values) return kExitOk;
  if (values->count("log") == 0U) throw UsageError("no match log given");
  const report::DrawingStyle style = drawing_style_from(*values);
  const std::string log = (*values)["log"].as<std::string>();
  const auto record = arbiter::read_match_log(log);
  const bool streams = values->count("stderr") != 0U;
  std::visit(
      overloaded{[&](const arbiter::AmazesRecord&) {
                   try {
                     // Nothing is shown of a log the rules engine disagrees with.
                     report::checked_replay(record);
                   } catch (const report::ReplayMismatch& e) {
                     throw std::runtime_error(log + ": the log disagrees with the rules engine: " + e.what());
                   }
                   std::cout << (streams ? report::render_player_streams(record)
                                         : report::render_match_log(record, style, log));
                 },
                 [&](const arbiter::RefereeRecord&) {
                   // The referee judged the game: there is no rules engine's replay to agree
                   // with, only its lines.
                   std::cout << (streams ? report::render_referee_streams(record) : report::render_referee_log(record));
                 }},
      record.game);
  return kExitOk;
}

}  // namespace amazes::cli
