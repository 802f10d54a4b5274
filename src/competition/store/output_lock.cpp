#include "amazes/competition/output_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace amazes::competition {
namespace {

int open_lock_file(const std::filesystem::path& out_dir) {
  std::error_code error;
  std::filesystem::create_directories(out_dir, error);
  if (error)
    throw std::runtime_error(fmt::format("{}: cannot create the directory: {}", out_dir.string(), error.message()));
  const auto path = out_dir / ".amazes.lock";
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error(fmt::format("{}: cannot open: {}", path.string(), std::strerror(errno)));
  return fd;
}

bool is_leftover_temporary(const std::string& name) {
  return name.size() > 1 && name.front() == '.' && name.find(".tmp-") != std::string::npos;
}

}  // namespace

std::optional<OutputLock> OutputLock::try_acquire(const std::filesystem::path& out_dir) {
  const int fd = open_lock_file(out_dir);
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    return std::nullopt;
  }
  return OutputLock(fd);
}

OutputLock OutputLock::acquire(const std::filesystem::path& out_dir) {
  // A judge killed a moment ago may still have a player between fork and exec holding a copy
  // of the lock's descriptor; it execs (closing it) or dies within milliseconds. So a busy
  // lock is tried again for a few seconds before the directory is called taken.
  auto lock = try_acquire(out_dir);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (!lock && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    lock = try_acquire(out_dir);
  }
  if (!lock) {
    throw OutputBusy(
        fmt::format("{}: another amazes run (a tournament or versus) is using this directory", out_dir.string()));
  }
  return std::move(*lock);
}

OutputLock::OutputLock(OutputLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

OutputLock& OutputLock::operator=(OutputLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

OutputLock::~OutputLock() {
  if (fd_ >= 0) ::close(fd_);
}

namespace {

// A live writer holds its temporary file locked until it has its final name
// (files::write_file_atomically); a killed one holds nothing.
bool being_written(const std::filesystem::path& temporary) {
  const int fd = ::open(temporary.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool locked = ::flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  ::close(fd);
  return locked;
}

}  // namespace

int remove_leftover_temporaries(const std::filesystem::path& out_dir) {
  int removed = 0;
  std::error_code error;
  std::vector<std::filesystem::path> dirs = {out_dir, out_dir / "matches"};
  for (const auto& entry : std::filesystem::directory_iterator(out_dir, error)) {
    if (entry.is_directory() && entry.path().filename().string().rfind("round-", 0) == 0) dirs.push_back(entry.path());
  }
  for (const auto& dir : dirs) {
    for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
      if (entry.is_regular_file() && is_leftover_temporary(entry.path().filename().string()) &&
          !being_written(entry.path())) {
        removed += std::filesystem::remove(entry.path(), error) ? 1 : 0;
      }
    }
  }
  return removed;
}

}  // namespace amazes::competition
