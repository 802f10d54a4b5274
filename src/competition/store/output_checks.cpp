#include "amazes/competition/output_checks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/competition/tournament_setup.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/files/zstd_text.hpp"

namespace amazes::competition {

namespace {

// A whole log ends with its closing brace (and a newline); a whole compressed log is a run of
// complete zstd frames. Reading the last bytes, or walking the frames' block headers of a file
// of a few kilobytes, is enough to see a log cut short, and cheap enough for every row of a
// large store.
bool is_a_whole_log(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return false;
  const std::streamoff size = in.tellg();
  if (size <= 0) return false;
  std::string head(4, '\0');
  in.seekg(0);
  in.read(head.data(), static_cast<std::streamsize>(std::min<std::streamoff>(size, 4)));
  if (files::is_zstd(head)) {
    if (static_cast<std::uintmax_t>(size) > files::kMaxMatchLogBytes) return false;  // it cannot be read
    std::string bytes(static_cast<std::size_t>(size), '\0');
    in.seekg(0);
    in.read(bytes.data(), size);
    return in.good() && files::zstd_frames_complete(bytes);
  }
  const std::streamoff tail = std::min<std::streamoff>(size, 16);
  std::string end(static_cast<std::size_t>(tail), '\0');
  in.seekg(size - tail);
  in.read(end.data(), tail);
  const auto last = end.find_last_not_of(" \n\r\t");
  return last != std::string::npos && end[last] == '}';
}

}  // namespace

void check_stored_logs(const ResultsStore& store, const std::filesystem::path& out_dir) {
  for (const auto& row : store.matches()) {
    if (row.log.empty()) continue;  // a forfeit (player_policy.hpp): never played, no log
    const auto log = out_dir / row.log;
    std::error_code error;
    if (!std::filesystem::is_regular_file(log, error)) {
      const bool there = std::filesystem::exists(log, error);
      throw StoreError(fmt::format("{}: the match log of stored game {} is {}; restore it, or use another --out",
                                   log.string(), row.id, there ? "not a regular file" : "missing"));
    }
    if (!is_a_whole_log(log)) {
      throw StoreError(fmt::format("{}: the match log of stored game {} is cut short; restore it, or use another --out",
                                   log.string(), row.id));
    }
  }
}

void refuse_logs_without_store(const std::filesystem::path& out_dir) {
  std::error_code error;
  int logs = 0;
  for (const auto& entry : std::filesystem::directory_iterator(out_dir / "matches", error)) {
    if (arbiter::is_log_file_name(entry.path().filename().string())) ++logs;
  }
  if (logs == 0) return;
  throw StoreError(
      fmt::format("{}: {} match log{} but no results store ({} is missing or empty); refusing to play "
                  "over them: restore the store, or use another --out",
                  (out_dir / "matches").string(), logs, logs == 1 ? "" : "s", store_path(out_dir).string()));
}

}  // namespace amazes::competition
