#pragma once
// What a player's /dev holds under every isolation (the namespaces sandbox makes it, bubblewrap
// is told to): six device nodes, the links to its own descriptors and an empty, read-only shm
// folder; no pts or ptmx. The namespaces sandbox makes nodes of its own on its read-only root;
// bubblewrap binds the host's, which every player under it shares: anyone who may write a node
// may set its times (utimensat with no times; the host's /dev/null is writable by all), a mark
// every other player would read with stat, so the filter denies the calls that set times
// (seccomp_generator/denied_calls.hpp). Reading and writing a node changes nothing it keeps.
#include <array>

namespace amazes::arbiter {

struct DevNode {
  const char* name;
  unsigned major;
  unsigned minor;
};
inline constexpr std::array<DevNode, 6> kDevNodes = {
    {{"null", 1, 3}, {"zero", 1, 5}, {"full", 1, 7}, {"random", 1, 8}, {"urandom", 1, 9}, {"tty", 5, 0}}};

struct DevLink {
  const char* name;
  const char* target;
};
inline constexpr std::array<DevLink, 4> kDevLinks = {{{"fd", "/proc/self/fd"},
                                                      {"stdin", "/proc/self/fd/0"},
                                                      {"stdout", "/proc/self/fd/1"},
                                                      {"stderr", "/proc/self/fd/2"}}};

}  // namespace amazes::arbiter
