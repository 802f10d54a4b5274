// Attack: at turn K (argv[1]) tries to connect to 127.0.0.1:PORT (argv[2]) over TCP, to send it
// a UDP datagram, and to reach an address outside (192.0.2.1:80, TEST-NET-1); reports each try
// ("connect: WHAT: ok|error"). Then plays on.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>

#include "attack.hpp"

namespace {

sockaddr_in address(const char* ip, int port) {
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  ::inet_pton(AF_INET, ip, &a.sin_addr);
  return a;
}

// A TCP connection attempt, at most half a second.
std::string try_connect(const char* ip, int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  if (fd < 0) return std::string("socket: ") + std::strerror(errno);
  const sockaddr_in a = address(ip, port);
  std::string result;
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&a), sizeof a) == 0) {
    result = "ok";
  } else if (errno != EINPROGRESS) {
    result = std::strerror(errno);
  } else {
    pollfd p{fd, POLLOUT, 0};
    if (::poll(&p, 1, 500) <= 0) {
      result = "no answer";
    } else {
      int error = 0;
      socklen_t size = sizeof error;
      ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size);
      result = error == 0 ? "ok" : std::strerror(error);
    }
  }
  ::close(fd);
  return result;
}

}  // namespace

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const int port = bot::arg_int(argc, argv, 2, 80);
  const int turns = bot::arg_int(argc, argv, 3, 150);
  return bot::play_and_attack(k, turns, [&] {
    bot::report("connect: tcp 127.0.0.1:" + std::to_string(port) + ": " + try_connect("127.0.0.1", port));
    const int udp = ::socket(AF_INET, SOCK_DGRAM, 0);
    const sockaddr_in a = address("127.0.0.1", port);
    bot::report("connect: udp 127.0.0.1:" + std::to_string(port) + ": " +
                bot::outcome(::sendto(udp, "x", 1, 0, reinterpret_cast<const sockaddr*>(&a), sizeof a) == 1));
    ::close(udp);
    bot::report("connect: tcp 192.0.2.1:80: " + try_connect("192.0.2.1", 80));
  });
}
