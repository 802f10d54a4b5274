#pragma once
// The judge's data directory, where its bundled mazes are (mazes/, mazes/official/): for an
// installed judge <the program's folder>/../share/amazes (/usr/bin/amazes: /usr/share/amazes; a
// relocated install has its own), for a program of the build tree the source tree. A maze file
// or folder given by a relative path that does not exist from the working directory is looked
// up there, so that `amazes match --maze mazes/official/maze01.txt` works from any folder.
#include <filesystem>
#include <stdexcept>
#include <string>

namespace amazes::cli {

// A relative maze path found in neither place; what() names both.
class MazeNotFound : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Empty when /proc/self/exe cannot be read.
std::filesystem::path data_directory();

// `given` as it is when it is absolute or exists from the working directory, else
// `data_dir`/`given` when that exists. Throws MazeNotFound otherwise.
std::filesystem::path find_maze(const std::filesystem::path& given, const std::filesystem::path& data_dir);
std::filesystem::path find_maze(const std::filesystem::path& given);

// True when `path` lies in the data directory's mazes/. Those mazes are public (anyone has them
// with the judge), and an installed judge's lie under /usr, which every bot's sandbox shows:
// they are not kept from the bots.
bool is_bundled_maze(const std::filesystem::path& path, const std::filesystem::path& data_dir);
bool is_bundled_maze(const std::filesystem::path& path);

// True when `path` lies in the data directory's config/: the example configs every copy of the
// judge has (an installed judge's name its installed bots), as public as the bundled mazes.
bool is_bundled_config(const std::filesystem::path& path, const std::filesystem::path& data_dir);
bool is_bundled_config(const std::filesystem::path& path);

}  // namespace amazes::cli
