#include "bundled_players.hpp"

namespace amazes::cli {

namespace fs = std::filesystem;

fs::path bundled_player(std::string_view folder, std::string_view name) {
  std::error_code ec;
  const fs::path program = fs::read_symlink("/proc/self/exe", ec);
  const fs::path beside = program.parent_path() / folder / name;
  if (fs::exists(beside, ec)) return beside;
  return (program.parent_path() / ".." / "lib" / "amazes" / folder / name).lexically_normal();
}

}  // namespace amazes::cli
