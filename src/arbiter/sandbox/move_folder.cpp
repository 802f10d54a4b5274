#include "sandbox/move_folder.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <system_error>

#include <fmt/format.h>

#include "amazes/arbiter/sandbox_settings.hpp"
#include "amazes/files/unique_fd.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

// 0 when all of `bytes` went in; else the errno.
int write_all(int fd, const std::string& bytes) {
  for (std::size_t done = 0; done < bytes.size();) {
    const ssize_t put = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (put < 0 && errno == EINTR) continue;
    if (put < 0) return errno;
    done += static_cast<std::size_t>(put);
  }
  return 0;
}

// The input file's pages for `size` bytes and the room beyond, taken now, while the player is not
// running: its size stays (FALLOC_FL_KEEP_SIZE), so the player reads only the input.
void keep_room(int fd, std::size_t size) {
  // Right after a truncation the room is free again: only a folder not a tmpfs (no fallocate)
  // fails here, and then there is no room to keep.
  (void)::fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, static_cast<off_t>(std::max(size, kMoveInputRoom)));
}

std::string not_written(const std::string& name, std::size_t size, int error) {
  return fmt::format("{} ({} bytes) could not be written into its folder: {}", name, size, std::strerror(error));
}

}  // namespace

MoveFolder::MoveFolder(fs::path path, uid_t uid, std::string input)
    : folder_(std::move(path), uid, kMoveFolderMb * kMiB + kMoveInputRoom, kMoveFolderEntries + 1),
      input_(std::move(input)) {
  const fs::path to = folder_.path() / input_;
  const bool root = ::geteuid() == 0;
  // The judge's folder, the player's group's to write in; sticky, so the input stays the judge's.
  if (root && (::chown(folder_.path().c_str(), 0, uid) != 0 || ::chmod(folder_.path().c_str(), 01770) != 0)) {
    throw std::system_error(errno, std::generic_category(), "give " + folder_.path().string() + " to its player");
  }
  UniqueFd file(::open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0444));
  struct stat st {};
  if (!file || ::fchmod(file.get(), 0444) != 0 || ::fstat(file.get(), &st) != 0) {
    throw std::system_error(errno, std::generic_category(), "create " + to.string());
  }
  if (root) {
    input_inode_ = st.st_ino;
    keep_room(file.get(), 0);
  }
}

std::optional<std::string> MoveFolder::prepare_move(const std::string& bytes, const std::string& output) {
  // The program is not running: nothing changes under the judge while it works here.
  const fs::path answer = folder_.path() / output;
  std::error_code ec;
  fs::remove_all(answer, ec);  // a link itself, never what it names
  struct stat st {};
  if (::lstat(answer.c_str(), &st) == 0) {
    return fmt::format("its {} could not be removed: {}", output, ec ? ec.message() : "it is still there");
  }
  if (UniqueFd own = own_input()) return rewrite_input(own.get(), bytes);
  return recreate_input(bytes);
}

// The judge's own input file, open to be written; none when the file under its name is not that
// one (never as root: the folder is sticky) or there is none of the judge's (not root).
UniqueFd MoveFolder::own_input() const {
  if (input_inode_ == 0) return {};
  const fs::path to = folder_.path() / input_;
  UniqueFd file(::open(to.c_str(), O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  struct stat st {};
  if (!file || ::fstat(file.get(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_ino != input_inode_ ||
      st.st_uid != ::geteuid()) {
    return {};
  }
  return file;
}

// Rewritten in place, over the pages it has (its contents and its room): a shorter input frees
// the pages beyond it, which are taken again at once, a longer one beyond the room needs more.
std::optional<std::string> MoveFolder::rewrite_input(int fd, const std::string& bytes) const {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return not_written(input_, bytes.size(), errno);
  if (const int error = write_all(fd, bytes); error != 0) return not_written(input_, bytes.size(), error);
  if (static_cast<std::size_t>(st.st_size) > bytes.size()) {
    if (::ftruncate(fd, static_cast<off_t>(bytes.size())) != 0) return not_written(input_, bytes.size(), errno);
    keep_room(fd, bytes.size());
  }
  return std::nullopt;
}

// Whatever the player left under the input's name removed (a link itself, a folder with what it
// holds), and the input made anew.
std::optional<std::string> MoveFolder::recreate_input(const std::string& bytes) {
  const fs::path to = folder_.path() / input_;
  std::error_code ec;
  fs::remove_all(to, ec);
  UniqueFd file(::open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0444));
  if (!file) {
    const int error = errno;
    if (error == EEXIST) {
      return fmt::format("{} could not be made: what it left under that name could not be removed ({})", input_,
                         ec ? ec.message() : "it is still there");
    }
    return not_written(input_, bytes.size(), error);
  }
  if (const int error = write_all(file.get(), bytes); error != 0) return not_written(input_, bytes.size(), error);
  if (::fchmod(file.get(), 0444) != 0) return not_written(input_, bytes.size(), errno);
  struct stat st {};
  if (::geteuid() == 0 && ::fstat(file.get(), &st) == 0) {
    input_inode_ = st.st_ino;
    keep_room(file.get(), bytes.size());
  }
  return std::nullopt;
}

}  // namespace amazes::arbiter
