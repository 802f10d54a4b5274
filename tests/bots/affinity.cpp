// A polite bot that first writes the CPUs it may run on to stderr, as the kernel lists them
// ("Cpus_allowed_list:\t0-1"), for the tests of arbiter/cpu_pin.hpp.
#include <fstream>

#include "bot_protocol.hpp"

int main() {
  std::ios::sync_with_stdio(false);
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("Cpus_allowed_list:", 0) == 0) bot::write_all(2, line + "\n");
  }
  std::vector<std::string> lines;
  for (int turn = 1; turn <= 150 && bot::read_turn(lines); ++turn) bot::answer(bot::move_for(lines));
  return 0;
}
