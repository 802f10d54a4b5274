// amazes maze show: draws a maze file in the terminal, with the two starts marked.
#include <iostream>

#include "amazes/files/text_file.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/report/maze_drawing.hpp"
#include "amazes/starts.hpp"
#include "command.hpp"
#include "data_directory.hpp"

namespace amazes::cli {

int maze_show_command(const Args& args) {
  po::options_description options("Options");
  options.add_options()("file", po::value<std::string>(), "maze file");
  add_drawing_options(options);
  po::positional_options_description positionals;
  positionals.add("file", 1);
  const auto values = parse_options("amazes maze show [--ascii] FILE", options, positionals, args);
  if (!values) return kExitOk;
  if (values->count("file") == 0U) throw UsageError("no maze file given");
  const report::DrawingStyle style = drawing_style_from(*values);
  const std::string path = find_maze((*values)["file"].as<std::string>()).string();
  const MazeFile file = parse_maze(files::read_text_file(path), path);
  std::cout << report::draw_maze(file.maze, style, report::start_marks(file.starts, style));
  if (file.starts) {
    std::cout << "red " << format_start(file.starts->red) << "   blue " << format_start(file.starts->blue) << "\n";
  }
  return kExitOk;
}

}  // namespace amazes::cli
