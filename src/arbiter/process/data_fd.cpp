#include "process/data_fd.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

namespace amazes::arbiter {

UniqueFd data_fd(std::string_view bytes, const char* name) {
  UniqueFd made(::memfd_create(name, MFD_CLOEXEC));
  if (!made) return {};
  for (std::size_t written = 0; written < bytes.size();) {
    const ssize_t n = ::write(made.get(), bytes.data() + written, bytes.size() - written);
    if (n < 0) return {};
    written += static_cast<std::size_t>(n);
  }
  if (::lseek(made.get(), 0, SEEK_SET) != 0) return {};
  return UniqueFd(::fcntl(made.get(), F_DUPFD_CLOEXEC, 10));
}

}  // namespace amazes::arbiter
