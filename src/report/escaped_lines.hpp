#pragma once
// A bot's text (its stderr, its unsolicited output) as lines safe for a terminal.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "amazes/printable.hpp"

namespace amazes::report {

// The text split into lines (a last line without '\n' counts), each escaped (printable).
inline std::vector<std::string> escaped_lines(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    lines.push_back(printable(text.substr(start, end - start)));
    start = end + 1;
  }
  return lines;
}

}  // namespace amazes::report
