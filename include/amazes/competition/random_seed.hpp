#pragma once
// A seed nobody can know in advance, for games played without --seed: the mazes of a seed a
// bot can expect are mazes it can ship with solved.
#include <cstdint>

namespace amazes::competition {

// 64 bits from the kernel's random source. Throws std::system_error when it cannot be read.
std::uint64_t draw_random_seed();

}  // namespace amazes::competition
