// amazes maze show: draws a maze file in the terminal, with the two starts marked.
#include <unistd.h>

#include <iostream>

#include "amazes/arbiter/text_file.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/report/maze_drawing.hpp"
#include "amazes/starts.hpp"
#include "command.hpp"

namespace amazes::cli {

int run_maze_show(const Args& args) {
  po::options_description options("Options");
  options.add_options()
      ("file", po::value<std::string>(), "maze file")
      ("ascii", po::bool_switch(), "plain ASCII ('+', '-', '|') instead of box characters")
      ("color", po::value<std::string>()->default_value("auto"), "colour the starts: auto|always|never");
  po::positional_options_description positionals;
  positionals.add("file", 1);
  const auto values = parse_options("amazes maze show [--ascii] FILE", options, positionals, args);
  if (!values) return kExitOk;
  if (values->count("file") == 0U) throw UsageError("no maze file given");
  const std::string color = (*values)["color"].as<std::string>();
  if (color != "auto" && color != "always" && color != "never") {
    throw UsageError("--color must be auto, always or never, got '" + color + "'");
  }
  const std::string path = (*values)["file"].as<std::string>();
  const MazeFile file = parse_maze(arbiter::read_text_file(path), path);
  report::DrawingStyle style;
  style.unicode = !(*values)["ascii"].as<bool>();
  style.color = color == "always" || (color == "auto" && ::isatty(STDOUT_FILENO) == 1);
  std::cout << report::draw_maze(file.maze, style, report::start_marks(file.starts, style));
  if (file.starts) {
    std::cout << "red " << format_start(file.starts->red) << "   blue " << format_start(file.starts->blue) << "\n";
  }
  return kExitOk;
}

}  // namespace amazes::cli
