#include "sandbox/network_namespaces.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <mutex>
#include <string>
#include <vector>

namespace amazes::arbiter {

namespace {

// Enough for the players of many matches at once; more are closed (each holds kernel memory).
constexpr std::size_t kKept = 64;

std::mutex list_mutex;
std::vector<UniqueFd>& free_list() {
  static auto* const list = new std::vector<UniqueFd>();  // never destroyed: used until exit
  return *list;
}
std::atomic<std::size_t> reused{0};

// Whether the file holds more than its header line.
bool lists_something(const char* path) {
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return true;  // cannot tell: not empty
  char buffer[512];
  bool header_done = false;
  bool more = false;
  while (!more) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0) {
      more = true;
      break;
    }
    if (n == 0) break;
    for (ssize_t i = 0; i < n; ++i) {
      if (header_done) {
        more = true;
        break;
      }
      if (buffer[i] == '\n') header_done = true;
    }
  }
  ::close(fd);
  return more;
}

}  // namespace

NetworkLease::NetworkLease() {
  std::lock_guard lock(list_mutex);
  auto& list = free_list();
  if (list.empty()) return;
  offered_ = std::move(list.back());
  list.pop_back();
}

NetworkLease::~NetworkLease() {
  // The one its player ran in; or, when no player was started, the one it was offered (joined
  // by nobody, or by a child that failed before making anything in it).
  UniqueFd back = used_ ? std::move(used_) : std::move(offered_);
  if (!back) return;
  std::lock_guard lock(list_mutex);
  auto& list = free_list();
  if (list.size() < kKept) list.push_back(std::move(back));
}

void NetworkLease::keep_namespace_of(pid_t pid) {
  // The child may have made a new one instead of the offered one (it was not empty).
  const std::string path = "/proc/" + std::to_string(pid) + "/ns/net";
  used_.reset(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  struct stat used {};
  struct stat offered {};
  if (used_ && offered_ && ::fstat(used_.get(), &used) == 0 && ::fstat(offered_.get(), &offered) == 0 &&
      used.st_ino == offered.st_ino && used.st_dev == offered.st_dev) {
    ++reused;
  }
  offered_.reset();
}

bool namespace_is_empty() {
  // Unix sockets only: the filter lets a player make no other kind (and /proc/net/tcp, which
  // walks the machine's whole connection table, is slow to read).
  return !lists_something("/proc/thread-self/net/unix");
}

std::size_t network_namespaces_reused() { return reused.load(); }

}  // namespace amazes::arbiter
