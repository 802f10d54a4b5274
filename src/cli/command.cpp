#include "command.hpp"

#include <unistd.h>

#include <iostream>

#include <fmt/format.h>

#include "amazes/starts.hpp"
#include "competition_options.hpp"
#include "option_error_text.hpp"

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
    throw UsageError(option_error_text(error));
  }
  return values;
}

std::optional<std::uint64_t> seed_option(const po::variables_map& values) {
  if (values.count("seed") == 0U) return std::nullopt;
  try {
    return parse_seed_option(values["seed"].as<std::string>());
  } catch (const CompetitionOptionError& e) {
    throw UsageError(e.what());
  }
}

void say_drawn_seed(std::string_view command, std::uint64_t seed, std::string_view what) {
  std::cerr << fmt::format("amazes {}: seed {} drawn at random (give --seed {} to play the same {} again)\n", command,
                           seed, seed, what);
}

void add_start_options(po::options_description& options) {
  // clang-format off
  options.add_options()
      ("red-start", po::value<std::string>(), "red's start R,C,D (1-based row, column, facing N/E/S/W)")
      ("blue-start", po::value<std::string>(), "blue's start R,C,D");
  // clang-format on
}

std::optional<Starts> fixed_starts(const po::variables_map& values, const Maze& maze) {
  const bool red = values.count("red-start") != 0U;
  const bool blue = values.count("blue-start") != 0U;
  if (!red && !blue) return std::nullopt;
  if (red != blue) throw UsageError(red ? "--red-start needs --blue-start too" : "--blue-start needs --red-start too");
  const auto read = [&](const char* option) {
    const auto text = values[option].as<std::string>();
    const auto start = parse_start(text);
    if (!start) throw UsageError(std::string("--") + option + " '" + text + "': expected R,C,D such as 3,7,N");
    return *start;
  };
  const Starts starts{read("red-start"), read("blue-start")};
  if (const auto problem = starts_problem(maze, starts, default_min_start_distance2(maze.size()))) {
    throw UsageError(*problem);
  }
  return starts;
}

void add_drawing_options(po::options_description& options) {
  // clang-format off
  options.add_options()
      ("ascii", po::bool_switch(), "plain ASCII ('+', '-', '|') instead of box characters")
      ("color", po::value<std::string>()->default_value("auto"), "colour: auto|always|never");
  // clang-format on
}

report::DrawingStyle drawing_style_from(const po::variables_map& values) {
  const std::string color = values["color"].as<std::string>();
  if (color != "auto" && color != "always" && color != "never") {
    throw UsageError("--color must be auto, always or never, got '" + color + "'");
  }
  report::DrawingStyle style;
  style.unicode = !values["ascii"].as<bool>();
  style.color = color == "always" || (color == "auto" && ::isatty(STDOUT_FILENO) == 1);
  return style;
}

}  // namespace amazes::cli
