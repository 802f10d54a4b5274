#include "amazes/files/text_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "amazes/files/unique_fd.hpp"

namespace amazes::files {

namespace {
[[noreturn]] void fail(const std::filesystem::path& path, const std::string& what) {
  throw FileError(path.string() + ": " + what);
}
}  // namespace

namespace {
const char* file_type(mode_t mode) {
  if (S_ISDIR(mode)) return "is a directory";
  if (S_ISFIFO(mode)) return "is a FIFO";
  if (S_ISCHR(mode)) return "is a character device";
  if (S_ISBLK(mode)) return "is a block device";
  if (S_ISSOCK(mode)) return "is a socket";
  return "is not a regular file";
}
}  // namespace

std::string read_text_file(const std::filesystem::path& path, std::uintmax_t max_bytes) {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer. The type is then
  // checked on the open file itself, so nothing can be swapped in between.
  const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (!fd) fail(path, std::strerror(errno));
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) fail(path, std::strerror(errno));
  if (!S_ISREG(st.st_mode)) fail(path, std::string(file_type(st.st_mode)) + ", expected a regular file");
  const auto too_big = [&] {
    fail(path, "larger than " + std::to_string(max_bytes) + " bytes, the most this file may be (docs/formats.md §9)");
  };
  if (static_cast<std::uintmax_t>(st.st_size) > max_bytes) too_big();
  // The file may grow while it is read: never more than one byte past the bound.
  std::string text;
  text.resize(static_cast<std::size_t>(st.st_size) + 1);
  std::size_t got = 0;
  while (true) {
    if (got == text.size()) {
      if (got > max_bytes) too_big();
      text.resize(std::min<std::uintmax_t>(text.size() * 2 + 4096, max_bytes + 1));
    }
    const ssize_t n = ::read(fd.get(), text.data() + got, text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(path, std::string("read error: ") + std::strerror(errno));
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  if (got > max_bytes) too_big();
  text.resize(got);
  return text;
}

void write_file_atomically(const std::filesystem::path& path, std::string_view content, bool flush) {
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
  // Locked until it has its name: a judge that removes the temporaries left by killed writers
  // (remove_leftover_temporaries) must not take the file of a live one, such as a worker of
  // the same run elsewhere (a Slurm task) writing into the folder while its coordinator starts
  // again. The lock goes with the writer's death.
  ::flock(fd, LOCK_EX);
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
  if (flush && ::fsync(fd) != 0) {
    const std::string reason = std::strerror(errno);
    ::close(fd);
    ::unlink(temp.c_str());
    fail(path, "write failed: " + reason);
  }
  // Renamed while still open, so still locked.
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    ::close(fd);
    ::unlink(temp.c_str());
    fail(path, "rename failed: " + reason);
  }
  if (::close(fd) != 0) fail(path, std::string("write failed: ") + std::strerror(errno));
}

namespace {

// Creates the folder (and its parents) and a temporary file in it, then removes the file;
// a refusal names `named`, the file the command means to write.
void try_a_write_in(const std::filesystem::path& dir, const std::filesystem::path& named) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    std::filesystem::create_directories(dir, ec);
    if (ec) fail(named, "cannot make the folder " + dir.string() + ": " + ec.message());
  }
  std::string temp = (dir / ".amazes-write-check.tmp-XXXXXX").string();
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) fail(named, "cannot write in " + dir.string() + ": " + std::strerror(errno));
  ::close(fd);
  ::unlink(temp.c_str());
}

}  // namespace

void check_writable_file(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) fail(path, "is a directory, expected a file to write");
  try_a_write_in(path.has_parent_path() ? path.parent_path() : std::filesystem::path("."), path);
}

}  // namespace amazes::files
