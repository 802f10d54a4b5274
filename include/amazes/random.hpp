#pragma once
// Reproducible randomness: the same seed gives the same mazes, starts and schedules on
// every machine. std::mt19937_64 is fully specified by the standard; the distributions of
// <random> are not, so every draw goes through the helpers below.
#include <cstdint>
#include <initializer_list>
#include <random>

namespace amazes {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}

  std::uint64_t next() { return engine_(); }

  // Uniform in [0, n), n > 0, by rejection of the biased top of the 64-bit range.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    std::uint64_t x = engine_();
    while (x >= limit) x = engine_();
    return x % n;
  }

  int below(int n) { return static_cast<int>(below(static_cast<std::uint64_t>(n))); }

  // Uniform in [0, 1) with 53 random bits.
  double unit() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }

 private:
  std::mt19937_64 engine_;
};

// SplitMix64 finaliser: a well-mixed 64-bit hash.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// A seed derived from a base seed and a path of numbers (e.g. competition seed, round,
// pair), so that every part of a schedule can be reproduced on its own.
constexpr std::uint64_t derive_seed(std::uint64_t base, std::initializer_list<std::uint64_t> parts) {
  std::uint64_t h = mix64(base);
  for (const auto p : parts) h = mix64(h ^ mix64(p));
  return h;
}

}  // namespace amazes
