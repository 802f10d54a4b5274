// Attack: at turn K (argv[1]) lists /proc and reads the command line of every process it can
// see, and the environment of the judge by the pid it was given (argv[2]); reports
//   "proc: PID: COMMAND LINE" for each process seen, "proc: N processes",
//   "proc: the judge's environ: ok|error", "proc: /dev/tty: ok|error" (a controlling
// terminal would let it inject keystrokes), and what it is:
//   "proc: self: uid R E S F, gid R E S F, caps INHERITABLE PERMITTED EFFECTIVE BOUNDING",
//   "proc: cgroup: LINE" for each line of /proc/self/cgroup (the host's cgroup names, if shown),
//   "proc: /dev: NAME NAME …" what its /dev holds, sorted.
// Then plays on.
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

#include "attack.hpp"

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const pid_t judge = bot::arg_int(argc, argv, 2, 0);
  const int turns = bot::arg_int(argc, argv, 3, 150);
  return bot::play_and_attack(k, turns, [&] {
    // First: without a pid namespace the list below is long, and stderr is kept only so far.
    std::ifstream status("/proc/self/status");
    std::string uid, gid, caps;
    for (std::string line; std::getline(status, line);) {
      const auto value = [&] {
        std::string v = line.substr(line.find(':') + 1);
        std::replace(v.begin(), v.end(), '\t', ' ');
        return v.substr(v.find_first_not_of(' '));
      };
      if (line.rfind("Uid:", 0) == 0) uid = value();
      if (line.rfind("Gid:", 0) == 0) gid = value();
      if (line.rfind("CapInh:", 0) == 0 || line.rfind("CapPrm:", 0) == 0 || line.rfind("CapEff:", 0) == 0 ||
          line.rfind("CapBnd:", 0) == 0) {
        caps += (caps.empty() ? "" : " ") + value();
      }
    }
    bot::report("proc: self: uid " + uid + ", gid " + gid + ", caps " + caps);
    int seen = 0;
    if (DIR* proc = ::opendir("/proc")) {
      while (const dirent* entry = ::readdir(proc)) {
        const std::string name = entry->d_name;
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream in("/proc/" + name + "/cmdline", std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        std::string cmdline = text.str();
        std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
        bot::report("proc: " + name + ": " + cmdline);
        ++seen;
      }
      ::closedir(proc);
    }
    bot::report("proc: " + std::to_string(seen) + " processes");
    if (judge > 0) {
      const int fd = ::open(("/proc/" + std::to_string(judge) + "/environ").c_str(), O_RDONLY);
      bot::report("proc: the judge's environ: " + bot::outcome(fd >= 0));
      if (fd >= 0) ::close(fd);
    }
    std::ifstream cgroups("/proc/self/cgroup");
    for (std::string line; std::getline(cgroups, line);) bot::report("proc: cgroup: " + line);
    std::vector<std::string> nodes;
    if (DIR* dev = ::opendir("/dev")) {
      while (const dirent* entry = ::readdir(dev)) {
        if (entry->d_name[0] != '.') nodes.emplace_back(entry->d_name);
      }
      ::closedir(dev);
    }
    std::sort(nodes.begin(), nodes.end());
    std::string listing;
    for (const auto& node : nodes) listing += " " + node;
    bot::report("proc: /dev:" + listing);
    const int tty = ::open("/dev/tty", O_RDWR);
    bot::report("proc: /dev/tty: " + bot::outcome(tty >= 0));
    if (tty >= 0) ::close(tty);
  });
}
