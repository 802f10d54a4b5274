// A contestant's private token: what makes their private page's address unguessable. It comes
// from the kernel's random source, never from the competition seed (which is published).
#include <sys/random.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "amazes/report/site.hpp"

namespace amazes::report {

bool every_contestant_has_a_token(const competition::ResultsStore& store) {
  for (const auto& player : store.players()) {
    if (!store.meta(kSiteTokenKeyPrefix + player.name)) return false;
  }
  return true;
}

std::string new_site_token() {
  std::array<unsigned char, 16> bytes{};
  std::size_t got = 0;
  while (got < bytes.size()) {
    const ssize_t n = ::getrandom(bytes.data() + got, bytes.size() - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw std::runtime_error(std::string("cannot draw a private page token: ") + std::strerror(errno));
    got += static_cast<std::size_t>(n);
  }
  std::string token;
  for (const unsigned char byte : bytes) token += fmt::format("{:02x}", byte);
  return token;
}

}  // namespace amazes::report
