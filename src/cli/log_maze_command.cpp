// amazes log maze: the maze of a logged game, with its starts, as a maze file.
#include <iostream>

#include "amazes/competition/match_source.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/maze_io.hpp"
#include "command.hpp"

namespace amazes::cli {

int log_maze_command(const Args& args) {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
      ("log", po::value<std::string>(), "match log (JSON)")
      ("out,o", po::value<std::string>(), "write the maze file here (default: standard output)");
  // clang-format on
  po::positional_options_description positionals;
  positionals.add("log", 1);
  const auto values = parse_options(
      "amazes log maze LOG.json [-o FILE]\n\n"
      "Writes the logged game's maze, with its two starts as start lines, as a maze file: what\n"
      "`amazes match --from LOG` plays, for `amazes match --maze` or a tournament's --mazes.",
      options, positionals, args);
  if (!values) return kExitOk;
  if (values->count("log") == 0U) throw UsageError("no match log given");
  // The same reading and checks as `amazes match --from` (MazeSourceError: exit 1).
  const competition::LoggedGame logged = competition::game_from_log((*values)["log"].as<std::string>());
  const std::string text = format_maze(logged.source.maze, logged.source.starts);
  if (values->count("out") != 0U) {
    files::write_file_atomically((*values)["out"].as<std::string>(), text);
  } else {
    std::cout << text;
  }
  return kExitOk;
}

}  // namespace amazes::cli
