#pragma once
// Text from a file or a bot, made safe to print in one line on a terminal: control bytes
// (below 0x20, and 0x7f) become `\xNN`, so that an ESC sequence in a file cannot recolour or
// rewrite the user's terminal and a newline cannot split a one-line error message.
#include <string>
#include <string_view>

namespace amazes {

std::string printable(std::string_view text);

}  // namespace amazes
