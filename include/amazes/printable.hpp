#pragma once
// Text from a file or a bot, made safe to print in one line on a terminal: control bytes
// (below 0x20, and 0x7f) become `\xNN`, so that an ESC sequence in a file cannot recolour or
// rewrite the user's terminal and a newline cannot split a one-line error message.
#include <cstddef>
#include <string>
#include <string_view>

namespace amazes {

std::string printable(std::string_view text);

// A bot's bytes in a one-line message: printable, in double quotes, cut after `max` bytes with
// "..." (the log keeps them whole).
inline constexpr std::size_t kQuotedMax = 60;
std::string quoted_printable(std::string_view raw, std::size_t max = kQuotedMax);

}  // namespace amazes
