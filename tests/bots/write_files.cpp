// Attack: at turn K (argv[1]) tries to create a file named amazes-attack-TOKEN (argv[2]) in its
// own directory, the working directory, $HOME, /tmp, /var/tmp and /dev/shm, and to make a
// directory in its own directory; reports each try ("write: PATH: ok|error"). Then plays on.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

#include "attack.hpp"

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const std::string name = "amazes-attack-" + bot::arg_str(argc, argv, 2, "x");
  const int turns = bot::arg_int(argc, argv, 3, 150);
  std::string own = argv[0];
  own = own.find('/') == std::string::npos ? "." : own.substr(0, own.rfind('/'));
  const char* home = std::getenv("HOME");
  return bot::play_and_attack(k, turns, [&] {
    for (const std::string& dir : {own, std::string("."), std::string(home != nullptr ? home : "/root"),
                                   std::string("/tmp"), std::string("/var/tmp"), std::string("/dev/shm")}) {
      const std::string path = dir + "/" + name;
      const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      std::string result = bot::outcome(fd >= 0);
      if (fd >= 0) {
        // Created: see whether data can be written too (the file-size limit).
        const ssize_t n = ::write(fd, "pwned\n", 6);
        if (n != 6) result = std::string("created, write failed: ") + std::strerror(errno);
        ::close(fd);
      }
      bot::report("write: " + path + ": " + result);
    }
    const std::string dir = own + "/" + name + ".d";
    bot::report("mkdir: " + dir + ": " + bot::outcome(::mkdir(dir.c_str(), 0755) == 0));
  });
}
