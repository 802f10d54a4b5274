// amazes maze check: validates maze files against docs/rules.md §2 and prints their statistics.
#include <iostream>

#include "amazes/checker.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/printable.hpp"
#include "amazes/starts.hpp"
#include "command.hpp"
#include "data_directory.hpp"

namespace amazes::cli {

namespace {

// Checks one file; prints "FILE: ok …" or one line per problem. True when valid.
bool check_file(const std::string& given) {
  std::string path;
  MazeFile file;
  try {
    path = find_maze(given).string();
    file = parse_maze_for_check(files::read_text_file(path), path);
  } catch (const MazeParseError& error) {
    std::cout << printable(error.what()) << "\n";
    return false;
  } catch (const files::FileError& error) {
    std::cout << printable(error.what()) << "\n";
    return false;
  } catch (const MazeNotFound& error) {
    std::cout << printable(error.what()) << "\n";
    return false;
  }
  const auto stats = maze_statistics(file.maze);
  // Rule 1 from the reader (open outer edges were read as walls), the others from the checker.
  for (const auto& opening : file.open_outer_edges) {
    std::cout << opening.what() << " [rule " << rule_name(MazeRule::OuterWalls) << "]\n";
  }
  const auto violations = check_maze(file.maze);
  for (const auto& violation : violations) {
    std::cout << path << ": rule " << rule_name(violation.rule) << ": " << violation.detail << "\n";
  }
  bool starts_ok = true;
  if (file.starts) {
    if (const auto problem = starts_problem(file.maze, *file.starts, default_min_start_distance2(file.maze.size()))) {
      std::cout << path << ": starts: " << *problem << "\n";
      starts_ok = false;
    }
  }
  const bool valid = file.open_outer_edges.empty() && violations.empty() && starts_ok;
  std::cout << path << ": " << (valid ? "ok" : "INVALID") << " (" << stats.size << "x" << stats.size << ", openings "
            << stats.openings << ", loops " << stats.loops << ", dead ends " << stats.dead_ends;
  if (file.starts) {
    std::cout << ", starts " << format_start(file.starts->red) << " " << format_start(file.starts->blue);
  }
  std::cout << ")\n";
  return valid;
}

}  // namespace

int maze_check_command(const Args& args) {
  po::options_description options("Options");
  options.add_options()("file", po::value<std::vector<std::string>>(), "maze files to check");
  po::positional_options_description positionals;
  positionals.add("file", -1);
  const auto values = parse_options(
      "amazes maze check FILE...\n\n"
      "Exit status: 0 when every file is a valid maze, 1 otherwise.",
      options, positionals, args);
  if (!values) return kExitOk;
  if (values->count("file") == 0U) throw UsageError("no maze file given");
  bool all_valid = true;
  for (const auto& path : (*values)["file"].as<std::vector<std::string>>()) all_valid = check_file(path) && all_valid;
  return all_valid ? kExitOk : kExitFailure;
}

}  // namespace amazes::cli
