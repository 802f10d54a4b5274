// Attack: at turn K (argv[1]) allocates 4 GiB and touches every page. argv[2]:
//   report — with malloc; a failure is reported ("alloc: 4 GiB: failed") and the bot plays on;
//   crash  — with new; a failure is an uncaught std::bad_alloc (abort).
// When the allocation succeeds the bot reports "alloc: 4 GiB: ok" (and has used the memory).
#include <cstdlib>
#include <cstring>

#include "attack.hpp"

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const std::string mode = bot::arg_str(argc, argv, 2, "report");
  const int turns = bot::arg_int(argc, argv, 3, 150);
  constexpr std::size_t kSize = std::size_t{4} << 30;
  return bot::play_and_attack(k, turns, [&] {
    char* memory = mode == "crash" ? new char[kSize] : static_cast<char*>(std::malloc(kSize));
    if (memory == nullptr) {
      bot::report("alloc: 4 GiB: failed");
      return;
    }
    for (std::size_t i = 0; i < kSize; i += 4096) memory[i] = 1;
    bot::report("alloc: 4 GiB: ok");
    if (mode == "crash") {
      delete[] memory;
    } else {
      std::free(memory);
    }
  });
}
