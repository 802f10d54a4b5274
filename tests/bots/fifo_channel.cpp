// Attack: passes a TOKEN between two games that run at the same time through a FIFO in the
// bot's own folder (a contestant's archive may carry one, mode 0666): the folder is read-only in
// each sandbox, but a FIFO's bytes never touch the file system.
// Usage: fifo_channel write|read TOKEN TURNS
//   write  at turn 1 opens `pipe` beside its program for reading and writing (so that it does not wait for a
//          reader), writes TOKEN and keeps it open for the game
//   read   at each turn opens it without waiting and reads what is there, for up to a second
// Reports "fifo: open: ok|ERROR", "fifo: received TEXT" (the reader, when it read anything).
#include <fcntl.h>
#include <unistd.h>

#include <ctime>

#include "attack.hpp"

namespace {

std::string fifo_path() {
  char self[4096];
  const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
  std::string path(self, n > 0 ? static_cast<std::size_t>(n) : 0);
  return path.substr(0, path.rfind('/') + 1) + "pipe";
}

}  // namespace

int main(int argc, char** argv) {
  const bool writer = bot::arg_str(argc, argv, 1, "read") == "write";
  const std::string token = bot::arg_str(argc, argv, 2, "token");
  const int turns = bot::arg_int(argc, argv, 3, 4);
  int held = -1;
  std::vector<std::string> lines;
  for (int turn = 1; turn <= turns && bot::read_turn(lines); ++turn) {
    if (writer && turn == 1) {
      held = ::open(fifo_path().c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
      bot::report("fifo: open: " + bot::outcome(held >= 0));
      if (held >= 0) bot::write_all(held, token);
      const timespec stay{1, 0};  // on turn while the other game's reader looks
      ::nanosleep(&stay, nullptr);
    } else if (!writer) {
      const int fd = ::open(fifo_path().c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
      bot::report("fifo: open: " + bot::outcome(fd >= 0));
      std::string got;
      for (int tries = 0; fd >= 0 && got.empty() && tries < 100; ++tries) {
        char buffer[256];
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n > 0) got.assign(buffer, static_cast<std::size_t>(n));
        const timespec tick{0, 10000000};
        if (got.empty()) ::nanosleep(&tick, nullptr);
      }
      if (!got.empty()) bot::report("fifo: received " + got);
      if (fd >= 0) ::close(fd);
    }
    bot::answer(bot::move_for(lines));
  }
  if (held >= 0) ::close(held);
  return 0;
}
