#include "amazes/competition/contest_name.hpp"

#include <fmt/format.h>

#include "submissions/name_characters.hpp"

namespace amazes::competition {

std::optional<std::string> contest_name_error(std::string_view name) {
  if (name.empty() || name.size() > kMaxContestNameBytes) {
    return fmt::format("must be 1 to {} bytes, not {}", kMaxContestNameBytes, name.size());
  }
  if (name.front() == ' ' || name.back() == ' ') return "must not start or end with a blank";
  for (std::string_view rest = name; !rest.empty();) {
    const auto byte = static_cast<unsigned char>(rest.front());
    if (byte < 0x80U) {
      if (byte < 0x20U || byte == 0x7fU) return "must be one line of visible characters (it holds a control character)";
      rest.remove_prefix(1);
      continue;
    }
    const NameCharacter c = name_character(rest);
    if (!c.allowed) return "must be visible characters (it holds invalid UTF-8 or an invisible character)";
    rest.remove_prefix(c.bytes);
  }
  return std::nullopt;
}

std::string titled(std::string_view name, std::string_view what) {
  return name.empty() ? std::string(what) : fmt::format("{}: {}", name, what);
}

}  // namespace amazes::competition
