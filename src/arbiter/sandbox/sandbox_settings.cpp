#include "amazes/arbiter/sandbox_settings.hpp"

#include <charconv>

namespace amazes::arbiter {

std::string_view sandbox_mode_name(SandboxMode mode) {
  switch (mode) {
    case SandboxMode::Auto: return "auto";
    case SandboxMode::Namespaces: return "namespaces";
    case SandboxMode::Bwrap: return "bwrap";
    case SandboxMode::None: return "none";
  }
  return "?";
}

std::optional<SandboxMode> sandbox_mode_from_name(std::string_view name) {
  for (const SandboxMode mode : {SandboxMode::Auto, SandboxMode::Namespaces, SandboxMode::Bwrap, SandboxMode::None}) {
    if (name == sandbox_mode_name(mode)) return mode;
  }
  return std::nullopt;
}

std::string uid_range_text(const UidRange& range) {
  return std::to_string(range.first) + "-" + std::to_string(range.last);
}

std::optional<UidRange> uid_range_from_text(std::string_view text) {
  const std::size_t dash = text.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  const auto number = [](std::string_view digits) -> std::optional<uid_t> {
    uid_t value = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || error != std::errc{} || end != digits.data() + digits.size()) return std::nullopt;
    return value;
  };
  const auto first = number(text.substr(0, dash));
  const auto last = number(text.substr(dash + 1));
  // uid_t(-1) means "no change" to setresuid; 0 is root.
  if (!first || !last || *first == 0 || *first > *last || *last == static_cast<uid_t>(-1)) return std::nullopt;
  return UidRange{*first, *last};
}

}  // namespace amazes::arbiter
