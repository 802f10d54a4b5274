#include "data_directory.hpp"

#include <fmt/format.h>

namespace amazes::cli {

namespace {

namespace fs = std::filesystem;

bool inside(const fs::path& path, const fs::path& folder) {
  const fs::path relative = path.lexically_relative(folder);
  return !relative.empty() && *relative.begin() != "..";
}

fs::path real(const fs::path& path) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(path, ec);
  const fs::path resolved = fs::weakly_canonical(absolute, ec);
  return ec ? absolute.lexically_normal() : resolved;
}

}  // namespace

fs::path data_directory() {
  std::error_code ec;
  const fs::path program = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  // Set by CMake for this file only: the build tree has no share/amazes beside it.
  if (inside(program, real(AMAZES_BUILD_TREE))) return AMAZES_SOURCE_TREE;
  return (program.parent_path() / AMAZES_DATA_FROM_BIN).lexically_normal();  // ../share/amazes
}

fs::path find_maze(const fs::path& given, const fs::path& data_dir) {
  std::error_code ec;
  if (given.is_absolute() || fs::exists(given, ec)) return given;
  if (!data_dir.empty() && fs::exists(data_dir / given, ec)) return data_dir / given;
  const fs::path cwd = fs::current_path(ec);
  throw MazeNotFound(fmt::format(
      "{}: no such file or folder in the working directory ({}) nor in the judge's data "
      "directory ({})",
      given.string(), cwd.string(), data_dir.empty() ? "unknown: /proc/self/exe cannot be read" : data_dir.string()));
}

fs::path find_maze(const fs::path& given) { return find_maze(given, data_directory()); }

bool is_bundled_maze(const fs::path& path, const fs::path& data_dir) {
  return !data_dir.empty() && inside(real(path), real(data_dir / "mazes"));
}

bool is_bundled_maze(const fs::path& path) { return is_bundled_maze(path, data_directory()); }

bool is_bundled_config(const fs::path& path, const fs::path& data_dir) {
  return !data_dir.empty() && inside(real(path), real(data_dir / "config"));
}

bool is_bundled_config(const fs::path& path) { return is_bundled_config(path, data_directory()); }

}  // namespace amazes::cli
