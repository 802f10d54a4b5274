#pragma once
// The one way every sample bot that draws at random takes its seed: `--seed N` (or N alone) on
// its command line. Without one it uses its fixed default, so a game of sample bots is played
// again by the same commands. Standard C++ only, like the bots.
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace sample_bot {

inline std::uint64_t seed_option(int argc, char** argv, std::uint64_t fixed_default) {
  std::uint64_t seed = fixed_default;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--seed" && i + 1 < argc) {
      seed = std::strtoull(argv[++i], nullptr, 10);
    } else if (!arg.empty() && arg.find_first_not_of("0123456789") == std::string_view::npos) {
      seed = std::strtoull(argv[i], nullptr, 10);
    }
  }
  return seed;
}

}  // namespace sample_bot
