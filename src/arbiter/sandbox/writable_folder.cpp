#include "sandbox/writable_folder.hpp"

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <system_error>

#include <fmt/format.h>

#include "amazes/arbiter/private_mounts.hpp"
#include "amazes/files/unique_fd.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;

// Set once the judge has a mount namespace of its own: a tmpfs mounted there goes with it.
std::atomic<bool> private_mounts{false};

[[noreturn]] void fail(const std::string& what) { throw std::system_error(errno, std::generic_category(), what); }

void write_all(int fd, const std::string& bytes, const fs::path& to) {
  for (std::size_t done = 0; done < bytes.size();) {
    const ssize_t put = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (put < 0 && errno == EINTR) continue;
    if (put < 0) fail("write " + to.string());
    done += static_cast<std::size_t>(put);
  }
}

}  // namespace

std::string enter_private_mount_namespace() {
  if (private_mounts) return "";
  if (::unshare(CLONE_NEWNS) != 0) return fmt::format("unshare(CLONE_NEWNS): {}", std::strerror(errno));
  if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) {
    return fmt::format("making the judge's mounts private: {}", std::strerror(errno));
  }
  private_mounts = true;
  return "";
}

WritableFolder::WritableFolder(fs::path path, uid_t uid, std::uint64_t bytes, std::uint64_t entries)
    : path_(std::move(path)), uid_(uid) {
  if (::mkdir(path_.c_str(), 0700) != 0) fail("mkdir " + path_.string());
  if (private_mounts && ::geteuid() == 0) {
    const std::string options =
        fmt::format("size={},nr_inodes={},mode=0700,uid={},gid={}", bytes, entries + 1, uid, uid);
    if (::mount("tmpfs", path_.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, options.c_str()) != 0) {
      const int error = errno;
      ::rmdir(path_.c_str());
      throw std::system_error(error, std::generic_category(), "mount a tmpfs on " + path_.string());
    }
    mounted_ = true;
  }
  give_to(uid);
}

WritableFolder::~WritableFolder() {
  if (mounted_) ::umount2(path_.c_str(), MNT_DETACH);  // its files go with it
  std::error_code ec;
  fs::remove_all(path_, ec);
}

bool WritableFolder::full() const {
  struct statvfs st {};
  if (::statvfs(path_.c_str(), &st) != 0) return false;
  return mounted_ && (st.f_bavail == 0 || st.f_favail == 0);
}

void WritableFolder::give_to(uid_t uid) const {
  if (::geteuid() == 0 && ::chown(path_.c_str(), uid, uid) != 0) fail("chown " + path_.string());
}

void WritableFolder::write_in(const std::string& bytes, const std::string& file) const {
  const fs::path to = path_ / file;
  UniqueFd out(::open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0444));
  if (!out) fail("create " + to.string());
  write_all(out.get(), bytes, to);
  if (::geteuid() == 0 && ::fchown(out.get(), uid_, uid_) != 0) fail("chown " + to.string());
}

void WritableFolder::remove(const std::string& file) const {
  // The program is not running: nothing changes under the judge while it removes.
  std::error_code ec;
  fs::remove_all(path_ / file, ec);
}

void WritableFolder::replace(const std::string& file, const std::string& bytes) const {
  remove(file);
  const fs::path to = path_ / file;
  UniqueFd out(::open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644));
  if (!out) fail("create " + to.string());
  write_all(out.get(), bytes, to);
  if (::fchmod(out.get(), 0644) != 0) fail("chmod " + to.string());  // whatever the umask
}

std::optional<std::string> WritableFolder::read_start(const std::string& file, std::size_t limit) const {
  const fs::path from = path_ / file;
  UniqueFd in(::open(from.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (!in) return std::nullopt;
  struct stat st {};
  if (::fstat(in.get(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  std::string text(limit, '\0');
  std::size_t got = 0;
  while (got < limit) {
    const ssize_t n = ::read(in.get(), text.data() + got, limit - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);
  return text;
}

}  // namespace amazes::arbiter
