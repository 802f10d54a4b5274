#include "amazes/competition/random_seed.hpp"

#include <sys/random.h>

#include <cerrno>
#include <system_error>

namespace amazes::competition {

std::uint64_t draw_random_seed() {
  // getrandom(2) reads the kernel's cryptographic generator (the one behind /dev/urandom),
  // seeded from hardware entropy and waiting until it is: nothing a bot can observe or
  // influence before its games (time, process ids, earlier seeds) predicts it, and 64 bits
  // cannot be searched from what a game shows of its maze.
  std::uint64_t seed = 0;
  ssize_t got = 0;
  do {
    got = ::getrandom(&seed, sizeof seed, 0);
  } while (got < 0 && errno == EINTR);
  if (got != static_cast<ssize_t>(sizeof seed)) {
    throw std::system_error(got < 0 ? errno : EIO, std::generic_category(), "getrandom: cannot draw a random seed");
  }
  return seed;
}

}  // namespace amazes::competition
