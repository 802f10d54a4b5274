// The reuse of the namespaces sandbox's network namespaces (src/arbiter/network_namespaces.hpp):
// a namespace with a Unix socket still bound in it is seen as not empty (the next player then
// gets a new one), and one whose sockets are all closed is empty again. Real namespaces and
// sockets, made by a thread of this test (as root).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sched.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <string>
#include <thread>

#include "arbiter/sandbox/network_namespaces.hpp"
#include "support/sandbox_offer.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

struct Seen {
  bool unshared = false;
  bool fresh = false;
  bool with_listener = true;
  bool with_socketpair = true;
  bool after_close = false;
};

// In a thread of its own (a network namespace is a thread's): a new namespace, then what the
// check says of it with an abstract Unix listener, with an unbound socket pair, and after both
// are closed.
Seen look_in_a_new_namespace() {
  Seen seen;
  std::thread([&seen] {
    if (::unshare(CLONE_NEWNET) != 0) return;
    seen.unshared = true;
    seen.fresh = arbiter::namespace_is_empty();
    const int listener = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const std::string name = "amazes-netns-test-" + std::to_string(::getpid());
    std::memcpy(address.sun_path + 1, name.data(), name.size());  // sun_path[0] = 0: abstract
    const auto length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + name.size());
    if (::bind(listener, reinterpret_cast<sockaddr*>(&address), length) == 0 && ::listen(listener, 1) == 0) {
      seen.with_listener = arbiter::namespace_is_empty();
    }
    ::close(listener);
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) == 0) {
      seen.with_socketpair = arbiter::namespace_is_empty();
      ::close(pair[0]);
      ::close(pair[1]);
    }
    seen.after_close = arbiter::namespace_is_empty();
  }).join();
  return seen;
}

TEST(NetworkNamespaces, ASocketLeftInANamespaceKeepsItFromTheNextPlayer) {
  REQUIRE_SANDBOX("root");
  const Seen seen = look_in_a_new_namespace();
  ASSERT_TRUE(seen.unshared);
  EXPECT_TRUE(seen.fresh) << "a new namespace holds no socket";
  EXPECT_FALSE(seen.with_listener) << "a bound abstract socket must be seen";
  EXPECT_FALSE(seen.with_socketpair) << "an unbound pair is listed too, and counts";
  EXPECT_TRUE(seen.after_close) << "once closed, the namespace is empty again";
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
