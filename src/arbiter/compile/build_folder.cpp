#include "compile/build_folder.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>

#include "amazes/files/unique_fd.hpp"
#include "amazes/printable.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string& what) { throw std::system_error(errno, std::generic_category(), what); }

constexpr int kMaxDepth = 16;
// A path inside the output, at most: a bot's files (a Java package's classes) need far less,
// and with the output folder's own path in front it stays below PATH_MAX (4,096), so no copy,
// removal or sandbox of the bot meets ENAMETOOLONG.
constexpr std::size_t kMaxPathBytes = 1024;

class OutputCopy {
 public:
  OutputCopy(std::uint64_t bytes, std::uint64_t entries) : max_bytes_(bytes), max_entries_(entries) {}

  void folder(int from, const fs::path& to, const fs::path& shown, int depth) {
    if (depth > kMaxDepth)
      throw std::runtime_error(
          fmt::format("{}... lies more than {} folders deep", printable(shown.native().substr(0, 60)), kMaxDepth));
    if (::mkdir(to.c_str(), 0755) != 0) fail("mkdir " + to.string());
    DIR* dir = ::fdopendir(::dup(from));
    if (dir == nullptr) fail("opendir " + shown.string());
    try {
      while (const dirent* entry = ::readdir(dir)) {
        const std::string name = entry->d_name;
        if (name == "." || name == "..") continue;
        one(from, name, to / name, shown / name, depth);
      }
    } catch (...) {
      ::closedir(dir);
      throw;
    }
    ::closedir(dir);
  }

  BuildOutput result() const { return out_; }

 private:
  void one(int from, const std::string& name, const fs::path& to, const fs::path& shown, int depth) {
    if (shown.native().size() > kMaxPathBytes) {
      throw std::runtime_error(
          fmt::format("a path longer than {} bytes: {}...", kMaxPathBytes, printable(shown.native().substr(0, 60))));
    }
    struct stat st {};
    if (::fstatat(from, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) fail("stat " + shown.string());
    if (++out_.entries > max_entries_) throw std::runtime_error(fmt::format("more than {} entries", max_entries_));
    if (S_ISDIR(st.st_mode)) {
      UniqueFd sub(::openat(from, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
      if (!sub) fail("open " + shown.string());
      folder(sub.get(), to, shown, depth + 1);
    } else if (S_ISREG(st.st_mode)) {
      file(from, name, to, shown, (st.st_mode & 0111) != 0 ? 0755 : 0644);
    } else if (out_.skipped.empty()) {
      out_.skipped = shown.string();
    }
  }

  void file(int from, const std::string& name, const fs::path& to, const fs::path& shown, mode_t mode) {
    UniqueFd in(::openat(from, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    if (!in) fail("open " + shown.string());
    struct stat st {};
    if (::fstat(in.get(), &st) != 0 || !S_ISREG(st.st_mode)) fail("stat " + shown.string());
    UniqueFd out(::open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode));
    if (!out) fail("create " + to.string());
    char buffer[1 << 16];
    while (true) {
      const ssize_t got = ::read(in.get(), buffer, sizeof buffer);
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) fail("read " + shown.string());
      if (got == 0) break;
      out_.bytes += static_cast<std::uint64_t>(got);
      if (out_.bytes > max_bytes_) throw std::runtime_error(fmt::format("more than {} bytes", max_bytes_));
      for (ssize_t done = 0; done < got;) {
        const ssize_t put = ::write(out.get(), buffer + done, static_cast<std::size_t>(got - done));
        if (put < 0 && errno == EINTR) continue;
        if (put < 0) fail("write " + to.string());
        done += put;
      }
    }
    if (::fchmod(out.get(), mode) != 0) fail("chmod " + to.string());  // whatever the umask
  }

  std::uint64_t max_bytes_;
  std::uint64_t max_entries_;
  BuildOutput out_;
};

}  // namespace

BuildOutput copy_build_output(const fs::path& build, const fs::path& output, std::uint64_t bytes,
                              std::uint64_t entries) {
  UniqueFd root(::open(build.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!root) fail("open " + build.string());
  OutputCopy copy(bytes, entries);
  copy.folder(root.get(), output, fs::path(), 0);
  return copy.result();
}

}  // namespace amazes::arbiter
