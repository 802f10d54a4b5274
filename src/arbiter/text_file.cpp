#include "amazes/arbiter/text_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace amazes::arbiter {

namespace {
[[noreturn]] void fail(const std::filesystem::path& path, const std::string& what) {
  throw FileError(path.string() + ": " + what);
}
}  // namespace

std::string read_text_file(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) fail(path, "is a directory, expected a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path, std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) fail(path, "read error");
  return text.str();
}

void write_file_atomically(const std::filesystem::path& path, std::string_view content) {
  const auto dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) fail(dir, ec.message());
  // A hidden name beside the target: same file system, so the rename is atomic.
  std::string name = ".";
  name += path.filename().string();
  name += ".tmp-XXXXXX";
  std::string temp = (dir / name).string();
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) fail(path, std::string("cannot create a temporary file: ") + std::strerror(errno));
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string reason = std::strerror(errno);
      ::close(fd);
      ::unlink(temp.c_str());
      fail(path, "write failed: " + reason);
    }
    written += static_cast<std::size_t>(n);
  }
  // mkstemp makes the file 0600; results are meant to be read by others too.
  ::fchmod(fd, 0644);
  const bool synced = ::fsync(fd) == 0;
  const int sync_errno = errno;
  const bool closed = ::close(fd) == 0;
  if (!synced || !closed) {
    const std::string reason = std::strerror(synced ? errno : sync_errno);
    ::unlink(temp.c_str());
    fail(path, "write failed: " + reason);
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    ::unlink(temp.c_str());
    fail(path, "rename failed: " + reason);
  }
}

}  // namespace amazes::arbiter
