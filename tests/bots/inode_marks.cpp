// Attack: tries to leave a mark on a file that other players see too — the system's runtime, its
// own folder (the same for its copies in other games), the sandbox's /dev — where another
// player would read it with stat or getxattr: the file's times and its extended attributes.
// Usage: inode_marks K TURNS FILE... (at turn K, for each FILE)
//   "marks: FILE: utimensat: ok|ERRNO"   set its times to now (allowed to whoever may write it)
//   "marks: FILE: setxattr: ok|ERRNO"    set user.amazes on it
//   "marks: FILE: read moves atime: yes|no"   whether reading it changed its access time
// Then plays on.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "attack.hpp"

namespace {

std::string errno_or_ok(bool succeeded) { return succeeded ? "ok" : bot::errno_name(errno); }

timespec access_time(const std::string& file) {
  struct stat st {};
  ::stat(file.c_str(), &st);
  return st.st_atim;
}

}  // namespace

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const int turns = bot::arg_int(argc, argv, 2, 4);
  std::vector<std::string> files(argv + std::min(argc, 3), argv + argc);
  return bot::play_and_attack(k, turns, [&] {
    for (const auto& file : files) {
      const timespec before = access_time(file);
      const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
      char byte = 0;
      if (fd >= 0) {
        [[maybe_unused]] const auto n = ::read(fd, &byte, 1);
        ::close(fd);
      }
      const timespec after = access_time(file);
      const bool moved = before.tv_sec != after.tv_sec || before.tv_nsec != after.tv_nsec;
      bot::report("marks: " + file + ": read moves atime: " + (moved ? "yes" : "no"));
      bot::report("marks: " + file +
                  ": utimensat: " + errno_or_ok(::utimensat(AT_FDCWD, file.c_str(), nullptr, 0) == 0));
      bot::report("marks: " + file +
                  ": setxattr: " + errno_or_ok(::setxattr(file.c_str(), "user.amazes", "1", 1, 0) == 0));
    }
  });
}
