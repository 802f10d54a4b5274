#include "sandbox/fifo_check.hpp"

#include <fmt/format.h>

namespace amazes::arbiter {

namespace fs = std::filesystem;

namespace {

std::string refusal(const fs::path& fifo) {
  return fmt::format(
      "{} is a FIFO: its games that run at the same time could pass bytes through it (a bot's folder holds no "
      "FIFO; remove it)",
      fifo.string());
}

}  // namespace

std::optional<std::string> fifo_in_bound_files(const std::vector<fs::path>& bound) {
  for (const fs::path& top : bound) {
    std::error_code ec;
    if (fs::symlink_status(top, ec).type() == fs::file_type::fifo) return refusal(top);
    if (!fs::is_directory(fs::symlink_status(top, ec))) continue;
    for (fs::recursive_directory_iterator it(top, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
      if (it->symlink_status(ec).type() == fs::file_type::fifo) return refusal(it->path());
    }
  }
  return std::nullopt;
}

}  // namespace amazes::arbiter
