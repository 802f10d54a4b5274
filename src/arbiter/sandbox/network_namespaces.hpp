#pragma once
// The network namespaces of the judge's own namespaces sandbox (namespaces.hpp), used again
// once their player is gone.
//
// Why: a new network namespace is the dearest part of a player's start there (the kernel
// registers its sysctl tables, its loopback device and the state of every protocol, and as
// much again in a kernel thread when it is destroyed: docs/sandbox-speed.md).
//
// Why it is safe: every player gets a namespace no other running process is in. One that was
// used before is handed to a new player only once its player is gone (the sandbox gives it back
// when it is destroyed, which is after its player), and only if it holds no socket: the seccomp
// filter lets a player make Unix sockets only (seccomp_filter.hpp), so a namespace can keep
// nothing of a player but Unix sockets still bound (a socket alive in a descriptor cycle, until
// the kernel collects it), and those are listed in its /proc/net/unix. The pid-1 process of the
// next player looks there after joining it (namespace_is_empty) and makes a new namespace
// instead when anything is listed.
#include <sys/types.h>

#include <cstddef>

#include "amazes/files/unique_fd.hpp"

namespace amazes::arbiter {

// One player's network namespace: a used one taken from the judge's list when there is one, and
// the one the player ran in given back when the lease ends (only after the player is gone).
class NetworkLease {
 public:
  NetworkLease();
  ~NetworkLease();
  NetworkLease(const NetworkLease&) = delete;
  NetworkLease& operator=(const NetworkLease&) = delete;

  // The namespace for the child to join (it checks it is empty), or -1: the child makes one.
  int offered() const { return offered_.get(); }
  // After the start: `pid` (the sandbox's pid-1 process, alive) runs in the player's namespace,
  // the one to give back.
  void keep_namespace_of(pid_t pid);

 private:
  UniqueFd offered_;
  UniqueFd used_;
};

// In the child, just after it joined a used namespace: whether that namespace holds no socket
// (nothing but the header line in /proc/thread-self/net/unix). System calls only
// (launch_spec.hpp).
bool namespace_is_empty();

// How many namespaces were handed out again so far (for tests).
std::size_t network_namespaces_reused();

}  // namespace amazes::arbiter
