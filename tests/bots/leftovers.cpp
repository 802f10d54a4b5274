// Attack: what one player leaves for the next. Usage: leftovers leave|look K TOKEN TURNS.
// `leave` at turn K leaves everything a player could leave behind in a sandbox: a process of its
// own session that outlives it (named amazes-left, holding an abstract unix socket
// "@amazes-left-TOKEN" open), a file in /tmp (with a private /tmp) and in /dev/shm, a System V
// shared memory segment, semaphore set and message queue and a POSIX message queue, all under
// names made from TOKEN ("leave: WHAT: ok|error"); then it looks for them itself, as a check that
// each look can see what is there ("look: WHAT: found" expected). `look` at turn K only looks
// ("look: WHAT: found" or the error that says it is not there). Both play on.
#include <fcntl.h>
#include <mqueue.h>
#include <signal.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <dirent.h>
#include <cstring>
#include <fstream>
#include <functional>

#include "attack.hpp"

namespace {

// One System V key for the three kinds of object, made from the token.
key_t ipc_key(const std::string& token) {
  return static_cast<key_t>(0x41000000 | (std::hash<std::string>{}(token)&0xFFFFFF));
}

sockaddr_un abstract_address(const std::string& token, socklen_t& length) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  const std::string name = "amazes-left-" + token;
  std::memcpy(address.sun_path + 1, name.data(), name.size());  // sun_path[0] = 0: abstract
  length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + name.size());
  return address;
}

// The pid of a process named amazes-left that this process can see, or 0.
int left_process() {
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) return 0;
  int found = 0;
  while (dirent* entry = ::readdir(proc)) {
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
    std::ifstream comm(std::string("/proc/") + entry->d_name + "/comm");
    std::string name;
    if (std::getline(comm, name) && name == "amazes-left") found = std::atoi(entry->d_name);
  }
  ::closedir(proc);
  return found;
}

std::string found_or_error(bool found) { return found ? std::string("found") : std::strerror(errno); }

void look(const std::string& token) {
  const int pid = left_process();
  bot::report("look: process: " + (pid != 0 ? "found " + std::to_string(pid) : std::string("none")));
  struct stat st {};
  bot::report("look: tmp: " + found_or_error(::stat(("/tmp/amazes-left-" + token).c_str(), &st) == 0));
  bot::report("look: dev-shm: " + found_or_error(::stat(("/dev/shm/amazes-left-" + token).c_str(), &st) == 0));
  bot::report("look: sysv-shm: " + found_or_error(::shmget(ipc_key(token), 0, 0) >= 0));
  bot::report("look: sysv-sem: " + found_or_error(::semget(ipc_key(token), 0, 0) >= 0));
  bot::report("look: sysv-msg: " + found_or_error(::msgget(ipc_key(token), 0) >= 0));
  const mqd_t queue = ::mq_open(("/amazes-left-" + token).c_str(), O_RDONLY);
  bot::report("look: mqueue: " + found_or_error(queue != static_cast<mqd_t>(-1)));
  if (queue != static_cast<mqd_t>(-1)) ::mq_close(queue);
  const int socket = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  socklen_t length = 0;
  const sockaddr_un address = abstract_address(token, length);
  bot::report("look: abstract-socket: " +
              found_or_error(::connect(socket, reinterpret_cast<const sockaddr*>(&address), length) == 0));
  ::close(socket);
}

void leave(const std::string& token) {
  const auto create = [](const std::string& path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    const bool ok = fd >= 0 && ::write(fd, "left\n", 5) == 5;
    if (fd >= 0) ::close(fd);
    return ok;
  };
  bot::report("leave: tmp: " + bot::outcome(create("/tmp/amazes-left-" + token)));
  bot::report("leave: dev-shm: " + bot::outcome(create("/dev/shm/amazes-left-" + token)));
  const int shm = ::shmget(ipc_key(token), 4096, IPC_CREAT | 0666);
  if (shm >= 0) {
    void* memory = ::shmat(shm, nullptr, 0);
    if (memory != reinterpret_cast<void*>(-1)) std::memcpy(memory, "left", 5), ::shmdt(memory);
  }
  bot::report("leave: sysv-shm: " + bot::outcome(shm >= 0));
  bot::report("leave: sysv-sem: " + bot::outcome(::semget(ipc_key(token), 1, IPC_CREAT | 0666) >= 0));
  bot::report("leave: sysv-msg: " + bot::outcome(::msgget(ipc_key(token), IPC_CREAT | 0666) >= 0));
  const mqd_t queue = ::mq_open(("/amazes-left-" + token).c_str(), O_CREAT | O_RDWR, 0666, nullptr);
  bot::report("leave: mqueue: " + bot::outcome(queue != static_cast<mqd_t>(-1)));
  const int listener = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  socklen_t length = 0;
  const sockaddr_un address = abstract_address(token, length);
  const bool listening =
      ::bind(listener, reinterpret_cast<const sockaddr*>(&address), length) == 0 && ::listen(listener, 8) == 0;
  bot::report("leave: abstract-socket: " + bot::outcome(listening));
  // The process that stays: its own session, so that only the sandbox's end can reach it. It
  // says when it has its name (the look below looks for that name).
  int named[2];
  if (::pipe(named) != 0) named[0] = named[1] = -1;
  const pid_t child = ::fork();
  if (child == 0) {
    ::setsid();
    ::prctl(PR_SET_NAME, "amazes-left");
    [[maybe_unused]] auto n = ::write(named[1], "n", 1);
    for (;;) ::pause();
  }
  ::close(named[1]);
  char byte = 0;
  const bool started = child > 0 && ::read(named[0], &byte, 1) == 1;
  ::close(named[0]);
  bot::report("leave: process: " + bot::outcome(started));
  ::close(listener);  // the child holds it
  look(token);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = bot::arg_str(argc, argv, 1, "look");
  const int k = bot::arg_int(argc, argv, 2, 1);
  const std::string token = bot::arg_str(argc, argv, 3, "x");
  const int turns = bot::arg_int(argc, argv, 4, 150);
  return bot::play_and_attack(k, turns, [&] { mode == "leave" ? leave(token) : look(token); });
}
