#include "sandbox/page_cache.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "amazes/files/unique_fd.hpp"

namespace amazes::arbiter {

std::string drop_page_cache() {
  ::sync();  // only clean pages are dropped
  const UniqueFd fd(::open("/proc/sys/vm/drop_caches", O_WRONLY | O_CLOEXEC));
  if (!fd) return std::string("/proc/sys/vm/drop_caches: ") + std::strerror(errno);
  if (::write(fd.get(), "1", 1) != 1) return std::string("/proc/sys/vm/drop_caches: ") + std::strerror(errno);
  return "";
}

}  // namespace amazes::arbiter
