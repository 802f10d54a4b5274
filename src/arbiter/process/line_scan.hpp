#pragma once
// Where the first line of a player's output ends, decided as early as the rules allow
// (docs/rules.md §4.2.1, §4.3): a line is at most `max_line` characters before '\n', a single '\r'
// before the '\n' not counted; `too_long` is decided at character max_line + 1 without
// waiting for a newline — unless that character is a '\r', which may still be the tolerated
// one, so the character after it decides.
#include <cstddef>
#include <string_view>

namespace amazes::arbiter {

struct LineScan {
  enum class Kind { NeedMore, Line, TooLong };
  Kind kind = Kind::NeedMore;
  // Line: characters before the '\n' (a '\r' included). TooLong: characters that decided it.
  std::size_t length = 0;
};

constexpr LineScan scan_line(std::string_view buffer, std::size_t max_line) {
  const std::size_t window = max_line + 2;  // 256 characters, a '\r', the '\n'
  const std::size_t newline = buffer.substr(0, window).find('\n');
  const bool cr_at_limit = buffer.size() > max_line && buffer[max_line] == '\r';
  const std::size_t too_long_length = cr_at_limit ? max_line + 2 : max_line + 1;
  if (newline != std::string_view::npos) {
    if (newline <= max_line || (newline == max_line + 1 && cr_at_limit)) return {LineScan::Kind::Line, newline};
    return {LineScan::Kind::TooLong, too_long_length};
  }
  if (buffer.size() > max_line + 1 || (buffer.size() == max_line + 1 && !cr_at_limit)) {
    return {LineScan::Kind::TooLong, too_long_length};
  }
  return {LineScan::Kind::NeedMore, 0};
}

}  // namespace amazes::arbiter
