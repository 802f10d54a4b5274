// Plays correctly; at turn K (argv[1], default 1) runs a thread that burns argv[2] ms
// (default 100) of CPU and exits, joins it, then answers. The CPU clock must still count
// the time of that exited thread.
#include <time.h>

#include <chrono>
#include <thread>

#include "bot_protocol.hpp"

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const int ms = bot::arg_int(argc, argv, 2, 100);
  std::vector<std::string> lines;
  for (int turn = 1; bot::read_turn(lines); ++turn) {
    if (turn == k) {
      std::thread burner([ms] {
        // Busy until the thread's own CPU clock has advanced by `ms`.
        timespec start{}, now{};
        ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
        volatile unsigned long spin = 0;
        do {
          for (int i = 0; i < 100000; ++i) spin = spin + 1;
          ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
        } while ((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000 < ms);
      });
      burner.join();
    }
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
