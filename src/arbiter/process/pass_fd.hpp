#pragma once
// One descriptor over a Unix socket (SCM_RIGHTS), both sides: system calls only, nothing
// allocated, so that a child between its clone and its exec may send (child_setup.cpp: the
// listener of its filter in front, which the judge receives: futex_wait_server.cpp).
#include <sys/socket.h>

#include <cerrno>
#include <cstring>

namespace amazes::arbiter {

// The one message both sides exchange: one byte, and room for one descriptor. On the stack,
// never copied (its header points into it).
struct FdMessage {
  FdMessage() {
    header.msg_iov = &data;
    header.msg_iovlen = 1;
    header.msg_control = control;
    header.msg_controllen = sizeof control;
  }
  FdMessage(const FdMessage&) = delete;
  FdMessage& operator=(const FdMessage&) = delete;

  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  char byte = 'F';
  iovec data{&byte, 1};
  msghdr header{};
};

// Sends `fd` as that message; 0 or errno.
inline int send_fd(int socket, int fd) {
  FdMessage message;
  cmsghdr* header = CMSG_FIRSTHDR(&message.header);
  header->cmsg_level = SOL_SOCKET;
  header->cmsg_type = SCM_RIGHTS;
  header->cmsg_len = CMSG_LEN(sizeof fd);
  std::memcpy(CMSG_DATA(header), &fd, sizeof fd);
  return ::sendmsg(socket, &message.header, MSG_NOSIGNAL) == 1 ? 0 : errno;
}

// Waits for that message and returns its descriptor (close-on-exec); -1 when the peer closed
// its end without sending one.
inline int receive_fd(int socket) {
  FdMessage message;
  ssize_t n;
  while ((n = ::recvmsg(socket, &message.header, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR) {
  }
  const cmsghdr* header = n > 0 ? CMSG_FIRSTHDR(&message.header) : nullptr;
  if (header == nullptr || header->cmsg_type != SCM_RIGHTS || header->cmsg_len != CMSG_LEN(sizeof(int))) return -1;
  int fd = -1;
  std::memcpy(&fd, CMSG_DATA(header), sizeof fd);
  return fd;
}

}  // namespace amazes::arbiter
