#pragma once
// Numbers as the results store keeps them: text, so that every 64-bit seed is exact in SQLite.
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace amazes::competition {

inline std::string seed_text(std::uint64_t seed) { return std::to_string(seed); }

inline std::optional<std::uint64_t> parse_u64(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace amazes::competition
