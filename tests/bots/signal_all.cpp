// Attack: at turn K (argv[1]) sends SIGKILL to every process it can: kill(-1), every pid from 1
// to /proc/sys/kernel/pid_max (at most 65,536) but its own, and the judge by the pid it was
// given (argv[2]) and by its process group. Reports "signal: the judge: ok|error" and
// "signal: N pids took SIGKILL", then plays on (if it still can).
// It refuses (reports "signal: refused") when it runs as root outside a pid namespace of its
// own: run without a sandbox it would take the whole machine down.
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <fstream>

#include "attack.hpp"

constexpr int kSweepLimit = 1 << 16;

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const pid_t judge = bot::arg_int(argc, argv, 2, 0);
  const int turns = bot::arg_int(argc, argv, 3, 150);
  return bot::play_and_attack(k, turns, [&] {
    if (::geteuid() == 0 && ::getpid() > 10) {
      bot::report("signal: refused");
      return;
    }
    if (judge > 0) {
      bot::report("signal: the judge: " + bot::outcome(::kill(judge, SIGKILL) == 0));
      bot::report("signal: the judge's group: " + bot::outcome(::kill(-judge, SIGKILL) == 0));
    }
    bot::report("signal: kill(-1): " + bot::outcome(::kill(-1, SIGKILL) == 0));
    int pid_max = 32768;
    std::ifstream("/proc/sys/kernel/pid_max") >> pid_max;
    // Since Linux 6.14 pid_max is per pid namespace, and a new one (the sandbox's) starts at
    // 4,194,304: sweeping that many would take seconds and end as a timeout, which is not what
    // this attack is about. kill(-1) above already reaches whatever the sweep could.
    pid_max = std::min(pid_max, kSweepLimit);
    int hit = 0;
    for (pid_t pid = 1; pid <= pid_max; ++pid) {
      if (pid != ::getpid() && ::kill(pid, SIGKILL) == 0) ++hit;
    }
    bot::report("signal: " + std::to_string(hit) + " pids took SIGKILL");
  });
}
