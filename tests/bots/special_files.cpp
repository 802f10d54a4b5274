// Attack: at turn K (argv[1]) tries what the files of its own folder and of /proc could give a
// program that runs privileged or opens what it must not, and reports on stderr:
//   "special: device DEVICE: ok|error"  — reads a byte of a device node its archive carried
//                                         (argv[2]; a disk's node would show the host's disk);
//   "special: setuid: euid N"           — runs a set-user-ID-root program of its folder
//                                         (argv[3], a copy of `id`) and reads its effective UID;
//   "special: write PATH: ok|error"     — opens /proc/sys/kernel/core_pattern and
//                                         /proc/sys/vm/swappiness for writing (a UID 0 that
//                                         could would run a helper of its as the host's root);
//   "special: mount /proc: FLAGS"       — the mount flags of its /proc, from mountinfo.
// Then plays on. argv[4]: its last turn.
#include <fcntl.h>
#include <sys/wait.h>

#include <fstream>
#include <sstream>

#include "attack.hpp"

namespace {

void open_device(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK);
  char byte = 0;
  const bool ok = fd >= 0 && ::read(fd, &byte, 1) >= 0;
  bot::report("special: device " + path + ": " + bot::outcome(ok));
  if (fd >= 0) ::close(fd);
}

void run_setuid(const std::string& program) {
  int out[2];
  if (::pipe(out) != 0) return;
  const pid_t child = ::fork();
  if (child == 0) {
    ::dup2(out[1], 1);
    ::close(out[0]);
    const char* argv[] = {program.c_str(), "-u", nullptr};
    ::execv(program.c_str(), const_cast<char* const*>(argv));
    ::_exit(127);
  }
  ::close(out[1]);
  char buffer[64] = {};
  const ssize_t n = ::read(out[0], buffer, sizeof buffer - 1);
  ::close(out[0]);
  ::waitpid(child, nullptr, 0);
  std::string euid = n > 0 ? std::string(buffer, static_cast<std::size_t>(n)) : "nothing";
  if (!euid.empty() && euid.back() == '\n') euid.pop_back();
  bot::report("special: setuid: euid " + euid);
}

void write_proc(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY);
  bot::report("special: write " + path + ": " + bot::outcome(fd >= 0));
  if (fd >= 0) ::close(fd);  // nothing written: opening is the attack's whole first step
}

void proc_flags() {
  std::ifstream mountinfo("/proc/self/mountinfo");
  for (std::string line; std::getline(mountinfo, line);) {
    std::istringstream fields(line);
    std::string id, parent, device, root, point, flags;
    fields >> id >> parent >> device >> root >> point >> flags;
    if (point == "/proc") bot::report("special: mount /proc: " + flags);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const std::string device = bot::arg_str(argc, argv, 2, "");
  const std::string setuid = bot::arg_str(argc, argv, 3, "");
  const int turns = bot::arg_int(argc, argv, 4, 150);
  return bot::play_and_attack(k, turns, [&] {
    if (!device.empty()) open_device(device);
    if (!setuid.empty()) run_setuid(setuid);
    write_proc("/proc/sys/kernel/core_pattern");
    write_proc("/proc/sys/vm/swappiness");
    proc_flags();
  });
}
